import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openCache, type SalesCache } from '../cache';
import { parsedSales, tempFolder } from '../../../test-support/cache-kit';
import { mergePaymentHistories, paymentHistoryWarnings, readPaymentHistory } from './payment-history';
import { readPayoutReport } from './payout-report';

const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const AFTER_MARCH = new Date('2026-04-02T09:00:00Z');
let folder: { dir: string; remove: () => void };
let cache: SalesCache;

beforeEach(() => {
  folder = tempFolder('payment-history');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: () => AFTER_MARCH }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

/** Stores the pending sale `reference` of `day` as confirmed by the service at `checkedAt`. */
function storeOpen(reference: string, day: string, checkedAt: string): void {
  const [y, m, d] = day.split('-');
  const record = {
    reference,
    transaction_date: `${d}-${m}-${y}`,
    commission_status: 'pending',
    payment_status: 'pending',
  };
  cache.storePage('acct', parsedSales([record]), checkedAt);
}

describe('R8: whether the payments of a period are complete', () => {
  it('R8: names the days of the year before the period that were never synced, and nothing once they are', () => {
    cache.markCovered('acct', '2025-06-01', '2025-12-31', '2026-04-01T08:00:00Z');
    cache.markCovered('acct', '2026-02-01', '2026-03-31', '2026-04-01T08:00:00Z');
    const partial = readPaymentHistory(cache, 'acct', MARCH, AFTER_MARCH);
    expect(partial).toMatchObject({ from: '2025-03-01', to: '2026-03-31', complete: false, staleOpenSales: null });
    expect(partial.missing).toEqual([
      { from: '2025-03-01', to: '2025-05-31' },
      { from: '2026-01-01', to: '2026-01-31' },
    ]);
    expect(paymentHistoryWarnings(partial)).toEqual([
      'Payments may be missing: sales made on days never synced (2025-03-01 to 2025-05-31, 2026-01-01 to 2026-01-31) could have been paid in this period and are not counted; sync 2025-03-01 to 2026-01-31.',
    ]);

    cache.markCovered('acct', '2025-03-01', '2026-01-31', '2026-04-01T08:00:00Z');
    const whole = readPaymentHistory(cache, 'acct', MARCH, AFTER_MARCH);
    expect(whole).toMatchObject({ missing: [], complete: true });
    expect(paymentHistoryWarnings(whole)).toEqual([]);
  });

  it('R8: an open sale last confirmed before the period ended makes it incomplete; one confirmed after does not', () => {
    cache.markCovered('acct', '2025-03-01', '2026-03-31', '2026-04-01T08:00:00Z');
    storeOpen('S-JAN', '2026-01-10', '2026-03-20T10:00:00Z');
    const stale = readPaymentHistory(cache, 'acct', MARCH, AFTER_MARCH);
    expect(stale.staleOpenSales).toEqual({ count: 1, oldestCheck: '2026-03-20T10:00:00.000Z', neverChecked: 0 });
    expect(paymentHistoryWarnings(stale, { syncDays: () => '', syncNow: 'sync now' })).toEqual([
      'Payments may be missing: 1 sale still open on 2026-03-31 was last checked 2026-03-20 10:00 UTC, before the period ended; sync now to pick up payments made since.',
    ]);
    // A sale made after the period cannot be paid in it.
    storeOpen('S-APR', '2026-04-01', '2026-03-20T10:00:00Z');
    expect(readPaymentHistory(cache, 'acct', MARCH, AFTER_MARCH).staleOpenSales?.count).toBe(1);

    storeOpen('S-JAN', '2026-01-10', '2026-04-01T07:00:00Z');
    expect(readPaymentHistory(cache, 'acct', MARCH, AFTER_MARCH)).toMatchObject({
      staleOpenSales: null,
      complete: true,
    });
  });

  it('R8: for a period not over yet, open sales confirmed within the last day count as current', () => {
    const april = { from: '2026-04-01', to: '2026-04-30' };
    cache.markCovered('acct', '2025-04-01', '2026-04-01', '2026-04-02T08:00:00Z');
    storeOpen('S-MAR', '2026-03-10', '2026-04-02T08:00:00Z');
    expect(readPaymentHistory(cache, 'acct', april, AFTER_MARCH).staleOpenSales).toBeNull();
    const dayLater = new Date('2026-04-03T09:00:00Z');
    expect(readPaymentHistory(cache, 'acct', april, dayLater).staleOpenSales?.count).toBe(1);
  });

  it('R8: the payout report carries the history and its warnings; several accounts merge into one statement', () => {
    const report = readPayoutReport(cache, 'acct', MARCH, AFTER_MARCH);
    expect(report.history.missing).toEqual([{ from: '2025-03-01', to: '2026-03-31' }]);
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]).toContain('use "Sync these days" below');

    const other = { ...report.history, missing: [{ from: '2025-01-01', to: '2025-01-31' }], complete: false };
    const merged = mergePaymentHistories([report.history, null, other]);
    expect(merged?.missing.map((span) => span.from)).toEqual(['2025-01-01', '2025-03-01']);
    expect(merged?.complete).toBe(false);
    expect(mergePaymentHistories([null])).toBeNull();
  });
});
