import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openCache, type SalesCache } from '../cache';
import { sampleSales, tempFolder, testClock } from '../../../test-support/cache-kit';
import { currencyDigits } from '../../shared/money';
import { agingBucket, readAging } from './aging';

const clock = testClock();
let folder: { dir: string; remove: () => void };
let cache: SalesCache;

beforeEach(() => {
  folder = tempFolder('aging');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

/** An amount in the currency's minor units, as an integer. */
const minor = (amount: number, currency: string): number => Math.round(amount * 10 ** currencyDigits(currency));
const minorOf = (text: string, currency: string): number => minor(Number(text), currency);

describe('B4: the aging of what is owed', () => {
  it('B4: puts each day in its bucket: 0-30, 31-60, 61-90, 90+, and nothing after the as-of day', () => {
    expect(agingBucket('2026-06-30', '2026-06-30')).toBe('0-30');
    expect(agingBucket('2026-05-31', '2026-06-30')).toBe('0-30');
    expect(agingBucket('2026-05-30', '2026-06-30')).toBe('31-60');
    expect(agingBucket('2026-05-01', '2026-06-30')).toBe('31-60');
    expect(agingBucket('2026-04-30', '2026-06-30')).toBe('61-90');
    expect(agingBucket('2026-04-01', '2026-06-30')).toBe('61-90');
    expect(agingBucket('2026-03-31', '2026-06-30')).toBe('90+');
    expect(agingBucket('2026-07-01', '2026-06-30')).toBeNull();
  });

  it('B4: owed and pending per currency and bucket equal an independent minor-unit sum, today and as of a past day', () => {
    const all = sampleSales({ count: 3_000 });
    cache.storePage('acct', all, clock.now());
    for (const asOf of ['2026-06-30', '2026-03-15']) {
      const expected = new Map<string, { owedSales: number; owed: number; pendingSales: number; pending: number }>();
      for (const sale of all) {
        const bucket = agingBucket(sale.transactionDate, asOf);
        if (bucket === null || sale.commissionAmount === null) continue;
        const paid = sale.paymentStatus === 'paid' && (sale.paymentDate === null || sale.paymentDate <= asOf);
        const owed = sale.commissionStatus === 'approved' && !paid;
        const pending = sale.commissionStatus === 'pending';
        if (!owed && !pending) continue;
        const key = `${sale.currency}|${bucket}`;
        const entry = expected.get(key) ?? { owedSales: 0, owed: 0, pendingSales: 0, pending: 0 };
        const amount = minor(sale.commissionAmount, sale.currency);
        if (owed) Object.assign(entry, { owedSales: entry.owedSales + 1, owed: entry.owed + amount });
        else Object.assign(entry, { pendingSales: entry.pendingSales + 1, pending: entry.pending + amount });
        expected.set(key, entry);
      }
      expect(expected.size).toBeGreaterThan(8);
      const rows = readAging(cache, 'acct', asOf);
      const currencies = new Set([...expected.keys()].map((key) => key.split('|')[0]));
      expect(rows).toHaveLength(currencies.size * 4);
      for (const row of rows) {
        const want = expected.get(`${row.currency}|${row.bucket}`) ?? {
          owedSales: 0,
          owed: 0,
          pendingSales: 0,
          pending: 0,
        };
        expect({
          owedSales: row.owedSales,
          owed: minorOf(row.owed, row.currency),
          pendingSales: row.pendingSales,
          pending: minorOf(row.pending, row.currency),
        }).toEqual(want);
        expect(row.owed).toMatch(currencyDigits(row.currency) === 0 ? /^-?\d+$/ : /^-?\d+\.\d+$/);
      }
    }
  });

  it('B4: an empty cache has nothing to age', () => {
    expect(readAging(cache, 'acct', '2026-06-30')).toEqual([]);
  });
});
