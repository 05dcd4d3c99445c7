/**
 * The whole cache's totals per cell of day bucket × currency × commission status × payment status × category × "no
 * longer reported", per date basis, added up from every sale (both bases in one pass, when a summary first needs
 * cells) and kept until the sales change. A summary whose filter has conditions on those alone (a date range, statuses, currencies,
 * categories; no sub-IDs, products, collections or words) is the sum of the cells it selects: the buckets wholly
 * inside its date range, plus the few sales of the one or two buckets its range cuts, found through the day ranges.
 * That replaces a pass adding every matching sale, which made the broad and the wide-range summaries the slowest ones. Cells are added with the same exact sums as sales are
 * (`money-totals.ts`), so the totals are the same to the last digit.
 */
import type { SalesFilter } from '../../../shared/sales-query';
import { dayNumber } from '../records';
import { searchTerms } from '../search';
import type { AccountView } from './browse-index';
import { NO_DAY, type SaleColumns } from './column-store';
import { dayRanges, BLOCK_SHIFT } from './day-ranges';
import { codeConditions } from './filter-mask';
import {
  addGroup,
  addSale,
  addSaleRun,
  amountColumns,
  groupSums,
  type AmountColumns,
  type GroupSums,
} from './money-totals';

/** Most cells worth keeping per date basis: buckets widen until they fit, else summaries take the pass. */
const MAX_CELLS = 1 << 17;

/** Sales whose cells are worked out at a time while the cells are built. */
const BUILD_RUN = 4096;

/** Filter fields cells answer. */
const CELL_FIELDS: ReadonlySet<string> = new Set([
  'commissionStatuses',
  'paymentStatuses',
  'currencies',
  'categories',
  'includeNoLongerReported',
  'dateBasis',
  'from',
  'to',
]);

/** True when `filter` has conditions on the cells' dimensions alone. */
export function cellsAnswer(filter: SalesFilter): boolean {
  return Object.entries(filter).every(
    ([field, value]) =>
      value === undefined || CELL_FIELDS.has(field) || (field === 'text' && searchTerms(value as string) === null),
  );
}

/** The sizes of a bucket's dimensions; a bucket holds `2 × currencies × commission × payment × categories` cells. */
interface Dims {
  currencies: number;
  commission: number;
  payment: number;
  categories: number;
}

/** Days grouped in buckets of `1 << shift` days from `firstDay`; sales with no day (no payment date) in a last bucket. */
export interface Buckets {
  firstDay: number;
  /** The last day any sale has (the last bucket may reach past it). */
  lastDay: number;
  /** Days per bucket, as a shift: a bucket holds `1 << shift` days. */
  shift: number;
  /** Buckets of days; bucket `count` holds the sales with no day. */
  count: number;
}

/** One date basis's cells, `cells[bucket * perBucket + cell]`, and the shape of a bucket. */
interface BasisCells {
  dims: Dims;
  perBucket: number;
  days: Int32Array;
  buckets: Buckets;
  cells: GroupSums;
}

/** Which buckets a day range takes whole (`first`..`last`, none when first > last) and the day spans it cuts. */
export interface BucketSpans {
  first: number;
  last: number;
  partial: [number, number][];
}

/**
 * At most this many buckets of days: more buckets mean fewer sales in the ones a range cuts (added one by one) but more
 * cells to build and to add up; 128 buckets of 8 days hold a three-year cache.
 */
const MAX_BUCKETS = 128;

/** Buckets for days from `low` to `high` (real days only), or null when two buckets of cells would pass the cell limit. */
function bucketsFor(low: number, high: number, perBucket: number): Buckets | null {
  if (low > high) return { firstDay: 0, lastDay: -1, shift: 0, count: 0 };
  for (let shift = 0; shift <= 16; shift++) {
    const count = ((high - low) >> shift) + 1;
    if (count <= MAX_BUCKETS && (count + 1) * perBucket <= MAX_CELLS)
      return { firstDay: low, lastDay: high, shift, count };
  }
  return null;
}

/** The buckets a range from `from` to `to` (day numbers, both included) covers whole, and the spans of the ones it cuts. */
export function bucketSpans(buckets: Buckets, from: number, to: number): BucketSpans {
  const { firstDay, lastDay, count } = buckets;
  const width = 1 << buckets.shift;
  const low = Math.max(from, firstDay);
  const high = Math.min(to, lastDay);
  if (count === 0 || low > high) return { first: 0, last: -1, partial: [] };
  const lowBucket = Math.floor((low - firstDay) / width);
  const highBucket = Math.floor((high - firstDay) / width);
  const lowWhole = low === firstDay + lowBucket * width;
  const highWhole = high === lastDay || high === firstDay + (highBucket + 1) * width - 1;
  if (lowBucket === highBucket)
    return lowWhole && highWhole
      ? { first: lowBucket, last: lowBucket, partial: [] }
      : { first: 0, last: -1, partial: [[low, high]] };
  const partial: [number, number][] = [];
  if (!lowWhole) partial.push([low, firstDay + (lowBucket + 1) * width - 1]);
  if (!highWhole) partial.push([firstDay + highBucket * width, high]);
  return { first: lowWhole ? lowBucket : lowBucket + 1, last: highWhole ? highBucket : highBucket - 1, partial };
}

