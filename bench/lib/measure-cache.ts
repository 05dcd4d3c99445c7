/**
 * Measures the cache on a generated database (see scripts/generate-sales-db.ts): open time (with quick_check), the
 * in-memory index build, p50/p95/max of random sales-browser queries per family, random summaries, series, top lists
 * and an export stream, plus a SQLite-only baseline of the same deep-page queries. Prints figures; asserts nothing.
 *
 *   npx tsx bench/lib/measure-cache.ts --db /tmp/sales.sqlite [--account bench] [--queries 200] [--summaries 50] [--skip-export]
 *       [--with-writes]   (also stores 20 pages of 100 status changes into the file, then browses after each)
 *
 * The query mix (random filters, deep offsets, the browse families) is exported for `npm run bench`'s query case, so
 * both measure the same thing.
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { createRandom, type Random } from '../../src/core/demo';
import { addDays } from '../../src/shared/dates';
import { openCache, type SalesCache, SALE_COLUMNS, SALE_FROM } from '../../src/core/cache';
import { orderClause, whereClause } from './sql-baseline';
import {
  type SalesFilter,
  type SaleSortColumn,
  type SalesPageQuery,
  SALE_SORT_COLUMNS,
} from '../../src/shared/sales-query';
import type { DistinctValues } from '../../src/shared/sales-query-types';

const WORDS = ['lamp', 'desk', 'classic mug', 'aurora', 'insta', 'smart home', 'S-0004', 'cafe', 'blog deals', 'tent'];

/** Runs `work` once and returns its wall time. */
export function time<T>(work: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = work();
  return { ms: performance.now() - start, value };
}

/** The p-th percentile (nearest rank) of `values`; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function report(name: string, values: readonly number[]): void {
  const f = (n: number): string => n.toFixed(1).padStart(7);
  console.log(
    `${name.padEnd(52)} n=${String(values.length).padStart(3)}  p50${f(percentile(values, 50))} ms  p95${f(percentile(values, 95))} ms  max${f(Math.max(...values))} ms`,
  );
}

function pickSome<T>(random: Random, items: readonly T[], max: number): T[] {
  const count = random.int(1, Math.min(max, items.length));
  return Array.from({ length: count }, () => random.pick(items)).filter((v, i, all) => all.indexOf(v) === i);
}

/** A random sales-browser filter over the values the cache holds: dates, statuses, currencies, lookups, maybe text. */
export function randomFilter(random: Random, values: DistinctValues, text: boolean): SalesFilter {
  const filter: SalesFilter = {};
  const first = values.firstDay ?? '2024-07-01';
  const span = Math.max(1, Math.round((Date.parse(values.lastDay ?? first) - Date.parse(first)) / 86_400_000));
  if (random.chance(0.7)) {
    const from = addDays(first, random.int(0, span - 1));
    Object.assign(filter, { from, to: addDays(from, random.int(7, span)) });
    if (random.chance(0.2)) filter.dateBasis = 'payment';
  }
  if (random.chance(0.4)) filter.commissionStatuses = pickSome(random, ['approved', 'declined', 'pending'] as const, 2);
  if (random.chance(0.3)) filter.paymentStatuses = pickSome(random, ['paid', 'pending', 'none'] as const, 2);
  if (random.chance(0.3))
    filter.currencies = pickSome(
      random,
      values.currencies.map((v) => v.value ?? 'EUR'),
      2,
    );
  if (random.chance(0.3))
    filter.subids = pickSome(
      random,
      values.subids.map((v) => v.value),
      3,
    );
  if (random.chance(0.2))
    filter.categories = pickSome(
      random,
      values.categories.map((v) => v.value),
      2,
    );
  if (random.chance(0.2))
    filter.collections = pickSome(
      random,
      values.collections.map((v) => v.value),
      3,
    );
  if (random.chance(0.15))
    filter.products = pickSome(
      random,
      values.products.map((v) => v.value),
      5,
    );
  if (text) filter.text = random.pick(WORDS);
  return filter;
}

/** An offset near the end of the result most of the time (the expensive case for LIMIT/OFFSET), anywhere otherwise. */
export function deepOffset(random: Random, total: number, limit: number): number {
  if (total <= limit) return 0;
  const fraction = random.chance(0.7) ? 0.9 + random.next() * 0.1 : random.next();
  return Math.min(total - limit, Math.floor(total * fraction));
}

/** Times one page request, cold for its filter: the offset was chosen with the separate `counter` cache. */
function browse(cache: SalesCache, account: string, query: SalesPageQuery): number {
  const { ms, value } = time(() => cache.salesPage(account, query));
  if (value.rows.length === 0 && value.total > 0) throw new Error('measure: an offset past the end was chosen');
  return ms;
}

/** A kind of sales-browser query, and how many of a run of 200 it makes up. */
export interface Family {
  name: string;
  count: number;
  make: (
    random: Random,
    values: DistinctValues,
  ) => { filter: SalesFilter; column: SaleSortColumn; direction: 'asc' | 'desc' };
}

