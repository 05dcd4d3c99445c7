import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type SalesCache } from '../cache';
import { parsedSales, tempFolder, testClock } from '../../../test-support/cache-kit';
import { readAccountsOverview } from './accounts-overview';

const clock = testClock('2026-07-20T08:00:00.000Z');
let folder: { dir: string; remove: () => void };
let cache: SalesCache;

beforeEach(() => {
  folder = tempFolder('overview');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

describe('the overview of every account', () => {
  it('gives each account its own sales, last sync, owed, pending and this month’s payouts, per currency, never mixing accounts', () => {
    cache.storePage(
      'shop-a',
      parsedSales([
        {
          currency: 'EUR',
          commission_amount: 10,
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: '05-07-2026',
        },
        {
          currency: 'EUR',
          commission_amount: 2.5,
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: '30-06-2026',
        },
        { currency: 'USD', commission_amount: 4, commission_status: 'approved', payment_status: 'pending' },
        { currency: 'EUR', commission_amount: 1, commission_status: 'pending', payment_status: 'pending' },
      ]),
      clock.now(),
    );
    cache.storePage(
      'shop-b',
      parsedSales([
        { currency: 'GBP', commission_amount: 7, commission_status: 'approved', payment_status: 'pending' },
      ]),
      clock.now(),
    );
    const run = cache.beginSyncRun('shop-a', '2026-06-01', '2026-07-20');
    cache.finishSyncRun(run, 'completed');

    const lines = readAccountsOverview(
      cache,
      [
        { id: 'shop-a', label: 'Shop A' },
        { id: 'shop-b', label: 'Shop B' },
        { id: 'shop-c', label: 'Never synced' },
      ],
      '2026-07-20',
    );
    expect(lines.map((l) => [l.label, l.sales])).toEqual([
      ['Shop A', 4],
      ['Shop B', 1],
      ['Never synced', 0],
    ]);
    const [a, b, c] = lines;
    expect(a?.lastSyncedAt).toBe('2026-07-20T08:00:00.000Z');
    expect(a?.paidThisMonth).toEqual([{ currency: 'EUR', sales: 1, amount: '10.00' }]);
    expect(a?.owed).toEqual([{ currency: 'USD', sales: 1, amount: '4.00' }]);
    expect(a?.pending).toEqual([{ currency: 'EUR', sales: 1, amount: '1.00' }]);
    expect(a?.statuses.sales).toBe(4);
    expect(b).toMatchObject({
      lastSyncedAt: null,
      paidThisMonth: [],
      owed: [{ currency: 'GBP', sales: 1, amount: '7.00' }],
      pending: [],
    });
    expect(c).toMatchObject({ sales: 0, lastSyncedAt: null, owed: [], pending: [], paidThisMonth: [] });
  });
});
