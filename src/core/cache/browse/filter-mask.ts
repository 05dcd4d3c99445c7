/**
 * Evaluates a {@link SalesFilter} over the in-memory columns: a byte per sale, 1 when it matches, in tight loops over
 * typed arrays. This is the only definition of what a filter matches: the screen, the exports and the command all
 * select through it.
 */
import { NO_DAY, type SaleColumns } from './column-store';
import { dayRanges, BLOCK_SHIFT } from './day-ranges';
import { slugMembership, type LookupCatalog } from './lookup-catalog';
import { dayNumber } from '../records';
import { membership } from './text-dictionary';
import type { SalesFilter } from '../../../shared/sales-query';

/** Matching sales as a byte mask over positions, and how many there are. */
export interface Selection {
  mask: Uint8Array;
  count: number;
}

/** Payment status filter values, with `none` standing for "no payment status". */
function paymentValues(wanted: readonly string[]): (string | null)[] {
  return wanted.map((value) => (value === 'none' ? null : value));
}

/** One list condition: the sale's code must be marked in `table`. */
interface CodeTest {
  codes: Int32Array | Uint8Array;
  table: Uint8Array;
}

/** 1 at each code of a status, currency or category the filter asks for; null where it has no such condition. */
export interface CodeConditions {
  commission: Uint8Array | null;
  payment: Uint8Array | null;
  currency: Uint8Array | null;
  category: Uint8Array | null;
}

/** The filter's conditions on statuses, currencies and categories, as tables over each dictionary's codes. */
export function codeConditions(columns: SaleColumns, filter: SalesFilter): CodeConditions {
  // Statuses are matched as their own text, listed by the spec or not.
  return {
    commission: filter.commissionStatuses ? membership(columns.commissionStatuses, filter.commissionStatuses) : null,
    payment: filter.paymentStatuses ? membership(columns.paymentStatuses, paymentValues(filter.paymentStatuses)) : null,
    currency: filter.currencies ? membership(columns.currencies, filter.currencies) : null,
    category: filter.categories ? membership(columns.categories, filter.categories) : null,
  };
}

function listTests(columns: SaleColumns, catalog: LookupCatalog, filter: SalesFilter): CodeTest[] {
  const tests: CodeTest[] = [];
  const add = (codes: Int32Array | Uint8Array, table: Uint8Array): void => void tests.push({ codes, table });
  const conditions = codeConditions(columns, filter);
  if (conditions.commission) add(columns.commissionStatus, conditions.commission);
  if (conditions.payment) add(columns.paymentStatus, conditions.payment);
  if (conditions.currency) add(columns.currency, conditions.currency);
  if (conditions.category) add(columns.category, conditions.category);
  if (filter.subids) add(columns.subid, membership(columns.subids, filter.subids));
  if (filter.products) add(columns.product, slugMembership(catalog.products, filter.products));
  if (filter.collections) add(columns.collection, slugMembership(catalog.collections, filter.collections));
  return tests;
}

/** A day range on one day column: days from `from` to `to`, both included. */
interface DayRangeTest {
  days: Int32Array;
  from: number;
  to: number;
}

/** The day range of the filter on its date basis, or null when it has none. */
function dayRange(columns: SaleColumns, filter: SalesFilter): DayRangeTest | null {
  if (filter.from === undefined && filter.to === undefined) return null;
  return {
    days: filter.dateBasis === 'payment' ? columns.payDay : columns.txDay,
    from: filter.from === undefined ? NO_DAY + 1 : dayNumber(filter.from),
    to: filter.to === undefined ? 2_147_483_647 : dayNumber(filter.to),
  };
}

/**
 * The selection of a filter with no condition but the no-longer-reported flag: native fills and searches instead of a
 * loop over every position (it is the first query of every session, often before the JIT has compiled the loop).
 */
function everySale(mask: Uint8Array, unreported: Uint8Array | null): Selection {
  mask.fill(1);
  let count = mask.length;
  if (unreported === null) return { mask, count };
  for (let p = unreported.indexOf(1); p >= 0 && p < mask.length; p = unreported.indexOf(1, p + 1)) {
    mask[p] = 0;
    count--;
  }
  return { mask, count };
}

/** Day bounds of a pass: wide enough for every real day, narrow enough that the range test below stays in 32 bits. */
const OPEN_LOW = -1_000_000_000;
const OPEN_HIGH = 1_000_000_000;

/**
 * The sales of `columns` matching `filter`. `textHits` is the mask of the filter's text search (null when the filter
 * has no searchable text); it is read, never modified. The mask is written into `into` when it has the right length
 * (every position is written), else into a new array.
 *
 * The conditions are combined with `&`, with no branch: whether a sale passes a condition is as good as random, so a
 * pass that skipped ahead on a failed condition mispredicted a branch at every other sale. They are tested two list
 * conditions at a time (the text search and the no-longer-reported flag count as such), the first two together with
 * the day range (or, with no range, writing the mask without reading it), each pass also counting: a pass per
 * condition read and wrote the whole mask once per condition, and a pass with unused slots still read them.
 */