const BASE_FAMILIES: Family[] = [
  {
    name: 'browse: no filter, date sort, offset >= 900,000',
    count: 40,
    make: () => ({ filter: {}, column: 'transactionDate', direction: 'desc' }),
  },
  {
    name: 'browse: random filters, date sort (both), deep pages',
    count: 80,
    make: (r, v) => ({
      filter: randomFilter(r, v, false),
      column: 'transactionDate',
      direction: r.pick(['asc', 'desc'] as const),
    }),
  },
  {
    name: 'browse: random filters + text search, deep pages',
    count: 40,
    make: (r, v) => ({
      filter: randomFilter(r, v, true),
      column: 'transactionDate',
      direction: r.pick(['asc', 'desc'] as const),
    }),
  },
  {
    name: 'browse: random filters, any sort column, deep pages',
    count: 40,
    make: (r, v) => ({
      filter: randomFilter(r, v, r.chance(0.2)),
      column: r.pick(SALE_SORT_COLUMNS),
      direction: r.pick(['asc', 'desc'] as const),
    }),
  },
];

/** The browse families scaled to `total` queries. */
export function families(total: number): Family[] {
  return BASE_FAMILIES.map((family) => ({ ...family, count: Math.round((family.count * total) / 200) }));
}

/** The timings of one browse family. */
export interface FamilyTimings {
  name: string;
  timings: number[];
}

/** The page requests of one browse family, offsets chosen already. */
export interface PlannedFamily {
  name: string;
  queries: SalesPageQuery[];
}

/**
 * Draws `queries` random page requests, with offsets chosen by counting on `counter` (so the cache that is timed
 * later memoises nothing outside its timings; the query case counts in another process, so that its memory does not
 * count either).
 */
export function planBrowse(
  counter: SalesCache,
  account: string,
  values: DistinctValues,
  queries: number,
  random: Random,
  size: number,
): PlannedFamily[] {
  return families(queries).map((family) => {
    const planned: SalesPageQuery[] = [];
    for (let i = 0; i < family.count; i++) {
      const { filter, column, direction } = family.make(random, values);
      const offset = family.name.startsWith('browse: no filter')
        ? Math.min(size - 100, random.int(900_000, Math.max(900_000, size - 100)))
        : deepOffset(random, counter.countSales(account, filter), 100);
      planned.push({ filter, sort: { column, direction }, offset: Math.max(0, offset), limit: 100 });
    }
    return { name: family.name, queries: planned };
  });
}

/** Times each planned page request on `cache`, in order. */
export function timePlanned(cache: SalesCache, account: string, planned: readonly PlannedFamily[]): FamilyTimings[] {
  return planned.map((family) => ({
    name: family.name,
    timings: family.queries.map((query) => browse(cache, account, query)),
  }));
}

/** {@link planBrowse} then {@link timePlanned}, in one process. */
export function browseTimings(
  cache: SalesCache,
  counter: SalesCache,
  account: string,
  values: DistinctValues,
  queries: number,
  random: Random,
  size: number,
): FamilyTimings[] {
  return timePlanned(cache, account, planBrowse(counter, account, values, queries, random, size));
}

/** `count` random summary filters, none seen before. */
export function planSummaries(values: DistinctValues, count: number, random: Random): SalesFilter[] {
  return Array.from({ length: count }, () => randomFilter(random, values, random.chance(0.2)));
}

/** Times one summary per filter (nothing memoised: each filter is new). */
export function timeSummaries(cache: SalesCache, account: string, filters: readonly SalesFilter[]): number[] {
  return filters.map((filter) => time(() => cache.summary(account, filter)).ms);
}

function measureBrowse(
  cache: SalesCache,
  counter: SalesCache,
  account: string,
  values: DistinctValues,
  queries: number,
  random: Random,
  size: number,
): void {
  const all: number[] = [];
  for (const { name, timings } of browseTimings(cache, counter, account, values, queries, random, size)) {
    report(name, timings);
    all.push(...timings);
  }
  report('browse: all families', all);
}

function measureSummaries(
  cache: SalesCache,
  account: string,
  values: DistinctValues,
  count: number,
  random: Random,
): void {
  const summaries: number[] = [];
  const series: number[] = [];
  const tops: number[] = [];
  const fresh = (): SalesFilter => randomFilter(random, values, random.chance(0.2));
  for (let i = 0; i < count; i++) {
    const [a, b, c] = [fresh(), fresh(), fresh()];
    summaries.push(time(() => cache.summary(account, a)).ms);
    series.push(
      time(() => cache.series(account, { filter: b, interval: random.pick(['day', 'week', 'month'] as const) })).ms,
    );
    tops.push(
      time(() =>
        cache.topEntries(account, {
          filter: c,
          dimension: random.pick(['collection', 'product', 'subid'] as const),
          limit: 10,
        }),
      ).ms,
    );
  }
  report('summary (currency x statuses), random filters', summaries);
  console.log('  (each summary, series and top list uses a filter not seen before: nothing memoised)');
  report('series (day/week/month), random filters', series);
  report('top entries, random filters', tops);
  report(
    'distinct values, random filters',
    Array.from({ length: 20 }, () => time(() => cache.distinctValues(account, randomFilter(random, values, false))).ms),
  );
}

