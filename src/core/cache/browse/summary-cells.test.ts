import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import type { Sale } from '../../../shared/domain';
import type { SalesFilter } from '../../../shared/sales-query';
import { createRandom, type Random } from '../../demo';
import { openCache } from '../file';
import type { SalesCache } from '../sales-cache';
import { bucketSpans, cellsAnswer, type Buckets } from './summary-cells';
import { pages, parsedSales, sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';

const ACCOUNT = 'cells';
const SALES = sampleSales({ count: 4_000, days: 500 });
const clock = testClock();
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

/** The same filter with a list of every sub-ID the cache holds: the same sales, but through the pass, not the cells. */
function throughPass(filter: SalesFilter): SalesFilter {
  return { ...filter, subids: cache.distinctValues(ACCOUNT).subids.map((row) => row.value) };
}

function pick<T>(random: Random, values: readonly T[]): T[] | undefined {
  if (!random.chance(0.5)) return undefined;
  const chosen = values.filter(() => random.chance(0.4));
  return chosen.length > 0 ? chosen : [values[0] as T];
}

/** A random day from 30 days before the first sale to 30 days after the last. */
function randomDay(random: Random): string {
  const values = cache.distinctValues(ACCOUNT);
  const first = addDays(values.firstDay ?? '2026-01-01', -30);
  const span = Math.round((Date.parse(values.lastDay ?? first) - Date.parse(first)) / 86_400_000) + 30;
  return addDays(first, random.int(0, span));
}

function randomFilter(random: Random): SalesFilter {
  const filter: SalesFilter = {};
  if (random.chance(0.6)) {
    const [a, b] = [randomDay(random), randomDay(random)].sort();
    if (random.chance(0.85)) filter.from = a;
    if (random.chance(0.85) || filter.from === undefined) filter.to = random.chance(0.1) ? a : b;
    if (random.chance(0.4)) filter.dateBasis = random.chance(0.5) ? 'payment' : 'transaction';
  }
  const commission = pick(random, ['approved', 'pending', 'declined', 'reversed']);
  const payment = pick(random, ['paid', 'pending', 'none']);
  const currencies = pick(random, ['EUR', 'USD', 'GBP', 'CHF']);
  const categories = pick(random, ['product', 'coupon', 'offer', 'referral', 'nonexistent']);
  if (commission) filter.commissionStatuses = commission;
  if (payment) filter.paymentStatuses = payment;
  if (currencies) filter.currencies = currencies;
  if (categories) filter.categories = categories;
  if (random.chance(0.3)) filter.includeNoLongerReported = true;
  if (random.chance(0.2)) filter.text = '  ';
  return filter;
}

beforeAll(() => {
  folder = tempFolder('summary-cells');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
  for (const page of pages(SALES, 500)) cache.storePage(ACCOUNT, page, clock.now());
  // Amounts finer than their currency and ones past 2^53 units, which only exact sums keep.
  const odd = parsedSales([
    {
      reference: 'ODD-1',
      currency: 'EUR',
      commission_amount: '0.004',
      commission_status: 'approved',
      transaction_date: '01-03-2026',
    },
    {
      reference: 'ODD-2',
      currency: 'USD',
      commission_amount: '90000000000000.01',
      commission_status: 'approved',
      transaction_date: '02-03-2026',
    },
    {
      reference: 'ODD-3',
      currency: 'USD',
      commission_amount: '90000000000000.01',
      commission_status: 'approved',
      transaction_date: '02-03-2026',
    },
  ]);
  cache.storePage(ACCOUNT, odd, clock.now());
  // Sales the service stopped reporting (every fifth of a complete fetch of 2026's first half): left out by default.
  const span = { from: '2026-01-01', to: '2026-06-30' };
  const inSpan = SALES.filter((sale: Sale) => sale.transactionDate >= span.from && sale.transactionDate <= span.to);
  const reported = new Set(inSpan.filter((_, i) => i % 5 !== 0).map((sale) => sale.reference));
  clock.advance(1000);
  const fetchStarted = clock.now();
  clock.advance(1000);
  expect(cache.markNoLongerReported(ACCOUNT, { ...span, reported, fetchStarted }, clock.now())).toBeGreaterThan(0);
});

afterAll(() => {
  cache.close();
  folder.remove();
});

describe('summaries from the whole cache’s totals per cell', () => {
  it('are the summaries the pass over the matching sales makes, to the last digit, for 200 random filters with and without date ranges', () => {
    const random = createRandom(17);
    for (let i = 0; i < 200; i++) {
      const filter = randomFilter(random);
      expect(cellsAnswer(filter)).toBe(true);
      const fromCells = cache.summary(ACCOUNT, filter);
      const pass = cache.summary(ACCOUNT, throughPass(filter));
      // The freshness note depends on the date range, the totals must not.
      expect({ ...fromCells, dataAsOf: null }).toEqual({ ...pass, dataAsOf: null });
      expect(fromCells.byCurrency.reduce((n, row) => n + row.count, 0)).toBe(cache.countSales(ACCOUNT, filter));
    }
  });

  it('answer only filters on dates, statuses, currencies and categories; lists of sub-IDs, products, collections and words take the pass', () => {
    expect(cellsAnswer({})).toBe(true);
    expect(cellsAnswer({ currencies: ['EUR'], includeNoLongerReported: true, dateBasis: 'payment' })).toBe(true);
    expect(cellsAnswer({ from: '2026-01-01', to: '2026-02-01', dateBasis: 'payment', categories: ['coupon'] })).toBe(
      true,
    );
    for (const filter of [
      { subids: ['x'] },
      { products: ['p'] },
      { collections: ['c'] },
      { text: 'lamp' },
    ] as SalesFilter[]) {
      expect(cellsAnswer(filter)).toBe(false);
    }
  });

  it('cover every day of a range once: the buckets it takes whole and the spans it cuts, for any bucket width', () => {
    const random = createRandom(5);
    for (let i = 0; i < 400; i++) {
      const shift = random.int(0, 5);
      const width = 1 << shift;
      const count = random.int(1, 40);
      const buckets: Buckets = {
        firstDay: 100,
        lastDay: 100 + (count - 1) * width + random.int(0, width - 1),
        shift,
        count,
      };
      const from = random.int(60, 100 + count * width + 20);
      const to = random.int(from - 5, 100 + count * width + 40);
      const spans = bucketSpans(buckets, from, to);
      const covered: number[] = [];
      for (let b = spans.first; b <= spans.last; b++) {
        for (let day = 100 + b * width; day < 100 + (b + 1) * width; day++) covered.push(day);
      }
      for (const [low, high] of spans.partial) {
        expect(Math.floor((low - 100) / width)).toBe(Math.floor((high - 100) / width));
        for (let day = low; day <= high; day++) covered.push(day);
      }
      const wanted: number[] = [];
      for (let day = Math.max(from, 100); day <= Math.min(to, buckets.lastDay); day++) wanted.push(day);
      // Each day with sales in the range exactly once (the last whole bucket may reach past the last sale's day).
      expect(covered.filter((day) => day <= buckets.lastDay).sort((a, b) => a - b)).toEqual(wanted);
    }
  });

  it('change when sales are stored or change status after they were added up', () => {
    const ranged: SalesFilter = { from: '2026-03-02', to: '2026-03-04', currencies: ['EUR'] };
    const rangedBefore = cache.summary(ACCOUNT, ranged).byCurrency[0]?.count ?? 0;
    const before = cache.summary(ACCOUNT, { currencies: ['EUR'] }).byCurrency[0]?.count ?? 0;
    const extra = parsedSales([
      {
        reference: 'LATE-1',
        currency: 'EUR',
        commission_amount: '1.00',
        commission_status: 'pending',
        transaction_date: '03-03-2026',
      },
    ]);
    cache.storePage(ACCOUNT, extra, clock.now());
    expect(cache.summary(ACCOUNT, { currencies: ['EUR'] }).byCurrency[0]?.count).toBe(before + 1);
    expect(cache.summary(ACCOUNT, ranged).byCurrency[0]?.count).toBe(rangedBefore + 1);
    const pendingBefore = cache.countSales(ACCOUNT, { currencies: ['EUR'], commissionStatuses: ['pending'] });
    const approved = parsedSales([
      {
        reference: 'LATE-1',
        currency: 'EUR',
        commission_amount: '1.00',
        commission_status: 'approved',
        transaction_date: '03-03-2026',
      },
    ]);
    cache.storePage(ACCOUNT, approved, clock.now());
    const pending =
      cache.summary(ACCOUNT, { currencies: ['EUR'], commissionStatuses: ['pending'] }).byCurrency[0]?.count ?? 0;
    expect(pending).toBe(pendingBefore - 1);
    expect(pending).toBe(cache.countSales(ACCOUNT, { currencies: ['EUR'], commissionStatuses: ['pending'] }));
  });
});
