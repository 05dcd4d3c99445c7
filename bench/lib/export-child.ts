/**
 * One export in a process of its own, for the export cases: `bench/lib/export-child.ts <app|plain> <database>
 * <target.xlsx>`, run bundled by `runJsonChild`. Opens the cache, runs the app's exporter or the exceljs baseline
 * once, and prints one JSON line ({@link ExportChildResult}) with this process's peak RSS, so each figure holds only
 * its own export's memory (plus Node and the bundled modules).
 */
import { statSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { openCache, type SalesCache } from '../../src/core/cache';
import { exportFromCache } from '../../src/core/export';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMN_LABELS } from '../../src/shared/export-columns';
import type { CachedSale } from '../../src/shared/sales-query-types';
import { BENCH_ACCOUNT } from './case';
import { timed } from './timing';

/** What the process prints. */
export interface ExportChildResult {
  ms: number;
  rows: number;
  bytes: number;
  peakRssMb: number;
}

const SORT = { column: 'transactionDate', direction: 'asc' } as const;

function day(iso: string | null): Date | null {
  return iso === null ? null : new Date(`${iso}T00:00:00Z`);
}

/** The cell values of the default export columns, as plain values (no formats, no links). */
function cells(sale: CachedSale): (string | number | Date | null)[] {
  return DEFAULT_EXPORT_COLUMNS.map((column) => {
    switch (column) {
      case 'transactionDate':
        return day(sale.transactionDate);
      case 'paymentDate':
        return day(sale.paymentDate);
      default: {
        const value = (sale as unknown as Record<string, string | number | null>)[column];
        return value ?? null;
      }
    }
  });
}

/** The app's export of every sale of the bench account; resolves with rows written and wall time. */
async function exportWithApp(
  cache: SalesCache,
  targetPath: string,
): Promise<{ ms: number; rows: number; bytes: number }> {
  const { ms, value } = await timed(() =>
    exportFromCache({
      cache,
      account: BENCH_ACCOUNT,
      accountLabel: 'Bench account',
      baseUrl: 'https://bench.invalid',
      request: { filter: {}, format: 'xlsx' },
      targetPath,
      appVersion: '0.0.0-bench',
    }),
  );
  return { ms, rows: value.rowCount, bytes: statSync(targetPath).size };
}

/** The baseline: exceljs streaming WorkbookWriter, same rows from the same cache iterator, default columns, no styles, one sheet. */
async function exportPlain(cache: SalesCache, targetPath: string): Promise<{ ms: number; rows: number }> {
  const { ms, value } = await timed(async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: targetPath,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Sales');
    sheet.addRow(DEFAULT_EXPORT_COLUMNS.map((c) => EXPORT_COLUMN_LABELS[c])).commit();
    let rows = 0;
    for (const sale of cache.iterateSales(BENCH_ACCOUNT, { sort: SORT })) {
      sheet.addRow(cells(sale)).commit();
      rows += 1;
    }
    sheet.commit();
    await workbook.commit();
    return rows;
  });
  return { ms, rows: value };
}

async function main(): Promise<void> {
  const [which, dbPath, targetPath] = process.argv.slice(2);
  if ((which !== 'app' && which !== 'plain') || dbPath === undefined || targetPath === undefined) {
    throw new Error('usage: bench/lib/export-child.ts <app|plain> <database> <target.xlsx>');
  }
  const { cache } = openCache({ path: dbPath, browsing: false });
  try {
    const run = which === 'app' ? await exportWithApp(cache, targetPath) : await exportPlain(cache, targetPath);
    const result: ExportChildResult = {
      ms: run.ms,
      rows: run.rows,
      bytes: statSync(targetPath).size,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    cache.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
