import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openCache, type SalesCache } from '../cache';
import { parsedSales, sampleSales, tempFolder, testClock } from '../../../test-support/cache-kit';
import { cents } from '../../../test-support/sales-oracle';
import { expectedPaymentWindow, readPayoutReport, readPayouts } from './payout-report';

const clock = testClock();
let folder: { dir: string; remove: () => void };
let cache: SalesCache;

beforeEach(() => {
  folder = tempFolder('payouts');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

/** Integer cents as the decimal text a payout shows for a two-decimal currency. */
function centsText(value: number): string {
  return `${Math.trunc(value / 100)}.${String(Math.abs(value % 100)).padStart(2, '0')}`;
}

describe('payouts from the cache', () => {
  it('groups the paid sales of a period by payment date and currency, with counts and sums equal to an independent cent sum', () => {
    const all = sampleSales({ count: 3_000 });
    cache.storePage('acct', all, clock.now());
    const range = { from: '2026-03-01', to: '2026-05-31' };

    const expected = new Map<string, { sales: number; cents: number }>();
    for (const sale of all) {
      if (
        sale.paymentStatus !== 'paid' ||
        sale.paymentDate === null ||
        sale.paymentDate < range.from ||
        sale.paymentDate > range.to
      )
        continue;
      const key = `${sale.paymentDate}|${sale.currency}`;
      const entry = expected.get(key) ?? { sales: 0, cents: 0 };
      entry.sales += 1;
      entry.cents += cents(sale.commissionAmount ?? 0);
      expected.set(key, entry);
    }
    expect(expected.size).toBeGreaterThan(20);

    const { payouts, paidWithoutDate } = readPayouts(cache, 'acct', range, '2026-12-31');
    expect(payouts.map((p) => `${p.paymentDate}|${p.currency}`)).toEqual([...expected.keys()].sort());
    for (const payout of payouts) {
      const want = expected.get(`${payout.paymentDate}|${payout.currency}`);
      expect(payout).toEqual({
        paymentDate: payout.paymentDate,
        currency: payout.currency,
        sales: want?.sales,
        amount: centsText(want?.cents ?? -1),
        scheduled: false,
      });
    }
    expect(paidWithoutDate).toBe(0);
  });

  it('keeps each currency in its own decimals, never rounds a finer amount, and counts paid sales that have no payment date', () => {
    cache.storePage(
      'acct',
      parsedSales([
        {
          currency: 'JPY',
          commission_amount: 1500,
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: '10-04-2026',
        },
        {
          currency: 'JPY',
          commission_amount: 2501,
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: '10-04-2026',
        },
        {
          currency: 'KWD',
          commission_amount: 1.125,
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: '10-04-2026',
        },
        {
          currency: 'USD',
          commission_amount: 0.005,
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: '11-04-2026',
        },
        {
          currency: 'USD',
          commission_amount: 123456789.99,
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: '11-04-2026',
        },
        {
          currency: 'EUR',
          commission_amount: 9,
          commission_status: 'approved',
          payment_status: 'paid',
          transaction_date: '02-04-2026',
        },
        {
          currency: 'EUR',
          commission_amount: 7,
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: '01-05-2026',
        },
      ]),
      clock.now(),
    );
    const april = { from: '2026-04-01', to: '2026-04-30' };
    const { payouts, paidWithoutDate } = readPayouts(cache, 'acct', april, '2026-05-01');
    expect(payouts).toEqual([
      { paymentDate: '2026-04-10', currency: 'JPY', sales: 2, amount: '4001', scheduled: false },
      { paymentDate: '2026-04-10', currency: 'KWD', sales: 1, amount: '1.125', scheduled: false },
      { paymentDate: '2026-04-11', currency: 'USD', sales: 2, amount: '123456789.995', scheduled: false },
    ]);
    expect(paidWithoutDate).toBe(1);
  });

  it('owed is approved and not paid (any payment status but paid), pending is commission pending, per currency and never added across currencies', () => {
    cache.storePage(
      'acct',
      parsedSales([
        { currency: 'EUR', commission_amount: 10, commission_status: 'approved', payment_status: 'pending' },
        { currency: 'EUR', commission_amount: 2.5, commission_status: 'approved' },
        { currency: 'EUR', commission_amount: 4, commission_status: 'approved', payment_status: 'on_hold' },
        {
          currency: 'EUR',
          commission_amount: 100,
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: '01-04-2026',
        },
        { currency: 'USD', commission_amount: 3, commission_status: 'approved', payment_status: 'pending' },
        { currency: 'USD', commission_amount: 8, commission_status: 'pending', payment_status: 'pending' },
        { currency: 'GBP', commission_amount: 50, commission_status: 'declined', payment_status: 'pending' },
      ]),
      clock.now(),
    );
    const report = readPayoutReport(cache, 'acct', { from: '2026-04-01', to: '2026-04-30' }, clock.now());
    expect(report.owed).toEqual([
      { currency: 'EUR', sales: 3, amount: '16.50' },
      { currency: 'USD', sales: 1, amount: '3.00' },
    ]);
    expect(report.pending).toEqual([{ currency: 'USD', sales: 1, amount: '8.00' }]);
    expect(report.payouts).toEqual([
      { paymentDate: '2026-04-01', currency: 'EUR', sales: 1, amount: '100.00', scheduled: false },
    ]);
    expect(report.paid).toEqual([{ currency: 'EUR', sales: 1, amount: '100.00' }]);
  });

  it('observes the delay from sale to payment as a median and a middle-half range, and turns it into a window for an owed sale', () => {
    const delays = [10, 20, 30, 40, 50, 60, 70, 80];
    cache.storePage(
      'acct',
      parsedSales(
        delays.map((days) => {
          const paid = new Date(Date.UTC(2026, 0, 1 + days));
          const day = `${String(paid.getUTCDate()).padStart(2, '0')}-${String(paid.getUTCMonth() + 1).padStart(2, '0')}-${paid.getUTCFullYear()}`;
          return {
            currency: 'EUR',
            commission_amount: 1,
            commission_status: 'approved',
            payment_status: 'paid',
            transaction_date: '01-01-2026',
            payment_date: day,
          };
        }),
      ),
      clock.now(),
    );
    const report = readPayoutReport(cache, 'acct', { from: '2026-01-01', to: '2026-12-31' }, clock.now());
    expect(report.delay).toEqual({ paidSales: 8, medianDays: 40, fromDays: 20, toDays: 60 });
    expect(expectedPaymentWindow('2026-06-01', { paidSales: 8, medianDays: 40, fromDays: 20, toDays: 60 })).toEqual({
      from: '2026-06-21',
      to: '2026-07-31',
    });
  });

  it('says nothing about a delay before any sale was paid, and an empty period has no payouts', () => {
    cache.storePage(
      'acct',
      parsedSales([{ currency: 'EUR', commission_amount: 1, commission_status: 'pending', payment_status: 'pending' }]),
      clock.now(),
    );
    const report = readPayoutReport(cache, 'acct', { from: '2026-04-01', to: '2026-04-30' }, clock.now());
    expect(report).toMatchObject({ payouts: [], paid: [], paidWithoutDate: 0, owed: [], delay: null });
    expect(report.pending).toEqual([{ currency: 'EUR', sales: 1, amount: '1.00' }]);
  });

  it('A8: a payment dated after today is scheduled, not received; owed and pending say the day they are as of', () => {
    const now = new Date(2026, 3, 15, 12); // 15 April 2026, local time
    cache.storePage(
      'acct',
      parsedSales([
        {
          currency: 'EUR',
          commission_amount: 10,
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: '15-04-2026',
        },
        {
          currency: 'EUR',
          commission_amount: 25,
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: '16-04-2026',
        },
        { currency: 'EUR', commission_amount: 4, commission_status: 'approved', payment_status: 'pending' },
      ]),
      clock.now(),
    );
    const report = readPayoutReport(cache, 'acct', { from: '2026-04-01', to: '2026-04-30' }, now);
    expect(report.asOf).toBe('2026-04-15');
    expect(report.payouts.map((p) => [p.paymentDate, p.scheduled])).toEqual([
      ['2026-04-15', false],
      ['2026-04-16', true],
    ]);
    expect(report.paid).toEqual([{ currency: 'EUR', sales: 1, amount: '10.00' }]);
    expect(report.scheduled).toEqual([{ currency: 'EUR', sales: 1, amount: '25.00' }]);
    expect(report.owed).toEqual([{ currency: 'EUR', sales: 1, amount: '4.00' }]);

    const dayAfter = readPayoutReport(
      cache,
      'acct',
      { from: '2026-04-01', to: '2026-04-30' },
      new Date(2026, 3, 16, 0, 1),
    );
    expect(dayAfter.paid).toEqual([{ currency: 'EUR', sales: 2, amount: '35.00' }]);
    expect(dayAfter.scheduled).toEqual([]);
  });
});
