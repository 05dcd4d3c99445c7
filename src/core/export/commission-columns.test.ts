/**
 * Totals that add up and amounts that need attention (R7), through the real cache and the real exporter: the
 * commission columns of a summary (the spec's three statuses and one for every other) add up to its total; sales whose
 * amount came as null or as unreadable text are listed; an export reaches sales dated outside 2000 to 2099.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDecimal } from '../../shared/money';
import { openCache, type SalesCache } from '../cache';
import { parsedSales, tempFolder } from '../../../test-support/cache-kit';
import { auditWorkbook, sectionRow } from '../../../test-support/export-kit';
import { exportFromCache } from './export-sales';

const ACCOUNT = 'columns';
const JANUARY = { from: '2026-01-01', to: '2026-01-31' };
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

const record = (reference: string, status: string | null, amount: unknown, day = '15-01-2026') => ({
  reference,
  currency: 'USD',
  commission_status: status,
  commission_amount: amount,
  transaction_amount: 40,
  transaction_date: day,
  payment_status: 'pending',
});

const SALES = parsedSales([
  record('APPROVED', 'approved', 1.1),
  record('PENDING', 'pending', 0.4),
  record('DECLINED', 'declined', 9),
  record('REVERSED', 'reversed', 7),
  record('ON-HOLD', 'on_hold', 2.25),
  record('NO-STATUS', null, 5),
  record('NULL-AMOUNT', 'approved', null),
  record('COMMA-AMOUNT', 'pending', '1,50'),
  record('LAST-CENTURY', 'approved', 3, '31-12-1999'),
  record('NEXT-CENTURY', 'pending', 4, '01-06-2150'),
]);

/** Cents of an exact decimal text. */
const cents = (text: string): bigint => {
  const value = parseDecimal(text);
  if (value === null) throw new Error(text);
  return (value.units * 100n) / 10n ** BigInt(value.scale);
};

beforeAll(() => {
  folder = tempFolder('commission-columns');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
  cache.storePage(ACCOUNT, SALES, '2026-02-01T08:00:00Z');
});

afterAll(() => {
  cache.close();
  folder.remove();
});

describe('R7: totals add up, and amounts that need attention are listed', () => {
  it('R7: a summary has a column for every status the spec does not list (and none), so approved + pending + declined + other is the total', () => {
    const summary = cache.summary(ACCOUNT, JANUARY);
    const usd = summary.byCurrency.find((t) => t.currency === 'USD');
    const columns = Object.fromEntries(
      summary.byCommissionColumn.filter((c) => c.currency === 'USD').map((c) => [c.column, c.commission]),
    );
    expect(columns).toEqual({ approved: '1.10', pending: '0.40', declined: '9.00', other: '14.25' });
    const added = Object.values(columns).reduce((sum, text) => sum + cents(text), 0n);
    expect(usd?.commission).toBe('24.75');
    expect(added).toBe(cents(usd?.commission ?? ''));
    const counts = summary.byCommissionColumn.reduce((n, c) => n + c.count, 0);
    expect(counts).toBe(usd?.count);
  });

  it('R7: sales whose amount came as null or as "1,50" are listed as needing attention, with what was sent', () => {
    const { needingAttention } = cache.summary(ACCOUNT, JANUARY);
    expect(needingAttention.count).toBe(2);
    expect(needingAttention.sales.map((s) => s.reference).sort()).toEqual(['COMMA-AMOUNT', 'NULL-AMOUNT']);
    const messages = needingAttention.sales.flatMap((s) => s.notices.map((n) => n.message)).join(' ');
    expect(messages).toContain('The commission amount is missing');
    expect(messages).toContain('The commission amount "1,50" is not a number');
    expect(cache.summary(ACCOUNT, { ...JANUARY, commissionStatuses: ['declined'] }).needingAttention).toEqual({
      count: 0,
      sales: [],
    });
  });

  it('R7: an export accepts a range outside 2000 to 2099 and holds the sales the cache has there', async () => {
    const csv = join(folder.dir, 'centuries.csv');
    const outcome = await exportFromCache({
      cache,
      account: ACCOUNT,
      accountLabel: 'Columns',
      baseUrl: 'https://columns.example',
      request: { filter: { from: '1990-01-01', to: '2200-12-31' }, format: 'csv' },
      targetPath: csv,
      appVersion: 'test',
    });
    expect(outcome.rowCount).toBe(SALES.length);
    const text = readFileSync(csv, 'utf8');
    for (const reference of ['LAST-CENTURY', 'NEXT-CENTURY', 'APPROVED']) expect(text).toContain(reference);
    const xlsx = join(folder.dir, 'centuries.xlsx');
    await exportFromCache({
      cache,
      account: ACCOUNT,
      accountLabel: 'Columns',
      baseUrl: 'https://columns.example',
      request: { filter: { from: '1999-12-01', to: '1999-12-31' }, format: 'xlsx' },
      targetPath: xlsx,
      appVersion: 'test',
    });
    const audit = await auditWorkbook(xlsx);
    expect(audit.sales.rowCount).toBe(2);
    expect(sectionRow(audit, 'By month of the transaction date')).toBeGreaterThan(0);
  });
});
