import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openCache, type SalesCache } from '../cache';
import { parsedSales, tempFolder, testClock } from '../../../test-support/cache-kit';
import { addDays, type DayRange } from '../../shared/dates';
import { currencyDigits } from '../../shared/money';
import type { Sale } from '../../shared/domain';
import { readBridge } from './bridge';
import { createBooksReader } from './books-reader';

const clock = testClock();
let folder: { dir: string; remove: () => void };
let cache: SalesCache;

beforeEach(() => {
  folder = tempFolder('bridge');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

const PERIOD: DayRange = { from: '2026-03-01', to: '2026-03-31' };
const CURRENCIES = ['JPY', 'KWD', 'EUR'];
const COMMISSION_STATUSES = ['approved', 'pending', 'declined', 'on_hold', undefined];
const PAYMENT_STATUSES = ['paid', 'pending', 'none', 'processing', undefined];

/** A small deterministic generator, so a failure can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
const wireDay = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;

/** Sales around the period: made before, in and after it, paid before, in and after it, or not at all. */
function randomSales(seed: number, count: number): Sale[] {
  const next = random(seed);
  const records = Array.from({ length: count }, (_, i) => {
    const currency = pick(next, CURRENCIES);
    const units = Math.floor(next() * 2_000_000) - 100_000;
    const day = addDays('2026-01-15', Math.floor(next() * 120));
    const paymentStatus = pick(next, PAYMENT_STATUSES);
    const paymentDay = next() < 0.1 ? undefined : addDays(day, Math.floor(next() * 100) - 20);
    return {
      reference: `S-${seed}-${i}`,
      currency,
      commission_amount: units / 10 ** currencyDigits(currency),
      transaction_date: wireDay(day),
      ...(pick(next, COMMISSION_STATUSES) === undefined ? {} : { commission_status: pick(next, COMMISSION_STATUSES) }),
      ...(paymentStatus === undefined ? {} : { payment_status: paymentStatus }),
      ...(paymentStatus === 'paid' && paymentDay !== undefined ? { payment_date: wireDay(paymentDay) } : {}),
    };
  });
  return parsedSales(records);
}

/** A decimal string in minor units of its currency, exactly. */
function minorOf(text: string, currency: string): bigint {
  const digits = currencyDigits(currency);
  expect(text).toMatch(digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${digits}}$`));
  return BigInt(text.replace('.', ''));
}
const minor = (sale: Sale) => BigInt(Math.round((sale.commissionAmount ?? 0) * 10 ** currencyDigits(sale.currency)));

/** The receivable on `day` summed independently: made by then, not declined, not paid by then. */
function receivable(sales: readonly Sale[], currency: string, day: string): bigint {
  let sum = 0n;
  for (const sale of sales) {
    if (sale.currency !== currency || sale.transactionDate > day || sale.commissionStatus === 'declined') continue;
    const paid = sale.paymentStatus === 'paid' && (sale.paymentDate === null || sale.paymentDate <= day);
    if (!paid) sum += minor(sale);
  }
  return sum;
}

describe('B3: the earned-to-received bridge', () => {
  it('B3: over random sale sets, opening + earned − reductions − received = closing exactly, and closing is the receivable', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const sales = randomSales(seed, 400);
      const account = `acct-${seed}`;
      cache.storePage(account, sales, clock.now());
      for (const range of [
        PERIOD,
        { from: '2026-02-10', to: '2026-04-20' },
        { from: '2026-03-15', to: '2026-03-15' },
      ]) {
        const rows = readBridge(cache, account, range);
        expect(rows.map((row) => row.currency)).toEqual([...CURRENCIES].sort());
        for (const row of rows) {
          const [opening, earned, reductions, received, closing] = (
            ['opening', 'earned', 'reductions', 'received', 'closing'] as const
          ).map((line) => minorOf(row[line], row.currency)) as [bigint, bigint, bigint, bigint, bigint];
          expect({ seed, range, residual: opening + earned - reductions - received - closing }).toEqual({
            seed,
            range,
            residual: 0n,
          });
          const ofCurrency = sales.filter((sale) => sale.currency === row.currency);
          expect(closing).toBe(receivable(ofCurrency, row.currency, range.to));
          expect(opening).toBe(receivable(ofCurrency, row.currency, addDays(range.from, -1)));
          const paidIn = ofCurrency.filter(
            (s) =>
              s.paymentStatus === 'paid' &&
              s.paymentDate !== null &&
              s.paymentDate >= range.from &&
              s.paymentDate <= range.to,
          );
          expect(received).toBe(paidIn.reduce((sum, sale) => sum + minor(sale), 0n));
          const madeIn = ofCurrency.filter((s) => s.transactionDate >= range.from && s.transactionDate <= range.to);
          expect(earned).toBe(madeIn.reduce((sum, sale) => sum + minor(sale), 0n));
          expect(row).toMatchObject({ from: range.from, to: range.to });
        }
      }
    }
  });

  it('B3: a decline, a payment before its sale and a payment without a date are reductions; the month still balances', () => {
    const sales = parsedSales([
      // Owed from February, paid in March.
      {
        currency: 'KWD',
        commission_amount: 1.25,
        commission_status: 'approved',
        transaction_date: '10-02-2026',
        payment_status: 'paid',
        payment_date: '05-03-2026',
      },
      // Made in March, then declined.
      { currency: 'KWD', commission_amount: 0.5, commission_status: 'declined', transaction_date: '12-03-2026' },
      // Made in March, paid in February (before its sale).
      {
        currency: 'KWD',
        commission_amount: 0.125,
        commission_status: 'approved',
        transaction_date: '20-03-2026',
        payment_status: 'paid',
        payment_date: '27-02-2026',
      },
      // Made in March, paid with no payment date.
      {
        currency: 'KWD',
        commission_amount: 0.002,
        commission_status: 'approved',
        transaction_date: '21-03-2026',
        payment_status: 'paid',
      },
      // Made in April, paid in March: received before it was earned.
      {
        currency: 'KWD',
        commission_amount: 2,
        commission_status: 'approved',
        transaction_date: '02-04-2026',
        payment_status: 'paid',
        payment_date: '30-03-2026',
      },
      // Made in March, still owed, with a status the spec does not list.
      { currency: 'JPY', commission_amount: 120, commission_status: 'on_hold', transaction_date: '31-03-2026' },
    ]);
    cache.storePage('acct', sales, clock.now());
    expect(readBridge(cache, 'acct', PERIOD)).toEqual([
      { currency: 'JPY', ...PERIOD, opening: '0', earned: '120', reductions: '0', received: '0', closing: '120' },
      // 1.250 + (0.500 + 0.125 + 0.002) − 0.627 + 2.000 (paid before its sale) − 3.250 = 0.000
      {
        currency: 'KWD',
        ...PERIOD,
        opening: '1.250',
        earned: '0.627',
        reductions: '-1.373',
        received: '3.250',
        closing: '0.000',
      },
    ]);
  });

  it('B3: a sale no longer reported leaves the bridge, as it leaves payouts', () => {
    const sales = parsedSales([
      {
        reference: 'KEEP',
        currency: 'EUR',
        commission_amount: 4,
        commission_status: 'approved',
        transaction_date: '10-03-2026',
      },
      {
        reference: 'GONE',
        currency: 'EUR',
        commission_amount: 9,
        commission_status: 'approved',
        transaction_date: '11-03-2026',
      },
    ]);
    cache.storePage('acct', sales, clock.now());
    clock.advance(60_000);
    const fetch = { ...PERIOD, reported: new Set(['KEEP']), fetchStarted: clock.now() };
    expect(cache.markNoLongerReported('acct', fetch, clock.now())).toBe(1);
    expect(readBridge(cache, 'acct', PERIOD)).toEqual([
      {
        currency: 'EUR',
        ...PERIOD,
        opening: '0.00',
        earned: '4.00',
        reductions: '0.00',
        received: '0.00',
        closing: '4.00',
      },
    ]);
  });

  it('B3: the bridge read as of a past moment gives the figures of then; a later decline shows in the bridge of now', () => {
    const [sale] = parsedSales([
      { currency: 'EUR', commission_amount: 6, commission_status: 'approved', transaction_date: '10-03-2026' },
    ]) as [Sale];
    cache.storePage('acct', [sale], clock.now());
    const handedOver = clock.now().toISOString();
    clock.advance(86_400_000);
    cache.storePage('acct', [{ ...sale, commissionStatus: 'declined' }], clock.now());
    clock.advance(60_000);
    const reader = createBooksReader(
      () => cache,
      () => 'acct',
      clock.now,
    );
    const line = (asOf?: string) => {
      const [row] = reader.bridge({ ...PERIOD, ...(asOf === undefined ? {} : { asOf }) });
      return [row?.earned, row?.reductions, row?.closing];
    };
    expect(line(handedOver)).toEqual(['6.00', '0.00', '6.00']);
    expect(line()).toEqual(['6.00', '6.00', '0.00']);
  });
});
