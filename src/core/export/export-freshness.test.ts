import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportFormat } from '../../shared/export-presets';
import type { Sale } from '../../shared/domain';
import { openCache, type SalesCache } from '../cache';
import { tempFolder } from '../../../test-support/cache-kit';
import { auditWorkbook, makeSale, parseCsv, summaryLines } from '../../../test-support/export-kit';
import { exportFreshnessOf, exportFromCache } from './export-sales';

const ACCOUNT = 'fresh';
/** When the open sales were last confirmed; the paid ones a little later. */
const OPEN_CHECKED = '2026-04-01T06:00:00Z';
/** 25 hours after the open sales were checked: a payments export must warn. */
const STALE_NOW = new Date('2026-04-02T07:00:00Z');
/** 23 hours after: no warning. */
const FRESH_NOW = new Date('2026-04-02T05:00:00Z');

const paid = (reference: string, paymentDate: string): Sale =>
  makeSale({
    reference,
    transactionDate: '2026-01-20',
    commissionStatus: 'approved',
    paymentStatus: 'paid',
    paymentDate,
  });
const open = (reference: string, transactionDate: string, commissionStatus: 'pending' | 'approved'): Sale =>
  makeSale({ reference, transactionDate, commissionStatus, paymentStatus: 'pending', paymentDate: null });

const PAID = [paid('P-1', '2026-03-05'), paid('P-2', '2026-03-12'), paid('P-3', '2026-03-20')];
/** Paid in March, then no longer reported by the service. */
const GONE = makeSale({
  reference: 'P-GONE',
  transactionDate: '2026-02-10',
  commissionStatus: 'approved',
  paymentStatus: 'paid',
  paymentDate: '2026-03-15',
});
/** Open sales that could still be paid in March, and one made after March that could not. */
const OPEN = [
  open('O-1', '2025-11-02', 'pending'),
  open('O-2', '2026-02-14', 'pending'),
  open('O-3', '2026-03-03', 'approved'),
];
const LATER = open('O-APRIL', '2026-04-01', 'pending');

let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

beforeAll(() => {
  folder = tempFolder('export-freshness');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: () => new Date('2026-04-01T09:00:00Z') }).cache;
  cache.storePage(ACCOUNT, [...OPEN, LATER], OPEN_CHECKED);
  // The year before March is synced: only the statuses' age can make these exports incomplete.
  cache.markCovered(ACCOUNT, '2025-03-01', '2026-03-31', OPEN_CHECKED);
  cache.storePage(ACCOUNT, [GONE], '2026-03-20T10:00:00Z');
  cache.storePage(ACCOUNT, [PAID[0] as Sale], '2026-04-01T07:30:00Z');
  cache.storePage(ACCOUNT, PAID.slice(1), '2026-04-01T08:00:00Z');
  // February fetched again in full without P-GONE.
  cache.markNoLongerReported(
    ACCOUNT,
    { from: '2026-02-01', to: '2026-02-28', reported: new Set(['O-2']), fetchStarted: '2026-04-01T08:00:00Z' },
    '2026-04-01T08:05:00Z',
  );
});

afterAll(() => {
  cache.close();
  folder.remove();
});

function paymentsExport(name: string, format: ExportFormat, now: Date, includeNoLongerReported?: boolean) {
  return exportFromCache({
    cache,
    account: ACCOUNT,
    accountLabel: 'Fresh shop',
    baseUrl: 'https://fresh.example',
    request: {
      filter: { from: '2026-03-01', to: '2026-03-31', ...(includeNoLongerReported ? { includeNoLongerReported } : {}) },
      format,
      preset: 'payments',
    },
    targetPath: join(folder.dir, name),
    appVersion: 'test',
    now: () => now,
  });
}

async function workbookOf(name: string, now: Date, includeNoLongerReported?: boolean) {
  const outcome = await paymentsExport(name, 'xlsx', now, includeNoLongerReported);
  const audit = await auditWorkbook(outcome.filePath);
  const references: unknown[] = [];
  audit.sales.eachRow((row, n) => n > 1 && references.push(row.getCell(audit.header.indexOf('Reference') + 1).value));
  return { outcome, audit, lines: summaryLines(audit), references };
}

function csvReferences(path: string): string[] {
  const [header = [], ...rows] = parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  return rows.map((row) => row[header.indexOf('Reference')] ?? '');
}

