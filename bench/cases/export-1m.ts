/**
 * export-1m: the million-sale database written to .xlsx through the app's exporter against the same exceljs streaming
 * baseline as the export case (`compareExports` in `export.ts`), each export in a process of its own: the baseline
 * does not pause for the zip, so at a million rows it holds most of the sheet in memory (over a gigabyte), which
 * would otherwise count as the exporter's. The exporter must write every row within the time and memory targets of
 * docs/performance.md.
 */
import type { RunCase } from '../lib/case';
import { count, holds, info } from '../lib/rows';
import { megabytes } from '../lib/timing';
import { compareExports } from './export';

export const run: RunCase = async (input) => {
  const dbPath = input.datasets.large;
  if (dbPath === undefined) throw new Error('export-1m needs the large database');
  // The generated size, not cache.countSales: that would build the browse index in this process for nothing.
  const expected = input.size;
  const { output, app } = await compareExports(input, {
    dbPath,
    rounds: input.quick ? 1 : 2,
    rssLimitMb: 300,
    ratioLimit: 1.2,
  });
  const [time, peak, ...rest] = output.rows;
  if (time === undefined || peak === undefined) throw new Error('the export comparison returned no rows');
  const written = app[0]?.rows ?? 0;
  const bytes = app[0]?.bytes ?? 0;
  return {
    ...output,
    rows: [
      holds(
        'rows written',
        written,
        'rows',
        `= ${count(expected)}`,
        app.every((r) => r.rows === expected),
      ),
      time,
      info('file size', megabytes(bytes), 'MB'),
      peak,
      ...rest,
    ],
  };
};
