import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type SalesCache } from '../cache';
import { parsedSales, sampleSales, tempFolder, testClock } from '../../../test-support/cache-kit';
import { cents } from '../../../test-support/sales-oracle';
import { parseCsv } from '../../../test-support/export-kit';
import { comparisonCsv } from './comparison-csv';
import { comparedPeriods, readComparison } from './comparison';

const clock = testClock();
let folder: { dir: string; remove: () => void };
let cache: SalesCache;

beforeEach(() => {
  folder = tempFolder('compare');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

const centsText = (value: number): string =>
  `${value < 0 ? '-' : ''}${Math.trunc(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

describe('a period compared with the one before', () => {
  it('knows the previous month, quarter and year, across year ends', () => {
    expect(comparedPeriods('month', '2026-01-01')).toEqual({
      period: { from: '2026-01-01', to: '2026-01-31' },
      previous: { from: '2025-12-01', to: '2025-12-31' },
    });
    expect(comparedPeriods('month', '2026-03-01').previous).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(comparedPeriods('quarter', '2026-01-01')).toEqual({
      period: { from: '2026-01-01', to: '2026-03-31' },
      previous: { from: '2025-10-01', to: '2025-12-31' },
    });
    expect(comparedPeriods('year', '2026-01-01')).toEqual({
      period: { from: '2026-01-01', to: '2026-12-31' },
      previous: { from: '2025-01-01', to: '2025-12-31' },
    });
  });

  it('gives each currency and category this period, the one before and the exact change, with each line’s share of its currency', () => {
    cache.storePage(
      'acct',
      parsedSales([
        {
          currency: 'EUR',
          commission_amount: 10,
          category: 'coupon',
          transaction_date: '05-02-2026',
          commission_status: 'approved',
        },
        {
          currency: 'EUR',
          commission_amount: 30,
          category: 'offer',
          transaction_date: '06-02-2026',
          commission_status: 'approved',
        },
        {
          currency: 'EUR',
          commission_amount: 25.5,
          category: 'coupon',
          transaction_date: '20-01-2026',
          commission_status: 'approved',
        },
        {
          currency: 'USD',
          commission_amount: 4,
          category: 'offer',
          transaction_date: '20-01-2026',
          commission_status: 'pending',
        },
        {
          currency: 'EUR',
          commission_amount: 99,
          category: 'offer',
          transaction_date: '01-03-2026',
          commission_status: 'approved',
        },
      ]),
      clock.now(),
    );
    const result = readComparison(cache, 'acct', { unit: 'month', from: '2026-02-01', dimension: 'category' });
    expect(result.totals).toEqual([
      { currency: 'EUR', sales: 2, amount: '40.00', previousSales: 1, previousAmount: '25.50', change: '14.50' },
      { currency: 'USD', sales: 0, amount: '0.00', previousSales: 1, previousAmount: '4.00', change: '-4.00' },
    ]);
    expect(result.lines).toEqual([
      {
        currency: 'EUR',
        key: 'coupon',
        label: 'coupon',
        sales: 1,
        amount: '10.00',
        previousSales: 1,
        previousAmount: '25.50',
        change: '-15.50',
        share: 0.25,
      },
      {
        currency: 'EUR',
        key: 'offer',
        label: 'offer',
        sales: 1,
        amount: '30.00',
        previousSales: 0,
        previousAmount: '0.00',
        change: '30.00',
        share: 0.75,
      },
      {
        currency: 'USD',
        key: 'offer',
        label: 'offer',
        sales: 0,
        amount: '0.00',
        previousSales: 1,
        previousAmount: '4.00',
        change: '-4.00',
        share: null,
      },
    ]);
  });

  it('A6: per product, commission earned equal to an independent cent sum over the approved and pending sales, sales without a product in a line of their own', () => {
    const all = sampleSales({ count: 3_000 });
    cache.storePage('acct', all, clock.now());
    const result = readComparison(cache, 'acct', { unit: 'quarter', from: '2026-04-01', dimension: 'product' });
    const inRange = (day: string, from: string, to: string) => day >= from && day <= to;
    for (const line of result.lines) {
      const of = (from: string, to: string) =>
        all.filter(
          (s) =>
            s.currency === line.currency &&
            s.productSlug === line.key &&
            inRange(s.transactionDate, from, to) &&
            (s.commissionStatus === 'approved' || s.commissionStatus === 'pending'),
        );
      const now = of('2026-04-01', '2026-06-30');
      const before = of('2026-01-01', '2026-03-31');
      const sum = (sales: typeof all) => sales.reduce((total, s) => total + cents(s.commissionAmount ?? 0), 0);
      expect(line).toMatchObject({
        sales: now.length,
        amount: centsText(sum(now)),
        previousSales: before.length,
        previousAmount: centsText(sum(before)),
        change: centsText(sum(now) - sum(before)),
      });
    }
    expect(result.lines.length).toBeGreaterThan(10);
    const eurShares = result.lines.filter((l) => l.currency === 'EUR').reduce((total, l) => total + (l.share ?? 0), 0);
    expect(eurShares).toBeCloseTo(1, 9);
  });

  it('writes the breakdown as CSV: names that could start a formula neutralised, amounts and changes as plain numbers', () => {
    cache.storePage(
      'acct',
      parsedSales([
        {
          currency: 'EUR',
          commission_amount: 10,
          commission_status: 'approved',
          subid: '=HYPERLINK("https://evil.example")',
          transaction_date: '05-02-2026',
        },
        {
          currency: 'EUR',
          commission_amount: 12,
          commission_status: 'pending',
          subid: '=HYPERLINK("https://evil.example")',
          transaction_date: '05-01-2026',
        },
      ]),
      clock.now(),
    );
    const csv = comparisonCsv(
      readComparison(cache, 'acct', { unit: 'month', from: '2026-02-01', dimension: 'subid' }),
      'subid',
    );
    const [header, row] = parseCsv(csv.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'Currency',
      'Sub-ID',
      'Sales 2026-02-01 to 2026-02-28',
      'Commission earned 2026-02-01 to 2026-02-28',
      'Share of the currency (%)',
      'Sales 2026-01-01 to 2026-01-31',
      'Commission earned 2026-01-01 to 2026-01-31',
      'Change',
    ]);
    expect(row?.slice(2)).toEqual(['1', '10.00', '100.00', '1', '12.00', '-2.00']);
    expect(row?.[1]?.startsWith('=')).toBe(false);
    expect(row?.[1]).toContain('HYPERLINK');
  });

  it('A6: for one month the sales summary’s earned, its chart and Compare’s total are one figure, approved + pending, declined apart', () => {
    cache.storePage('acct', sampleSales({ count: 3_000 }), clock.now());
    const month = { from: '2026-04-01', to: '2026-04-30' };
    const summary = cache.summary('acct', month);
    const compared = readComparison(cache, 'acct', { unit: 'month', from: month.from, dimension: 'category' });
    const series = cache.series('acct', { filter: month, interval: 'month' });
    expect(summary.earned.length).toBeGreaterThan(1);
    for (const earned of summary.earned) {
      const columns = summary.byCommissionColumn.filter((c) => c.currency === earned.currency);
      const minor = (column: string) => columns.find((c) => c.column === column)?.commissionMinor ?? 0;
      expect(earned.commissionMinor).toBe(minor('approved') + minor('pending'));
      expect(minor('declined')).toBeGreaterThan(0);
      expect(compared.totals.find((t) => t.currency === earned.currency)?.amount).toBe(earned.commission);
      expect(series.find((p) => p.currency === earned.currency)?.commission).toBe(earned.commission);
    }
  });
});