describe('T3: a payments export says when statuses were checked and warns when its open sales are stale', () => {
  it('T3: the Summary says "Statuses checked" with the oldest confirmation among the exported sales', async () => {
    const { outcome, lines, references } = await workbookOf('fresh.xlsx', FRESH_NOW);
    expect(references.sort()).toEqual(['P-1', 'P-2', 'P-3']);
    expect(lines).toContain(
      'Statuses checked 2026-04-01 07:30 UTC (the oldest confirmation by the service among these sales).',
    );
    expect(outcome.freshness).toMatchObject({ statusesCheckedAt: '2026-04-01T07:30:00.000Z', neverChecked: 0 });
  });

  it('T3: with open sales checked 23 hours before, there is no warning on the Summary or in the result', async () => {
    const { outcome, lines } = await workbookOf('fresh-again.xlsx', FRESH_NOW);
    expect(outcome.staleWarning).toBeNull();
    expect(outcome.freshness.staleOpenSales).toBeNull();
    expect(lines.filter((line) => line.startsWith('Warning'))).toEqual([]);
  });

  it('T3: with open sales checked 25 hours before, the Summary warns first, in bold, counting the open sales that could be paid in the range', async () => {
    const { outcome, audit, lines } = await workbookOf('stale.xlsx', STALE_NOW);
    const warning =
      'Warning: the statuses of 3 open sales were last checked 2026-04-01 06:00 UTC; sync before relying on this export — payments that arrived since are missing from it.';
    expect(outcome.staleWarning).toBe(warning);
    expect(outcome.freshness.staleOpenSales).toEqual({
      count: 3,
      oldestCheck: '2026-04-01T06:00:00.000Z',
      neverChecked: 0,
    });
    expect(lines[1]).toBe(warning);
    // The app can show the same warning before the file is written.
    const request = {
      filter: { from: '2026-03-01', to: '2026-03-31' },
      format: 'xlsx' as const,
      preset: 'payments' as const,
    };
    expect(exportFreshnessOf(cache, ACCOUNT, request, STALE_NOW)).toEqual({
      freshness: outcome.freshness,
      staleWarning: warning,
    });
    expect(audit.summary.getRow(2).font?.bold).toBe(true);
    expect(lines).toContain(
      'Statuses checked 2026-04-01 07:30 UTC (the oldest confirmation by the service among these sales).',
    );
  });

  it('T3: the CSV, which has no summary, keeps its rows unchanged; its result carries the warning', async () => {
    const stale = await paymentsExport('stale.csv', 'csv', STALE_NOW);
    const fresh = await paymentsExport('fresh.csv', 'csv', FRESH_NOW);
    expect(stale.staleWarning).toContain(
      'Warning: the statuses of 3 open sales were last checked 2026-04-01 06:00 UTC',
    );
    expect(fresh.staleWarning).toBeNull();
    expect(readFileSync(stale.filePath)).toEqual(readFileSync(fresh.filePath));
    expect(csvReferences(stale.filePath).sort()).toEqual(['P-1', 'P-2', 'P-3']);
  });

  it('T3: an export that is not about payments states the statuses-checked time but never warns', async () => {
    const outcome = await exportFromCache({
      cache,
      account: ACCOUNT,
      accountLabel: 'Fresh shop',
      baseUrl: 'https://fresh.example',
      request: { filter: { from: '2025-11-01', to: '2026-03-31' }, format: 'xlsx', preset: 'all' },
      targetPath: join(folder.dir, 'all.xlsx'),
      appVersion: 'test',
      now: () => STALE_NOW,
    });
    expect(outcome.staleWarning).toBeNull();
    const lines = summaryLines(await auditWorkbook(outcome.filePath));
    expect(lines).toContain(
      'Statuses checked 2026-04-01 06:00 UTC (the oldest confirmation by the service among these sales).',
    );
    expect(lines.filter((line) => line.startsWith('Warning'))).toEqual([]);
  });
});

describe('T5: sales the service no longer reports in a payments export', () => {
  it('T5: left out by default, and the Summary says how many', async () => {
    const { outcome, lines, references } = await workbookOf('default.xlsx', FRESH_NOW);
    expect(references).not.toContain('P-GONE');
    expect(outcome.freshness.noLongerReported).toEqual({ included: false, count: 1 });
    expect(lines).toContain(
      '1 sale the service no longer reports is left out of this file and its totals; export again with the option to include them to see it.',
    );
    expect(csvReferences((await paymentsExport('default.csv', 'csv', FRESH_NOW)).filePath)).not.toContain('P-GONE');
  });

  it('T5: included with the option, counted in the totals, and the Summary says so', async () => {
    const { outcome, audit, lines, references } = await workbookOf('included.xlsx', FRESH_NOW, true);
    expect(references.sort()).toEqual(['P-1', 'P-2', 'P-3', 'P-GONE']);
    expect(outcome.freshness.noLongerReported).toEqual({ included: true, count: 1 });
    expect(lines).toContain(
      'Includes 1 sale the service no longer reports (kept for audit); it is counted in the totals below.',
    );
    // Its last confirmation (before it vanished) is now the oldest among the exported sales.
    expect(lines).toContain(
      'Statuses checked 2026-03-20 10:00 UTC (the oldest confirmation by the service among these sales).',
    );
    for (const f of audit.formulas) expect(f.result).toBeCloseTo(f.evaluated, 9);
    const csv = await paymentsExport('included.csv', 'csv', FRESH_NOW, true);
    expect(csvReferences(csv.filePath).sort()).toEqual(['P-1', 'P-2', 'P-3', 'P-GONE']);
  });
});
