/**
 * export-1m: the million-sale database written to .xlsx through the app's exporter, in a process of its own; it must
 * complete (every row written) within 500 MB of peak RSS.
 */
import { join } from 'node:path';
import { openCache } from '../../src/core/cache';
import type { RunCase } from '../lib/case';
import { atMost, count, holds, info } from '../lib/rows';
import { megabytes } from '../lib/timing';
import { exportWithApp } from './export';

export const run: RunCase = async (input) => {
  const dbPath = input.datasets.large;
  if (dbPath === undefined) throw new Error('export-1m needs the large database');
  const { cache } = openCache({ path: dbPath });
  try {
    // The generated size, not cache.countSales: that would build the browse index and count its memory as the export's.
    const expected = input.size;
    const written = await exportWithApp(cache, join(input.workDir, 'export-1m.xlsx'));
    const peak = process.resourceUsage().maxRSS / 1024;
    return {
      size: `${count(input.size)} sales`,
      rows: [
        holds('rows written', written.rows, 'rows', `= ${count(expected)}`, written.rows === expected),
        info('export time', written.ms / 1000, 's'),
        info('file size', megabytes(written.bytes), 'MB'),
        atMost('peak RSS after the exporter', peak, 'MB', 500),
      ],
      notes: [],
    };
  } finally {
    cache.close();
  }
};