function measureSqlBaseline(path: string, account: string, values: DistinctValues, random: Random): void {
  const db = new Database(path, { readonly: true });
  const timings: number[] = [];
  for (let i = 0; i < 10; i++) {
    const filter = randomFilter(random, values, false);
    const where = whereClause(account, filter);
    const sql = `SELECT ${SALE_COLUMNS} FROM ${SALE_FROM} ${where.sql} ${orderClause({ column: 'transactionDate', direction: 'desc' })} LIMIT 100 OFFSET ?`;
    const total =
      db
        .prepare<(string | number)[], number>(`SELECT count(*) FROM ${SALE_FROM} ${where.sql}`)
        .pluck()
        .get(...where.params) ?? 0;
    timings.push(time(() => db.prepare(sql).all(...where.params, Math.max(0, Math.floor(total * 0.95) - 100))).ms);
  }
  db.close();
  report('baseline: same deep pages in plain SQL (LIMIT/OFFSET)', timings);
}

/** Queries right after a sync stored a page: the index patches the page's rows and rebuilds what it memoised. */
function measureDuringSync(cache: SalesCache, account: string, values: DistinctValues, random: Random): void {
  const timings: number[] = [];
  const sample = cache.salesPage(account, { offset: 0, limit: 100 }).rows;
  for (let i = 0; i < 20; i++) {
    const page = sample.map((sale) => ({
      ...sale,
      commissionStatus: random.pick(['approved', 'declined', 'pending'] as const),
    }));
    cache.storePage(account, page, new Date());
    const filter = randomFilter(random, values, false);
    timings.push(time(() => cache.salesPage(account, { filter, offset: 5_000, limit: 100 })).ms);
  }
  report('browse right after a sync stored a page (patch + rebuild)', timings);
}

function measureExport(cache: SalesCache, account: string): void {
  let rows = 0;
  const { ms } = time(() => {
    for (const row of cache.iterateSales(account, { sort: { column: 'transactionDate', direction: 'asc' } }))
      if (row.reference) rows++;
  });
  console.log(
    `export stream (all rows, date order): ${rows} rows in ${(ms / 1000).toFixed(2)} s (${Math.round(rows / (ms / 1000))} rows/s)`,
  );
}

function main(): void {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      account: { type: 'string', default: 'bench' },
      queries: { type: 'string', default: '200' },
      summaries: { type: 'string', default: '50' },
      seed: { type: 'string', default: '1' },
      'skip-export': { type: 'boolean', default: false },
      'with-writes': { type: 'boolean', default: false },
    },
  });
  if (values.db === undefined) throw new Error('Pass --db <file.sqlite> (make one with scripts/generate-sales-db.ts).');
  const random = createRandom(Number(values.seed));
  const account = values.account;
  console.log(`database ${values.db}: ${(statSync(values.db).size / 1e6).toFixed(1)} MB`);
  const opened = time(() => openCache({ path: values.db as string }));
  const { cache } = opened.value;
  console.log(`open (inspection with quick_check, migrations): ${opened.ms.toFixed(0)} ms`);
  const heapBefore = process.memoryUsage();
  const built = time(() => cache.countSales(account, {}));
  const heapAfter = process.memoryUsage();
  console.log(
    `in-memory index of ${built.value} sales built in ${built.ms.toFixed(0)} ms; +${((heapAfter.arrayBuffers - heapBefore.arrayBuffers) / 1e6).toFixed(0)} MB array buffers, rss ${(heapAfter.rss / 1e6).toFixed(0)} MB`,
  );
  const sorts = SALE_SORT_COLUMNS.map(
    (column) => time(() => cache.salesPage(account, { sort: { column, direction: 'asc' }, offset: 0, limit: 100 })).ms,
  );
  report('first use of each sort column (builds its order)', sorts);
  console.log(`  ${SALE_SORT_COLUMNS.map((c, i) => `${c} ${(sorts[i] ?? 0).toFixed(0)}`).join(', ')} (ms)`);
  const distinct = cache.distinctValues(account);
  const counter = openCache({ path: values.db }).cache;
  measureBrowse(cache, counter, account, distinct, Number(values.queries), random, built.value);
  counter.close();
  measureSummaries(cache, account, distinct, Number(values.summaries), random);
  measureSqlBaseline(values.db, account, distinct, random);
  if (values['with-writes']) measureDuringSync(cache, account, distinct, random);
  if (!values['skip-export']) measureExport(cache, account);
  cache.close();
}

// By its file name, not `import.meta.url`: in the bench's bundles of scripts that import this one, the URL is theirs.
if (process.argv[1]?.endsWith('measure-cache.ts')) main();