function realDayBounds(days: Int32Array, size: number): [number, number] {
  let low = 2_147_483_647;
  let high = NO_DAY;
  for (let p = 0; p < size; p++) {
    const day = days[p] as number;
    if (day === NO_DAY) continue;
    low = day < low ? day : low;
    high = day > high ? day : high;
  }
  return [low, high];
}

/** The arrays a cell is read from, in an object with plain fields (see `amountColumns` in `money-totals.ts`). */
interface CellColumns {
  dims: Dims;
  currency: SaleColumns['currency'];
  commissionStatus: SaleColumns['commissionStatus'];
  paymentStatus: SaleColumns['paymentStatus'];
  category: SaleColumns['category'];
  unreported: SaleColumns['unreported'];
}

function cellColumns(columns: SaleColumns, dims: Dims): CellColumns {
  const { currency, commissionStatus, paymentStatus, category, unreported } = columns;
  return { dims, currency, commissionStatus, paymentStatus, category, unreported };
}

/**
 * Writes the cell within its bucket of the sales at positions `start` to `end` into `cells`, in a loop over the code
 * arrays with every array and size in a local (read through objects at each sale, the cells alone were the slowest
 * part).
 */
function cellRun(c: CellColumns, cells: Int32Array, start: number, end: number): void {
  const { currency, commissionStatus, paymentStatus, category, unreported } = c;
  const { currencies, commission, payment, categories } = c.dims;
  for (let p = start; p < end; p++) {
    cells[p - start] =
      ((((unreported[p] as number) * currencies + (currency[p] as number)) * commission +
        (commissionStatus[p] as number)) *
        payment +
        (paymentStatus[p] as number)) *
        categories +
      (category[p] as number);
  }
}

/** Writes the group (bucket and cell) of the sales at positions `start` to `end` into `groups`, from their `cells`. */
function groupRun(basis: BasisCells, cells: Int32Array, groups: Int32Array, start: number, end: number): void {
  const { days, perBucket } = basis;
  const { firstDay, shift, count } = basis.buckets;
  for (let p = start; p < end; p++) {
    const day = days[p] as number;
    groups[p - start] = (day === NO_DAY ? count : (day - firstDay) >> shift) * perBucket + (cells[p - start] as number);
  }
}

/** Empty cells of one date basis (`days`: the column of its days), or null when the cache has too many distinct values. */
function emptyCells(columns: SaleColumns, dims: Dims, perBucket: number, days: Int32Array): BasisCells | null {
  const buckets = bucketsFor(...realDayBounds(days, columns.size), perBucket);
  return buckets === null
    ? null
    : { dims, perBucket, days, buckets, cells: groupSums((buckets.count + 1) * perBucket) };
}

/** Both date bases' cells, in one pass over the sales (each run's cells are worked out once, then added to both). */
function build(columns: SaleColumns): { transaction: BasisCells; payment: BasisCells } | null {
  const dims: Dims = {
    currencies: columns.currencies.values.length,
    commission: columns.commissionStatuses.values.length,
    payment: columns.paymentStatuses.values.length,
    categories: columns.categories.values.length,
  };
  const perBucket = 2 * dims.currencies * dims.commission * dims.payment * dims.categories;
  const transaction = emptyCells(columns, dims, perBucket, columns.txDay);
  const payment = emptyCells(columns, dims, perBucket, columns.payDay);
  if (transaction === null || payment === null) return null;
  const amounts = amountColumns(columns);
  const codes = cellColumns(columns, dims);
  const [cells, groups] = [new Int32Array(BUILD_RUN), new Int32Array(BUILD_RUN)];
  for (let start = 0; start < columns.size; start += BUILD_RUN) {
    const end = Math.min(columns.size, start + BUILD_RUN);
    cellRun(codes, cells, start, end);
    for (const basis of [transaction, payment]) {
      groupRun(basis, cells, groups, start, end);
      addSaleRun(basis.cells, amounts, groups, start, end);
    }
  }
  return { transaction, payment };
}

/** True when `code` passes a condition table; a missing condition passes every code. */
const passes = (table: Uint8Array | null, code: number): boolean => table === null || table[code] === 1;

