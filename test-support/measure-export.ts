/**
 * Measures one export from a cache file in this process, so its peak memory is the export's alone: the test of a
 * 100,000-sale export runs it as a child process, and the million-sale figure is taken by hand with it. Prints one
 * JSON line: rows written, seconds, peak resident memory in MB.
 *
 *   npx tsx test-support/measure-export.ts --db /tmp/sales.sqlite --out /tmp/sales.xlsx [--account bench]
 *       [--format xlsx|csv] [--preset earned|payments|all --from yyyy-mm-dd --to yyyy-mm-dd]
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { EXPORT_FORMATS, EXPORT_PRESET_IDS } from '../src/shared/export-presets';
import { openCache } from '../src/core/cache';
import { exportFromCache } from '../src/core/export';

const optionsSchema = z.strictObject({
  db: z.string().min(1),
  out: z.string().min(1),
  account: z.string().min(1).default('bench'),
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  preset: z.enum(EXPORT_PRESET_IDS).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      out: { type: 'string' },
      account: { type: 'string' },
      format: { type: 'string' },
      preset: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
    },
  });
  const options = optionsSchema.parse(values);
  const { cache } = openCache({ path: options.db });
  const started = performance.now();
  const filter = { ...(options.from ? { from: options.from } : {}), ...(options.to ? { to: options.to } : {}) };
  const outcome = await exportFromCache({
    cache,
    account: options.account,
    accountLabel: 'Benchmark',
    baseUrl: 'https://bench.invalid',
    request: { filter, format: options.format, ...(options.preset ? { preset: options.preset } : {}) },
    targetPath: options.out,
    appVersion: 'measure',
  });
  cache.close();
  const seconds = (performance.now() - started) / 1000;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(
    `${JSON.stringify({ rows: outcome.rowCount, seconds: Number(seconds.toFixed(2)), peakRssMb: Math.round(peakRssMb) })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