export function selectMatching(
  columns: SaleColumns,
  catalog: LookupCatalog,
  filter: SalesFilter,
  textHits: Uint8Array | null,
  into?: Uint8Array,
): Selection {
  const n = columns.size;
  const mask = into?.length === n ? into : new Uint8Array(n);
  const range = dayRange(columns, filter);
  const tests = listTests(columns, catalog, filter);
  const unreported = filter.includeNoLongerReported === true ? null : columns.unreported;
  if (textHits === null && range === null && tests.length === 0) return everySale(mask, unreported);
  if (textHits !== null) tests.unshift({ codes: textHits, table: HIT });
  // Most caches have no sale the service stopped reporting: then the flag excludes nothing and is not read.
  if (unreported !== null && unreported.indexOf(1) !== -1) tests.unshift({ codes: unreported, table: REPORTED });
  // The first two list tests go with the day range, or make the mask when there is none.
  let count =
    range !== null
      ? blockedRangePass(mask, n, range, tests.slice(0, 2))
      : setPass(mask, n, tests[0] as CodeTest, tests[1]);
  for (let from = 2; from < tests.length; from += 2)
    count = andPass(mask, 0, n, tests[from] as CodeTest, tests[from + 1]);
  return { mask, count };
}

/**
 * Writes the mask of the day range and up to two list tests, block by block (see day-ranges.ts): a block wholly outside
 * the range is cleared, one wholly inside is tested on the list conditions only, the others on everything.
 */
function blockedRangePass(mask: Uint8Array, n: number, range: DayRangeTest, tests: readonly CodeTest[]): number {
  const blocks = dayRanges(range.days);
  const [first, second] = tests;
  let count = 0;
  for (let z = 0, start = 0; start < n; z++, start += 1 << BLOCK_SHIFT) {
    const end = Math.min(n, start + (1 << BLOCK_SHIFT));
    const [low, high] = [blocks.low[z] as number, blocks.high[z] as number];
    if (high < range.from || low > range.to) {
      mask.fill(0, start, end);
    } else if (low >= range.from && high <= range.to) {
      mask.fill(1, start, end);
      count += first === undefined ? end - start : andPass(mask, start, end, first, second);
    } else {
      count += rangePass(mask, start, end, range, first, second);
    }
  }
  return count;
}

/** The text search's mask read as a list condition: 1 marks a hit. */
const HIT = new Uint8Array([0, 1]);
/** The no-longer-reported flag read as a list condition: only 0 (still reported) passes. */
const REPORTED = new Uint8Array([1, 0]);

/** Writes the mask of positions [start, end) for the day range and up to two list tests; returns how many match. */
function rangePass(
  mask: Uint8Array,
  start: number,
  end: number,
  range: DayRangeTest,
  first: CodeTest | undefined,
  second: CodeTest | undefined,
): number {
  // 1 where `low <= day <= high` (the missing day, NO_DAY, is below every `low`): both differences are then >= 0.
  const { days } = range;
  const low = Math.max(range.from, OPEN_LOW);
  const high = Math.min(range.to, OPEN_HIGH);
  let count = 0;
  if (first === undefined) {
    for (let p = start; p < end; p++) {
      const day = days[p] as number;
      const m = (((day - low) | (high - day)) >>> 31) ^ 1;
      mask[p] = m;
      count += m;
    }
  } else if (second === undefined) {
    const { codes: a, table: ta } = first;
    for (let p = start; p < end; p++) {
      const day = days[p] as number;
      const m = ((((day - low) | (high - day)) >>> 31) ^ 1) & (ta[a[p] as number] as number);
      mask[p] = m;
      count += m;
    }
  } else {
    const [{ codes: a, table: ta }, { codes: b, table: tb }] = [first, second];
    for (let p = start; p < end; p++) {
      const day = days[p] as number;
      const m =
        ((((day - low) | (high - day)) >>> 31) ^ 1) & (ta[a[p] as number] as number) & (tb[b[p] as number] as number);
      mask[p] = m;
      count += m;
    }
  }
  return count;
}

/** Writes the mask of the first one or two list tests (nothing read from the mask); returns how many match. */
function setPass(mask: Uint8Array, n: number, first: CodeTest, second: CodeTest | undefined): number {
  const { codes: a, table: ta } = first;
  let count = 0;
  if (second === undefined) {
    for (let p = 0; p < n; p++) {
      const m = ta[a[p] as number] as number;
      mask[p] = m;
      count += m;
    }
    return count;
  }
  const { codes: b, table: tb } = second;
  for (let p = 0; p < n; p++) {
    const m = (ta[a[p] as number] as number) & (tb[b[p] as number] as number);
    mask[p] = m;
    count += m;
  }
  return count;
}

/** Clears the mask of positions [start, end) where `first` or `second` fails; returns how many there still match. */
function andPass(mask: Uint8Array, start: number, end: number, first: CodeTest, second: CodeTest | undefined): number {
  const { codes: a, table: ta } = first;
  let count = 0;
  if (second === undefined) {
    for (let p = start; p < end; p++) {
      const m = (mask[p] as number) & (ta[a[p] as number] as number);
      mask[p] = m;
      count += m;
    }
    return count;
  }
  const { codes: b, table: tb } = second;
  for (let p = start; p < end; p++) {
    const m = (mask[p] as number) & (ta[a[p] as number] as number) & (tb[b[p] as number] as number);
    mask[p] = m;
    count += m;
  }
  return count;
}