/** 1 for each cell of a bucket the filter's status, currency, category and no-longer-reported conditions select. */
function wantedCells(columns: SaleColumns, dims: Dims, perBucket: number, filter: SalesFilter): Uint8Array {
  const conditions = codeConditions(columns, filter);
  const wanted = new Uint8Array(perBucket);
  for (let cell = 0; cell < perBucket; cell++) {
    const { unreported, currency, status, pay, category } = decode(dims, cell);
    if (unreported === 1 && filter.includeNoLongerReported !== true) continue;
    const passing =
      passes(conditions.commission, status) &&
      passes(conditions.payment, pay) &&
      passes(conditions.currency, currency) &&
      passes(conditions.category, category);
    if (passing) wanted[cell] = 1;
  }
  return wanted;
}

function decode(dims: Dims, cell: number) {
  let rest = cell;
  const category = rest % dims.categories;
  rest = Math.floor(rest / dims.categories);
  const pay = rest % dims.payment;
  rest = Math.floor(rest / dims.payment);
  const status = rest % dims.commission;
  rest = Math.floor(rest / dims.commission);
  return { category, pay, status, currency: rest % dims.currencies, unreported: Math.floor(rest / dims.currencies) };
}

/** Adds the sales of the day spans a range cuts, cell by cell, going through the day ranges that hold such days. */
function addCutSpans(
  columns: SaleColumns,
  amounts: AmountColumns,
  basis: BasisCells,
  spans: [number, number][],
  wanted: Uint8Array,
  into: GroupSums,
): void {
  const blocks = dayRanges(basis.days);
  const { days } = basis;
  const codes = cellColumns(columns, basis.dims);
  const cells = new Int32Array(1 << BLOCK_SHIFT);
  for (const [low, high] of spans) {
    for (let z = 0, start = 0; start < columns.size; z++, start += 1 << BLOCK_SHIFT) {
      if ((blocks.high[z] as number) < low || (blocks.low[z] as number) > high) continue;
      const end = Math.min(columns.size, start + (1 << BLOCK_SHIFT));
      cellRun(codes, cells, start, end);
      for (let p = start; p < end; p++) {
        const day = days[p] as number;
        const cell = cells[p - start] as number;
        if (day >= low && day <= high && wanted[cell] === 1) addSale(into, cell, amounts, p);
      }
    }
  }
}

/** A summary's groupings: by currency, by currency × commission status, by currency × payment status. */
export interface CellGroupings {
  currency: GroupSums;
  commission: GroupSums;
  payment: GroupSums;
}

/** The buckets and cut spans `filter` selects in `basis`: every bucket, the no-day one included, without a date range. */
function selectedSpans(basis: BasisCells, filter: SalesFilter): BucketSpans {
  if (filter.from === undefined && filter.to === undefined) return { first: 0, last: basis.buckets.count, partial: [] };
  const from = filter.from === undefined ? NO_DAY + 1 : dayNumber(filter.from);
  const to = filter.to === undefined ? 2_147_483_647 : dayNumber(filter.to);
  return bucketSpans(basis.buckets, from, to);
}

/**
 * Adds the cells `filter` selects to `into` and returns true, or returns false (adding nothing) when the cache has too
 * many distinct values for cells. Call only for a filter {@link cellsAnswer}s.
 */
export function addFromCells(view: AccountView, filter: SalesFilter, into: CellGroupings): boolean {
  const { columns } = view;
  const bases = view.derived('summary-cells', () => build(columns));
  if (bases === null) return false;
  // Without a date range either basis holds every sale once.
  const basis =
    filter.dateBasis === 'payment' && (filter.from !== undefined || filter.to !== undefined)
      ? bases.payment
      : bases.transaction;
  const { dims, perBucket } = basis;
  const wanted = wantedCells(columns, dims, perBucket, filter);
  const spans = selectedSpans(basis, filter);
  // One bucket's worth of cells: the selected buckets and cut spans are added here first, then split three ways.
  const sums = groupSums(perBucket);
  for (let bucket = spans.first; bucket <= spans.last; bucket++) {
    const base = bucket * perBucket;
    for (let cell = 0; cell < perBucket; cell++) {
      if (wanted[cell] === 1 && (basis.cells.count[base + cell] as number) > 0)
        addGroup(sums, cell, basis.cells, base + cell);
    }
  }
  addCutSpans(columns, amountColumns(columns), basis, spans.partial, wanted, sums);
  for (let cell = 0; cell < perBucket; cell++) {
    if ((sums.count[cell] as number) === 0) continue;
    const { currency, status, pay } = decode(dims, cell);
    addGroup(into.currency, currency, sums, cell);
    addGroup(into.commission, currency * dims.commission + status, sums, cell);
    addGroup(into.payment, currency * dims.payment + pay, sums, cell);
  }
  return true;
}
