import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../../shared/domain';
import type { SalesFilter } from '../../../shared/sales-query';
import { createRandom, type Random } from '../../demo';
import { openCache } from '../file';
import type { SalesCache } from '../sales-cache';
import { cellsAnswer } from './summary-cube';
import { pages, parsedSales, sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';

const ACCOUNT = 'cells';
const SALES = sampleSales({ count: 4_000, days: 500 });
const clock = testClock();
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

/** The same filter with a date range that holds every sale: it takes the pass over the matching sales, not the cells. */
const throughPass = (filter: SalesFilter): SalesFilter => ({ ...filter, from: '2000-01-01', dateBasis: 'transaction' });

function pick<T>(random: Random, values: readonly T[]): T[] | undefined {
  if (!random.chance(0.5)) return undefined;
  const chosen = values.filter(() => random.chance(0.4));
  return chosen.length > 0 ? chosen : [values[0] as T];
}

function randomFilter(random: Random): SalesFilter {
  const filter: SalesFilter = {};
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
    { reference: 'ODD-1', currency: 'EUR', commission_amount: '0.004', commission_status: 'approved', transaction_date: '01-03-2026' },
    { reference: 'ODD-2', currency: 'USD', commission_amount: '90000000000000.01', commission_status: 'approved', transaction_date: '02-03-2026' },
    { reference: 'ODD-3', currency: 'USD', commission_amount: '90000000000000.01', commission_status: 'approved', transaction_date: '02-03-2026' },
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
  it('are the summaries the pass over the matching sales makes, to the last digit, for 80 random filters', () => {
    const random = createRandom(17);
    for (let i = 0; i < 80; i++) {
      const filter = randomFilter(random);
      expect(cellsAnswer(filter)).toBe(true);
      const fromCells = cache.summary(ACCOUNT, filter);
      const pass = cache.summary(ACCOUNT, throughPass(filter));
      // The freshness note depends on the date range, the totals must not.
      expect({ ...fromCells, dataAsOf: null }).toEqual({ ...pass, dataAsOf: null });
      expect(fromCells.byCurrency.reduce((n, row) => n + row.count, 0)).toBe(cache.countSales(ACCOUNT, filter));
    }
  });

  it('answer only filters on statuses, currencies and categories; dates, lists of sub-IDs, products, collections and words take the pass', () => {
    expect(cellsAnswer({})).toBe(true);
    expect(cellsAnswer({ currencies: ['EUR'], includeNoLongerReported: true, dateBasis: 'payment' })).toBe(true);
    for (const filter of [
      { from: '2026-01-01' },
      { to: '2026-01-01' },
      { subids: ['x'] },
      { products: ['p'] },
      { collections: ['c'] },
      { text: 'lamp' },
    ] as SalesFilter[]) {
      expect(cellsAnswer(filter)).toBe(false);
    }
  });

  it('change when sales are stored or change status after they were added up', () => {
    const before = cache.summary(ACCOUNT, { currencies: ['EUR'] }).byCurrency[0]?.count ?? 0;
    const extra = parsedSales([
      { reference: 'LATE-1', currency: 'EUR', commission_amount: '1.00', commission_status: 'pending', transaction_date: '03-03-2026' },
    ]);
    cache.storePage(ACCOUNT, extra, clock.now());
    expect(cache.summary(ACCOUNT, { currencies: ['EUR'] }).byCurrency[0]?.count).toBe(before + 1);
    const pendingBefore = cache.countSales(ACCOUNT, { currencies: ['EUR'], commissionStatuses: ['pending'] });
    const approved = parsedSales([
      { reference: 'LATE-1', currency: 'EUR', commission_amount: '1.00', commission_status: 'approved', transaction_date: '03-03-2026' },
    ]);
    cache.storePage(ACCOUNT, approved, clock.now());
    const pending = cache.summary(ACCOUNT, { currencies: ['EUR'], commissionStatuses: ['pending'] }).byCurrency[0]?.count ?? 0;
    expect(pending).toBe(pendingBefore - 1);
    expect(pending).toBe(cache.countSales(ACCOUNT, { currencies: ['EUR'], commissionStatuses: ['pending'] }));
  });
});
