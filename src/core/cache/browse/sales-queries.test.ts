import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../../shared/domain';
import { createRandom } from '../../demo';
import { openCache } from '../file';
import { type SalesFilter, type SaleSortColumn, SALE_SORT_COLUMNS } from '../../../shared/sales-query';
import type { CachedSale, MoneyTotals } from '../../../shared/sales-query-types';
import type { SalesCache } from '../sales-cache';
import { cents, oracleMatches, oracleOrder } from '../../../../test-support/sales-oracle';
import { pages, sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';

const ACCOUNT = 'acct';
const clock = testClock();
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

function crafted(base: Sale, overrides: Partial<Sale>): Sale {
  return { ...base, extra: {}, ...overrides };
}

/** 6,000 generated sales plus a few with awkward values: 0.1 + 0.2, JPY, a text-less sale, a category outside the spec. */
const GENERATED = sampleSales({ count: 6_000, days: 400 });
const BASE = GENERATED[0] as Sale;
const SPECIAL: Sale[] = [
  crafted(BASE, {
    reference: 'X-TENTH',
    commissionAmount: 0.1,
    transactionAmount: 0.1,
    currency: 'CHF',
    transactionDate: '2026-06-01',
  }),
  crafted(BASE, {
    reference: 'X-FIFTH',
    commissionAmount: 0.2,
    transactionAmount: 0.2,
    currency: 'CHF',
    transactionDate: '2026-06-01',
  }),
  crafted(BASE, {
    reference: 'X-YEN',
    commissionAmount: 1200,
    transactionAmount: 15000,
    currency: 'JPY',
    transactionDate: '2026-06-02',
  }),
  crafted(BASE, {
    reference: 'X-BARE',
    productName: null,
    productSlug: null,
    collectionName: null,
    collectionSlug: null,
    collectionUrl: null,
    subid: null,
    category: null,
    transactionAmount: null,
    paymentStatus: null,
    paymentDate: null,
    transactionDate: '2026-06-03',
  }),
  crafted(BASE, { reference: 'X-ODD', category: 'bundle', subid: 'Straße-Ω', transactionDate: '2026-06-03' }),
  // Amounts millions of units apart: sorting by amount then takes the radix sort, not the counting sort by offset.
  crafted(BASE, {
    reference: 'X-HUGE',
    commissionAmount: 99_999.99,
    transactionAmount: 2_500_000.5,
    currency: 'EUR',
    transactionDate: '2026-06-04',
  }),
  crafted(BASE, {
    reference: 'X-MILLION',
    commissionAmount: 1_000_000,
    transactionAmount: 12_345_678.9,
    currency: 'USD',
    transactionDate: '2026-06-04',
  }),
];
const ALL = [...GENERATED, ...SPECIAL];

function allRows(
  filter: SalesFilter,
  column: SaleSortColumn = 'transactionDate',
  direction: 'asc' | 'desc' = 'asc',
): CachedSale[] {
  return [...cache.iterateSales(ACCOUNT, { filter, sort: { column, direction } })];
}

function pageRefs(
  filter: SalesFilter,
  column: SaleSortColumn,
  direction: 'asc' | 'desc',
  offset: number,
  limit: number,
): string[] {
  return cache.salesPage(ACCOUNT, { filter, sort: { column, direction }, offset, limit }).rows.map((r) => r.reference);
}

function oracleRefs(
  filter: SalesFilter,
  column: SaleSortColumn = 'transactionDate',
  direction: 'asc' | 'desc' = 'asc',
): string[] {
  return oracleOrder(
    ALL.filter((s) => oracleMatches(s, filter)),
    column,
    direction,
  );
}

beforeAll(() => {
  folder = tempFolder('sales-queries');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
  const batches = pages(ALL, 250);
  batches.slice(0, 10).forEach((page) => cache.storePage(ACCOUNT, page, clock.now()));
  expect(cache.countSales(ACCOUNT, {})).toBe(2_500);
  batches.slice(10).forEach((page) => cache.storePage(ACCOUNT, page, clock.now()));
  cache.storePage('other', GENERATED.slice(0, 50), clock.now());
  cache.markCovered(ACCOUNT, '2025-05-27', '2026-06-30', clock.now());
});
afterAll(() => {
  cache.close();
  folder.remove();
});

const FILTERS: Record<string, SalesFilter> = {
  'transaction date range': { from: '2026-01-01', to: '2026-03-31' },
  'payment date range': { dateBasis: 'payment', from: '2026-02-01', to: '2026-04-30' },
  'only an end day': { to: '2025-08-01' },
  'commission status declined': { commissionStatuses: ['declined'] },
  'commission statuses approved + pending': { commissionStatuses: ['approved', 'pending'] },
  'payment status paid': { paymentStatuses: ['paid'] },
  'payment status none': { paymentStatuses: ['none'] },
  'subids incl. none': { subids: ['tiktok', null] },
  'subid with space, & and +': { subids: ['blog post & deals+ü'] },
  categories: { categories: ['coupon', 'bundle'] },
  'no category': { categories: [null] },
  currencies: { currencies: ['GBP', 'JPY'] },
  'collections incl. none': { collections: ['home-office', null] },
  products: { products: [GENERATED[5]?.productSlug ?? null, GENERATED[9]?.productSlug ?? null] },
  'text: product word prefix': { text: 'lam' },
  'text: two words across fields': { text: 'desk newsletter' },
  'text: folded diacritics': { text: 'cafe creme' },
  'text: a whole reference': { text: GENERATED[1234]?.reference ?? '' },
  'text: symbols only (no filter)': { text: '&& ++' },
  'text: a letter in sub-IDs, product and collection names at once': { text: 'e' },
  'text: two such letters': { text: 'e o' },
  'everything at once': {
    from: '2025-09-01',
    to: '2026-05-31',
    commissionStatuses: ['approved', 'declined'],
    paymentStatuses: ['paid', 'pending'],
    currencies: ['EUR', 'USD'],
    categories: ['product', 'offer'],
    subids: ['instagram-bio', 'newsletter', null],
    text: 'classic',
  },
};

describe('sales queries: filters', () => {
  for (const [name, filter] of Object.entries(FILTERS)) {
    it(`filters by ${name}, the same in the browse index, the export stream and an independent implementation`, () => {
      const expected = oracleRefs(filter);
      expect(cache.countSales(ACCOUNT, filter)).toBe(expected.length);
      expect(allRows(filter).map((r) => r.reference)).toEqual(expected);
      expect(pageRefs(filter, 'transactionDate', 'asc', 0, 1000)).toEqual(expected.slice(0, 1000));
    });
  }

  it('matches at least one sale with every filter above that is meant to match something', () => {
    for (const [name, filter] of Object.entries(FILTERS))
      expect([name, cache.countSales(ACCOUNT, filter) > 0]).toEqual([name, true]);
  });

  it('treats search text as words, never as FTS5 syntax', () => {
    for (const text of ['"', 'lamp"', 'NEAR(desk lamp)', 'desk OR lamp', '*', 'col:desk', '^lamp', 'a AND', '(((']) {
      expect(() => cache.countSales(ACCOUNT, { text })).not.toThrow();
    }
    expect(cache.countSales(ACCOUNT, { text: 'desk OR lamp' })).toBe(oracleRefs({ text: 'desk OR lamp' }).length);
  });
});

describe('sales queries: sorting and paging', () => {
  for (const column of SALE_SORT_COLUMNS) {
    it(`sorts by ${column} both ways with a stable tie-breaker, identically in pages and in the export stream`, () => {
      const filter: SalesFilter = { from: '2025-10-01', to: '2026-06-30' };
      for (const direction of ['asc', 'desc'] as const) {
        const streamed = allRows(filter, column, direction).map((r) => r.reference);
        if (column !== 'firstSeen' && column !== 'lastChanged')
          expect(streamed).toEqual(oracleRefs(filter, column, direction));
        const paged = [0, 1, 2, 3].flatMap((i) => pageRefs(filter, column, direction, i * 700, 700));
        expect(paged).toEqual(streamed.slice(0, 2800));
        expect(pageRefs(filter, column, direction, streamed.length - 7, 50)).toEqual(streamed.slice(-7));
      }
    });
  }

  it('serves deep offsets: the last page, an offset past the end, and the total for the virtual table', () => {
    const expected = oracleRefs({}, 'transactionDate', 'desc');
    const last = cache.salesPage(ACCOUNT, {
      sort: { column: 'transactionDate', direction: 'desc' },
      offset: expected.length - 3,
      limit: 100,
    });
    expect(last.total).toBe(ALL.length);
    expect(last.rows.map((r) => r.reference)).toEqual(expected.slice(-3));
    const past = cache.salesPage(ACCOUNT, { offset: ALL.length + 10, limit: 100 });
    expect(past).toMatchObject({ rows: [], total: ALL.length });
  });

  it('returns rows with exact amounts and the times the cache saw them', () => {
    const [row] = cache.salesPage(ACCOUNT, { filter: { text: 'X-YEN' }, offset: 0, limit: 1 }).rows;
    expect(row).toMatchObject({
      reference: 'X-YEN',
      commissionAmount: 1200,
      commissionMinor: 1200,
      amountScale: 0,
      currency: 'JPY',
      notices: [],
    });
    expect(row?.firstSeen).toBe(clock.now().toISOString());
  });

  it('says how complete and how fresh the data of a date range is', () => {
    const inside = cache.salesPage(ACCOUNT, { filter: { from: '2026-01-01', to: '2026-01-31' }, offset: 0, limit: 1 });
    expect(inside.dataAsOf).toEqual({ complete: true, asOf: clock.now().toISOString(), missing: [] });
    const beyond = cache.summary(ACCOUNT, { from: '2026-06-01', to: '2026-07-02' });
    expect(beyond.dataAsOf).toEqual({
      complete: false,
      asOf: clock.now().toISOString(),
      missing: [{ from: '2026-07-01', to: '2026-07-02' }],
    });
  });
});

/** Integer units of `amount` in its currency's own minor unit (cents; whole yen for JPY), from its decimal text. */
function unitsOf(amount: number | null, currency: string): number {
  return currency === 'JPY' ? cents(amount ?? 0) / 100 : cents(amount ?? 0);
}

function expectedTotals(
  sales: readonly Sale[],
): Map<string, { count: number; commission: number; transaction: number; missing: number }> {
  const totals = new Map<string, { count: number; commission: number; transaction: number; missing: number }>();
  for (const sale of sales) {
    const t = totals.get(sale.currency) ?? { count: 0, commission: 0, transaction: 0, missing: 0 };
    t.count++;
    t.commission += unitsOf(sale.commissionAmount, sale.currency);
    if (sale.transactionAmount === null) t.missing++;
    else t.transaction += unitsOf(sale.transactionAmount, sale.currency);
    totals.set(sale.currency, t);
  }
  return totals;
}

function asMap(
  rows: readonly MoneyTotals[],
): Map<string, { count: number; commission: number; transaction: number; missing: number }> {
  return new Map(
    rows.map((r) => [
      r.currency,
      { count: r.count, commission: r.commissionMinor, transaction: r.transactionMinor, missing: r.transactionMissing },
    ]),
  );
}

describe('sales queries: totals', () => {
  it('totals per currency equal an independent sum in integer cents, and 0.1 + 0.2 shows as 0.30', () => {
    const summary = cache.summary(ACCOUNT, {});
    expect(asMap(summary.byCurrency)).toEqual(expectedTotals(ALL));
    const chf = summary.byCurrency.find((r) => r.currency === 'CHF');
    expect(chf).toMatchObject({ count: 2, commissionMinor: 30, commission: '0.30', transaction: '0.30' });
    expect(summary.byCurrency.find((r) => r.currency === 'JPY')).toMatchObject({
      commission: '1200',
      transaction: '15000',
    });
    for (const row of summary.byCurrency)
      expect(row.commission).toBe(formatCents(expectedTotals(ALL).get(row.currency)?.commission ?? 0, row.currency));
  });

  it('splits totals by currency × commission status and currency × payment status, never across currencies', () => {
    const filter: SalesFilter = { from: '2025-11-01', to: '2026-06-30' };
    const summary = cache.summary(ACCOUNT, filter);
    const matching = ALL.filter((s) => oracleMatches(s, filter));
    for (const row of summary.byCommissionStatus) {
      const group = matching.filter((s) => s.currency === row.currency && s.commissionStatus === row.commissionStatus);
      expect(asMap([row]).get(row.currency)).toEqual(expectedTotals(group).get(row.currency));
    }
    for (const row of summary.byPaymentStatus) {
      const group = matching.filter(
        (s) => s.currency === row.currency && (s.paymentStatus ?? 'none') === row.paymentStatus,
      );
      expect(asMap([row]).get(row.currency)).toEqual(expectedTotals(group).get(row.currency));
    }
    expect(summary.byCommissionStatus.reduce((n, r) => n + r.count, 0)).toBe(matching.length);
    expect(summary.byPaymentStatus.some((r) => r.paymentStatus === 'none')).toBe(true);
    expect(summary.byCommissionStatus.some((r) => r.commissionStatus === 'declined')).toBe(true);
  });

  it('A6: builds day, week and month series of commission earned whose points add up to the summary’s earned', () => {
    const filter: SalesFilter = { from: '2026-01-01', to: '2026-03-31', currencies: ['EUR'] };
    const summary = cache.summary(ACCOUNT, filter);
    const total = summary.earned[0];
    const columns = summary.byCommissionColumn.filter((c) => c.column === 'approved' || c.column === 'pending');
    expect(total?.commissionMinor).toBe(columns.reduce((n, c) => n + c.commissionMinor, 0));
    expect(total?.commissionMinor).toBeLessThan(summary.byCurrency[0]?.commissionMinor ?? 0);
    for (const interval of ['day', 'week', 'month'] as const) {
      const points = cache.series(ACCOUNT, { filter, interval });
      expect(points.reduce((n, p) => n + p.commissionMinor, 0)).toBe(total?.commissionMinor);
      expect(points.reduce((n, p) => n + p.count, 0)).toBe(total?.count);
    }
    const months = cache.series(ACCOUNT, { filter, interval: 'month' });
    expect(months.map((p) => p.period)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    const earned = (s: Sale): boolean => s.commissionStatus === 'approved' || s.commissionStatus === 'pending';
    const jan = ALL.filter((s) => oracleMatches(s, filter) && s.transactionDate < '2026-02-01' && earned(s));
    expect(months[0]?.commissionMinor).toBe(jan.reduce((n, s) => n + cents(s.commissionAmount ?? 0), 0));
    const weeks = cache.series(ACCOUNT, { filter, interval: 'week' });
    for (const week of weeks) expect(new Date(`${week.period}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks[0]?.period).toBe('2025-12-29');
  });

  it('series by payment day leave out unpaid sales', () => {
    const points = cache.series(ACCOUNT, { filter: { dateBasis: 'payment' }, interval: 'month' });
    expect(points.reduce((n, p) => n + p.count, 0)).toBe(ALL.filter((s) => s.paymentDate !== null).length);
  });

  it('lists the top collections, products and subids by commission per currency', () => {
    for (const dimension of ['collection', 'product', 'subid'] as const) {
      const top = cache.topEntries(ACCOUNT, { dimension, limit: 3 });
      const keyOf = (s: Sale): string | null =>
        dimension === 'collection' ? s.collectionSlug : dimension === 'product' ? s.productSlug : s.subid;
      for (const currency of ['EUR', 'USD', 'GBP']) {
        const sums = new Map<string | null, number>();
        for (const s of ALL.filter((x) => x.currency === currency))
          sums.set(keyOf(s), (sums.get(keyOf(s)) ?? 0) + cents(s.commissionAmount ?? 0));
        const expected = [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
        const actual = top.filter((t) => t.currency === currency).map((t) => [t.key, t.commissionMinor]);
        expect(actual).toEqual(expected);
      }
    }
  });

  it('lists distinct values for the filter dropdowns with their counts', () => {
    const values = cache.distinctValues(ACCOUNT);
    expect(values.currencies.map((v) => v.value)).toEqual(['CHF', 'EUR', 'GBP', 'JPY', 'USD']);
    expect(values.categories.map((v) => v.value)).toEqual([null, 'bundle', 'coupon', 'offer', 'product', 'referral']);
    expect(values.subids.find((v) => v.value === 'tiktok')?.count).toBe(ALL.filter((s) => s.subid === 'tiktok').length);
    expect(values.collections.find((v) => v.value === 'home-office')).toMatchObject({ label: 'Home Office' });
    expect(values.products.reduce((n, v) => n + v.count, 0)).toBe(ALL.length);
    expect(values.firstDay).toBe(ALL.map((s) => s.transactionDate).sort()[0]);
    const eurOnly = cache.distinctValues(ACCOUNT, { currencies: ['EUR'] });
    expect(eurOnly.currencies).toEqual([
      { value: 'EUR', label: 'EUR', count: ALL.filter((s) => s.currency === 'EUR').length },
    ]);
  });
});

/** Units of the currency's minor unit as decimal text: whole yen for JPY, cents otherwise. */
function formatCents(value: number, currency: string): string {
  if (currency === 'JPY') return String(value);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

describe('sales queries: streaming, isolation and input checks', () => {
  it('streams an export from its own snapshot: the main connection keeps storing meanwhile, unseen by the export', () => {
    const iterator = cache.iterateSales(ACCOUNT, { filter: { currencies: ['CHF'] } });
    const first = iterator.next();
    expect(first.done).toBe(false);
    cache.storePage(
      ACCOUNT,
      [crafted(BASE, { reference: 'X-LATE', currency: 'CHF', transactionDate: '2026-06-04' })],
      clock.now(),
    );
    const rest = [...iterator].map((r) => r.reference);
    expect([first.value?.reference, ...rest]).toEqual(['X-FIFTH', 'X-TENTH']);
    expect(cache.countSales(ACCOUNT, { currencies: ['CHF'] })).toBe(3);
    ALL.push(crafted(BASE, { reference: 'X-LATE', currency: 'CHF', transactionDate: '2026-06-04' }));
  });

  it('stops cleanly when the consumer breaks out early', () => {
    let seen = 0;
    for (const row of cache.iterateSales(ACCOUNT, {})) {
      expect(row.reference).toBeTruthy();
      if (++seen === 5) break;
    }
    expect(seen).toBe(5);
  });

  it('sees sales written by another connection to the same file', () => {
    const other = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
    const before = cache.countSales(ACCOUNT, {});
    other.storePage(ACCOUNT, [crafted(BASE, { reference: 'X-ELSEWHERE', transactionDate: '2026-06-05' })], clock.now());
    other.close();
    expect(cache.countSales(ACCOUNT, {})).toBe(before + 1);
    ALL.push(crafted(BASE, { reference: 'X-ELSEWHERE', transactionDate: '2026-06-05' }));
  });

  it('a process that does not browse (the command line) exports the same rows, then reads the cache again', () => {
    const headless = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now, browsing: false }).cache;
    try {
      const filter: SalesFilter = { currencies: ['EUR', 'USD'] };
      const query = { filter, sort: { column: 'commissionAmount', direction: 'desc' } } as const;
      const exported = [...headless.iterateSales(ACCOUNT, query)].map((r) => r.reference);
      expect(exported).toEqual(allRows(query.filter, 'commissionAmount', 'desc').map((r) => r.reference));
      expect(headless.countSales(ACCOUNT, query.filter)).toBe(exported.length);
      expect([...headless.iterateSales(ACCOUNT, query)].map((r) => r.reference)).toEqual(exported);
    } finally {
      headless.close();
    }
  });

  it('agrees with the export stream on 60 random filter and sort combinations', () => {
    const random = createRandom(99);
    for (let i = 0; i < 60; i++) {
      const filter = randomFilter(random);
      const column = random.pick(SALE_SORT_COLUMNS);
      const direction = random.pick(['asc', 'desc'] as const);
      const streamed = allRows(filter, column, direction).map((r) => r.reference);
      expect(cache.countSales(ACCOUNT, filter)).toBe(streamed.length);
      expect(pageRefs(filter, column, direction, Math.floor(streamed.length / 2), 40)).toEqual(
        streamed.slice(Math.floor(streamed.length / 2), Math.floor(streamed.length / 2) + 40),
      );
    }
  });

  it('agrees with the export stream on random filters once some sales are no longer reported, counted in or out', () => {
    // Every fifth sale of the first half of 2026 goes missing from a complete fetch of that span.
    const span = { from: '2026-01-01', to: '2026-06-30' };
    const inSpan = ALL.filter((s) => s.transactionDate >= span.from && s.transactionDate <= span.to);
    const reported = new Set(inSpan.filter((_, i) => i % 5 !== 0).map((s) => s.reference));
    clock.advance(1000);
    const fetchStarted = clock.now();
    clock.advance(1000);
    expect(cache.markNoLongerReported(ACCOUNT, { ...span, reported, fetchStarted }, clock.now())).toBeGreaterThan(0);
    const random = createRandom(7);
    for (let i = 0; i < 40; i++) {
      const filter: SalesFilter = {
        ...randomFilter(random),
        ...(random.chance(0.5) ? { includeNoLongerReported: true } : {}),
      };
      const column = random.pick(SALE_SORT_COLUMNS);
      const streamed = allRows(filter, column, 'desc').map((r) => r.reference);
      expect(cache.countSales(ACCOUNT, filter)).toBe(streamed.length);
      expect(pageRefs(filter, column, 'desc', Math.floor(streamed.length / 3), 30)).toEqual(
        streamed.slice(Math.floor(streamed.length / 3), Math.floor(streamed.length / 3) + 30),
      );
    }
  });

  it('refuses malformed query input with INVALID_INPUT naming the field', () => {
    const bad: [unknown, RegExp][] = [
      [{ offset: -1, limit: 10 }, /offset/],
      [{ offset: 0, limit: 100_000 }, /limit/],
      [{ offset: 0, limit: 10, filter: { from: '2026-02-30' } }, /filter\.from/],
      [{ offset: 0, limit: 10, filter: { from: '2026-03-01', to: '2026-02-01' } }, /filter\.to/],
      [{ offset: 0, limit: 10, filter: { commissionStatuses: [] } }, /commissionStatuses/],
      [{ offset: 0, limit: 10, filter: { paymentStatuses: ['x'.repeat(201)] } }, /paymentStatuses/],
      [{ offset: 0, limit: 10, filter: { text: 'x'.repeat(201) } }, /filter\.text/],
      [{ offset: 0, limit: 10, sort: { column: 'id; DROP TABLE sales', direction: 'asc' } }, /sort\.column/],
      [JSON.parse('{"offset":0,"limit":10,"__proto__":{"polluted":true}}'), /not valid/],
      ['not an object', /not valid/],
    ];
    for (const [input, message] of bad) {
      expect(() => cache.salesPage(ACCOUNT, input)).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringMatching(message) }),
      );
    }
    expect(() => cache.countSales('', {})).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });
});

function randomFilter(random: ReturnType<typeof createRandom>): SalesFilter {
  const filter: SalesFilter = {};
  if (random.chance(0.6)) {
    const from = `2025-${String(random.int(6, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
    Object.assign(filter, { from, to: `2026-${String(random.int(1, 6)).padStart(2, '0')}-15` });
    if (random.chance(0.3)) filter.dateBasis = 'payment';
  }
  if (random.chance(0.4)) filter.commissionStatuses = [random.pick(['approved', 'declined', 'pending'] as const)];
  if (random.chance(0.3)) filter.paymentStatuses = [random.pick(['paid', 'pending', 'none'] as const)];
  if (random.chance(0.3)) filter.currencies = [random.pick(['EUR', 'USD', 'GBP'])];
  if (random.chance(0.3)) filter.subids = [random.pick(['newsletter', 'tiktok', null])];
  if (random.chance(0.2)) filter.categories = [random.pick(['product', 'offer', 'coupon', null])];
  if (random.chance(0.2)) filter.collections = [random.pick(['home-office', 'desk-setup', null])];
  if (random.chance(0.3)) filter.text = random.pick(['lamp', 'desk', 'classic mug', 'insta', 'S-00012']);
  return filter;
}
