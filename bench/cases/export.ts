/**
 * export: every sale of the account written to .xlsx through the app's exporter (`exportFromCache`: count, read-only
 * snapshot, styled Sales sheet, Summary and About sheets, atomic rename), against exceljs's streaming writer fed the
 * same rows from the same cache iterator, default columns, no styles, one sheet. The exporter runs first, so the
 * process's peak RSS right after it is the exporter's own; then the baseline. A full run repeats both and keeps the
 * best time of each.
 *
 * export-1m (see `export-1m.ts`) reuses {@link exportWithApp} on the million-sale database.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { openCache, type SalesCache } from '../../src/core/cache';
import { exportFromCache } from '../../src/core/export';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMN_LABELS } from '../../src/shared/export-columns';
import type { CachedSale } from '../../src/shared/sales-query-types';
import { BENCH_ACCOUNT, type RunCase } from '../lib/case';
import { atMost, count, ratioAtMost } from '../lib/rows';
import { best, megabytes, progress, timed } from '../lib/timing';

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
export async function exportWithApp(cache: SalesCache, targetPath: string): Promise<{ ms: number; rows: number; bytes: number }> {
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

async function exportPlain(cache: SalesCache, targetPath: string): Promise<{ ms: number; rows: number }> {
  const { ms, value } = await timed(async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: targetPath, useStyles: false, useSharedStrings: false });
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

export const run: RunCase = async (input) => {
  const dbPath = input.datasets.medium;
  if (dbPath === undefined) throw new Error('export needs the medium database');
  const { cache } = openCache({ path: dbPath });
  try {
    const app: number[] = [];
    const plain: number[] = [];
    let peakAfterApp = 0;
    for (let round = 0; round < (input.quick ? 1 : 2); round++) {
      const written = await exportWithApp(cache, join(input.workDir, `app-${round}.xlsx`));
      if (written.rows !== input.size) throw new Error(`the exporter wrote ${written.rows} rows, not ${input.size}`);
      if (round === 0) peakAfterApp = process.resourceUsage().maxRSS / 1024;
      app.push(written.ms);
      progress(
        `round ${round + 1}: app exporter ${written.ms.toFixed(0)} ms (${megabytes(written.bytes).toFixed(1)} MB file), peak RSS so far ${peakAfterApp.toFixed(0)} MB`,
      );
      const baseline = await exportPlain(cache, join(input.workDir, `plain-${round}.xlsx`));
      if (baseline.rows !== input.size) throw new Error(`the baseline wrote ${baseline.rows} rows, not ${input.size}`);
      plain.push(baseline.ms);
      progress(`round ${round + 1}: exceljs streaming writer ${baseline.ms.toFixed(0)} ms`);
    }
    return {
      size: `${count(input.size)} sales`,
      rows: [ratioAtMost('export time', best(app) / 1000, 's', best(plain) / 1000, 1.5), atMost('peak RSS after the exporter', peakAfterApp, 'MB', 400)],
      notes: ['baseline = exceljs streaming WorkbookWriter, same rows from the same cache iterator, default columns, no styles, one sheet.'],
    };
  } finally {
    cache.close();
  }
};
