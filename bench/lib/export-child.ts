/**
 * One export in a process of its own, for the export cases:
 * `node --import tsx bench/lib/export-child.ts <app|plain> <database> <target.xlsx>`. Opens the cache, runs the app's
 * exporter or the exceljs baseline once, and prints one JSON line ({@link ExportChildResult}) with this process's
 * peak RSS, so each figure holds only its own export's memory (plus Node, tsx and the loaded modules).
 */
import { statSync } from 'node:fs';
import { openCache } from '../../src/core/cache';
import { exportPlain, exportWithApp } from '../cases/export';

/** What the process prints. */
export interface ExportChildResult {
  ms: number;
  rows: number;
  bytes: number;
  peakRssMb: number;
}

async function main(): Promise<void> {
  const [which, dbPath, targetPath] = process.argv.slice(2);
  if ((which !== 'app' && which !== 'plain') || dbPath === undefined || targetPath === undefined) {
    throw new Error('usage: bench/lib/export-child.ts <app|plain> <database> <target.xlsx>');
  }
  const { cache } = openCache({ path: dbPath });
  try {
    const run = which === 'app' ? await exportWithApp(cache, targetPath) : await exportPlain(cache, targetPath);
    const result: ExportChildResult = { ms: run.ms, rows: run.rows, bytes: statSync(targetPath).size, peakRssMb: process.resourceUsage().maxRSS / 1024 };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    cache.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
