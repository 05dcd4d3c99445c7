import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test-support/cache-kit';
import { auditWorkbook, makeSale, type WorkbookAudit } from '../../../test-support/export-kit';
import { openCache, type SalesCache } from '../cache';
import type { Sale } from '../../shared/domain';
import { exportFromCache } from './export-sales';

const ACCOUNT = 'books';
const FIRST_SYNC = '2026-10-01T08:00:00.000Z';
const HANDED_OVER = '2026-10-15T12:00:00.000Z';
const LATER_SYNC = '2026-10-20T08:00:00.000Z';
const FILTER = { from: '2026-09-01', to: '2026-09-30' };

let folder: ReturnType<typeof tempFolder>;
let clock: Date;
let cache: SalesCache;

beforeEach(() => {
  folder = tempFolder('export-as-of');
  clock = new Date(FIRST_SYNC);
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: () => clock }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

async function exportXlsx(name: string, asOf?: string): Promise<WorkbookAudit> {
  const outcome = await exportFromCache({
    cache,
    account: ACCOUNT,
    accountLabel: 'Books',
    baseUrl: 'https://books.example',
    request: { filter: FILTER, format: 'xlsx', ...(asOf === undefined ? {} : { asOf }) },
    targetPath: join(folder.dir, name),
    appVersion: 'test',
    now: () => clock,
  });
  return auditWorkbook(outcome.filePath);
}

/** Every cell of a sheet as text, row by row: what an accountant compares. */
function cells(sheet: WorkbookAudit['sales']): string[][] {
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => JSON.stringify(v ?? null))));
  return rows;
}

function about(audit: WorkbookAudit): Map<string, string> {
  const lines = new Map<string, string>();
  audit.about.eachRow((row) => lines.set(String(row.getCell(1).value), String(row.getCell(2).value)));
  return lines;
}

const SEPTEMBER: Sale[] = [
  makeSale({
    reference: 'A',
    currency: 'EUR',
    commissionAmount: 10,
    commissionStatus: 'approved',
    paymentStatus: 'pending',
    paymentDate: null,
    transactionDate: '2026-09-03',
  }),
  makeSale({
    reference: 'B',
    currency: 'USD',
    commissionAmount: 5.25,
    commissionStatus: 'pending',
    paymentStatus: 'pending',
    paymentDate: null,
    transactionDate: '2026-09-10',
  }),
  makeSale({
    reference: 'C',
    currency: 'JPY',
    commissionAmount: 1200,
    commissionStatus: 'approved',
    paymentStatus: 'paid',
    paymentDate: '2026-09-28',
    transactionDate: '2026-09-20',
  }),
  makeSale({
    reference: 'E',
    currency: 'KWD',
    commissionAmount: 1.125,
    commissionStatus: 'pending',
    paymentStatus: 'pending',
    paymentDate: null,
    transactionDate: '2026-09-25',
  }),
];

describe('an export as of a past moment', () => {
  it('B1: an export made later as of T holds the same rows and figures as the export made at T, and says "as of T"', async () => {
    cache.storePage(ACCOUNT, SEPTEMBER, FIRST_SYNC);
    clock = new Date(HANDED_OVER);
    const atT = await exportXlsx('at-t.xlsx');

    // After T the service changes every kind of field, adds a sale and stops reporting one.
    clock = new Date(LATER_SYNC);
    const [a, b, c, e] = SEPTEMBER as [Sale, Sale, Sale, Sale];
    cache.storePage(
      ACCOUNT,
      [
        { ...a, commissionAmount: 12.5, paymentStatus: 'paid', paymentDate: '2026-10-18' },
        { ...b, currency: 'EUR', commissionAmount: 4.6, commissionStatus: 'declined' },
        { ...c, commissionAmount: 900 },
        { ...e, transactionDate: '2026-10-02' },
        makeSale({ reference: 'D', currency: 'EUR', commissionAmount: 3, transactionDate: '2026-09-15' }),
      ],
      LATER_SYNC,
    );
    cache.markNoLongerReported(
      ACCOUNT,
      { from: '2026-09-01', to: '2026-09-30', reported: new Set(['A', 'B', 'D']), fetchStarted: LATER_SYNC },
      LATER_SYNC,
    );
    const now = await exportXlsx('now.xlsx');
    const asOfT = await exportXlsx('as-of-t.xlsx', HANDED_OVER);

    expect(cells(asOfT.sales)).toEqual(cells(atT.sales));
    expect(cells(asOfT.summary)).toEqual(cells(atT.summary));
    expect(asOfT.formulas.map((f) => [f.address, f.result])).toEqual(atT.formulas.map((f) => [f.address, f.result]));
    // Today's export does differ: the comparison above could fail.
    expect(cells(now.sales)).not.toEqual(cells(atT.sales));
    expect(about(asOfT).get('As of')).toMatch(/^As of 2026-10-15 12:00:00 UTC/);
    expect(about(asOfT).has('History')).toBe(false);
    expect(about(atT).has('As of')).toBe(false);
  });

  it('B1: the same holds for the summary a screen or the command reads, and a moment in the future is refused', () => {
    cache.storePage(ACCOUNT, SEPTEMBER, FIRST_SYNC);
    clock = new Date(HANDED_OVER);
    const atT = cache.summary(ACCOUNT, FILTER);
    clock = new Date(LATER_SYNC);
    const [a] = SEPTEMBER as [Sale];
    cache.storePage(ACCOUNT, [{ ...a, commissionAmount: 99, commissionStatus: 'declined' }], LATER_SYNC);
    expect(cache.summary(ACCOUNT, FILTER).byCurrency).not.toEqual(atT.byCurrency);
    expect(cache.asOf(HANDED_OVER).summary(ACCOUNT, FILTER).byCurrency).toEqual(atT.byCurrency);
    expect(() => cache.asOf('2026-10-21T00:00:00Z')).toThrow(/in the future/);
    expect(() => cache.asOf('not a time')).toThrow(/not a valid time/);
  });
});

describe('a cache made before history was recorded', () => {
  it('B1: a moment before the migration is said on the About sheet: history starts at the migration', async () => {
    // A cache of format 12, the last before history was recorded, already holding a sale.
    const path = cache.path;
    cache.close();
    const raw = new Database(path);
    raw.exec('DROP TABLE cache_history');
    raw.pragma('user_version = 12');
    raw
      .prepare(
        `INSERT INTO sales (account_id, reference, transaction_date, currency, amount_scale, commission_minor, first_seen, last_changed)
         VALUES (?, 'OLD-1', '2026-09-05', 'EUR', 2, 700, ?, ?)`,
      )
      .run(ACCOUNT, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
    raw.close();
    const before = new Date();
    const early = new Date(before.getTime() - 3_600_000).toISOString();
    const opened = openCache({ path });
    expect(opened.previousVersion).toBe(12);
    cache = opened.cache;
    const start = cache.asOf(new Date()).historyStart;
    expect(start).not.toBeNull();
    expect(Date.parse(start ?? '')).toBeGreaterThanOrEqual(before.getTime() - 1000);
    clock = new Date();
    const audit = await exportXlsx('early.xlsx', early);
    expect(about(audit).get('History')).toMatch(
      /^This cache records every change from .* on, so that is the earliest moment it knows/,
    );
    expect(audit.sales.rowCount).toBe(2);
  });
});
