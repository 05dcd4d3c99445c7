/**
 * Sort orders for the in-memory browse index: a permutation of positions per sort column, ascending by the column
 * and then by position (= row id), exactly the order of SQL `ORDER BY column, id` (NULL first). Descending is the
 * same permutation walked backwards, which is `ORDER BY column DESC, id DESC`. Built with a counting sort over
 * integer ranks: linear time.
 */
import type Database from 'better-sqlite3';
import type { LookupCatalog, LookupEntry } from './lookup-catalog';
import type { SaleSortColumn } from '../../../shared/sales-query';
import { NO_DAY, type SaleColumns } from './column-store';

/** Integer sort keys per position and how many distinct ranks they use. */
interface Ranked {
  keys: Int32Array;
  count: number;
}

/** `into` when it can hold `size` positions, else a new array: an order let go lends its memory to the next. */
function orderArray(size: number, into: Int32Array | undefined): Int32Array {
  return into?.length === size ? into : new Int32Array(size);
}

/** Stable counting sort: positions ordered by key, ties in position order. */
export function countingSort(keys: Int32Array, size: number, rankCount: number, into?: Int32Array): Int32Array {
  const starts = new Int32Array(rankCount + 1);
  for (let p = 0; p < size; p++) {
    const next = (keys[p] as number) + 1;
    starts[next] = (starts[next] as number) + 1;
  }
  for (let r = 1; r <= rankCount; r++) starts[r] = (starts[r] as number) + (starts[r - 1] as number);
  const order = orderArray(size, into);
  for (let p = 0; p < size; p++) {
    const key = keys[p] as number;
    const at = starts[key] as number;
    order[at] = p;
    starts[key] = at + 1;
  }
  return order;
}

/**
 * {@link countingSort} of keys `ranks[codes[p]]`, read through the codes instead of a key array made first: a column
 * of dictionary codes or lookup ids is sorted without an array of keys left for the GC.
 */
function countingSortByCode(
  codes: Int32Array,
  ranks: Int32Array,
  size: number,
  rankCount: number,
  into?: Int32Array,
): Int32Array {
  const starts = new Int32Array(rankCount + 1);
  for (let p = 0; p < size; p++) {
    const next = (ranks[codes[p] as number] as number) + 1;
    starts[next] = (starts[next] as number) + 1;
  }
  for (let r = 1; r <= rankCount; r++) starts[r] = (starts[r] as number) + (starts[r - 1] as number);
  const order = orderArray(size, into);
  for (let p = 0; p < size; p++) {
    const key = ranks[codes[p] as number] as number;
    const at = starts[key] as number;
    order[at] = p;
    starts[key] = at + 1;
  }
  return order;
}

/** Ranks of texts in SQLite's own BINARY order (NULL first); equal texts share a rank. */
export function textRanks(
  db: Database.Database,
  values: readonly (string | null)[],
): { ranks: Int32Array; count: number } {
  const sorted = db
    .prepare<[string], [number, string | null]>('SELECT key, value FROM json_each(?) ORDER BY value, key')
    .raw()
    .all(JSON.stringify(values));
  const ranks = new Int32Array(values.length);
  let rank = -1;
  let previous: string | null | undefined;
  for (const [index, value] of sorted) {
    if (rank < 0 || value !== previous) rank++;
    previous = value;
    ranks[index] = rank;
  }
  return { ranks, count: rank + 1 };
}

function viaCodes(codes: Int32Array | Uint8Array, size: number, ranks: Int32Array, count: number): Ranked {
  const keys = new Int32Array(size);
  for (let p = 0; p < size; p++) keys[p] = ranks[codes[p] as number] as number;
  return { keys, count };
}

/** Ranks of numbers (NaN and NO_DAY first, as NULL): direct offsets when the range is small, else sorted. */
function numberRanks(values: Float64Array | Int32Array, size: number): Ranked {
  let min = Infinity;
  let max = -Infinity;
  let integral = true;
  for (let p = 0; p < size; p++) {
    const v = values[p] as number;
    if (Number.isNaN(v) || v === NO_DAY) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    if (integral && !Number.isInteger(v)) integral = false;
  }
  const keys = new Int32Array(size);
  if (min > max) return { keys, count: 1 };
  if (integral && max - min < DIRECT_RANGE) {
    for (let p = 0; p < size; p++) {
      const v = values[p] as number;
      keys[p] = Number.isNaN(v) || v === NO_DAY ? 0 : v - min + 1;
    }
    return { keys, count: max - min + 2 };
  }
  if (integral && max - min < 2 ** 32) return radixRanks(values, size, min);
  return distinctRanks(values, size);
}

/** Ranges up to this many values are ranked by offset; wider ones would make the counting sort's table too large. */
const DIRECT_RANGE = 1 << 16;

/**
 * Ranks of integers spanning up to 2^32 (amounts in units): an LSD radix sort on their offset from `min`, 16 bits at a
 * time, then equal neighbours share a rank. Linear, like the counting sort, with two 64K-entry tables instead of one
 * entry per possible value (an amount column can span millions of units).
 */
function radixRanks(values: Float64Array | Int32Array, size: number, min: number): Ranked {
  const offsets = new Uint32Array(size);
  let order: Int32Array = new Int32Array(size);
  const isNull = (v: number): boolean => Number.isNaN(v) || v === NO_DAY;
  // Nulls first, then the positions with a value, each in position order; those are then sorted by 16 bits at a time.
  let nulls = 0;
  for (let p = 0; p < size; p++) if (isNull(values[p] as number)) order[nulls++] = p;
  let at = nulls;
  for (let p = 0; p < size; p++) {
    const v = values[p] as number;
    if (isNull(v)) continue;
    offsets[p] = v - min;
    order[at++] = p;
  }
  for (const shift of [0, 16]) order = radixPass(order, offsets, nulls, shift);
  const keys = new Int32Array(size);
  let rank = 0;
  for (let i = nulls; i < size; i++) {
    const p = order[i] as number;
    const q = order[i - 1] as number;
    if (i === nulls || offsets[p] !== offsets[q]) rank++;
    keys[p] = rank;
  }
  return { keys, count: rank + 1 };
}

/** One stable pass of the radix sort over `order[from…]` by 16 bits of `offsets` starting at `shift`. */
function radixPass(order: Int32Array, offsets: Uint32Array, from: number, shift: number): Int32Array {
  const starts = new Int32Array(0x10001);
  for (let i = from; i < order.length; i++) {
    const digit = ((offsets[order[i] as number] as number) >>> shift) & 0xffff;
    starts[digit + 1] = (starts[digit + 1] as number) + 1;
  }
  for (let d = 1; d <= 0x10000; d++) starts[d] = (starts[d] as number) + (starts[d - 1] as number);
  const next = new Int32Array(order.length);
  next.set(order.subarray(0, from));
  for (let i = from; i < order.length; i++) {
    const p = order[i] as number;
    const digit = ((offsets[p] as number) >>> shift) & 0xffff;
    next[from + (starts[digit] as number)] = p;
    starts[digit] = (starts[digit] as number) + 1;
  }
  return next;
}

function distinctRanks(values: Float64Array | Int32Array, size: number): Ranked {
  const distinct = Float64Array.from(values.subarray(0, size))
    .filter((v) => !Number.isNaN(v) && v !== NO_DAY)
    .sort();
  const unique = distinct.filter((v, i) => i === 0 || v !== distinct[i - 1]);
  const rankOf = new Map<number, number>();
  unique.forEach((v, i) => rankOf.set(v, i + 1));
  const keys = new Int32Array(size);
  for (let p = 0; p < size; p++) keys[p] = rankOf.get(values[p] as number) ?? 0;
  return { keys, count: unique.length + 1 };
}

/**
 * Amounts of different currencies cannot be compared, so they sort by currency (in its code's order) and then by face
 * value within it: the positions in amount order are bucketed, stably, by currency,
 * and each (currency, amount) pair gets the next rank. Within one currency every amount has the same scale, so its
 * units are in face-value order: they are ranked as the integers they are.
 */
function byCurrencyThenAmount(db: Database.Database, columns: SaleColumns, units: Float64Array): Ranked {
  const n = columns.size;
  const amounts = numberRanks(units, n);
  const byAmount = countingSort(amounts.keys, n, amounts.count);
  const codes = textRanks(db, columns.currencies.values);
  const currencies = viaCodes(columns.currency, n, codes.ranks, codes.count);
  const starts = new Int32Array(currencies.count + 1);
  for (let p = 0; p < n; p++)
    starts[(currencies.keys[p] as number) + 1] = (starts[(currencies.keys[p] as number) + 1] as number) + 1;
  for (let r = 1; r <= currencies.count; r++) starts[r] = (starts[r] as number) + (starts[r - 1] as number);
  const order = new Int32Array(n);
  for (const p of byAmount) {
    const currency = currencies.keys[p] as number;
    order[starts[currency] as number] = p;
    starts[currency] = (starts[currency] as number) + 1;
  }
  const keys = new Int32Array(n);
  let rank = -1;
  for (let i = 0; i < n; i++) {
    const p = order[i] as number;
    const q = order[i - 1];
    if (q === undefined || currencies.keys[p] !== currencies.keys[q] || amounts.keys[p] !== amounts.keys[q]) rank++;
    keys[p] = rank;
  }
  return { keys, count: rank + 1 };
}

function nameRanks(
  db: Database.Database,
  entries: readonly (LookupEntry | undefined)[],
): { ranks: Int32Array; count: number } {
  const names = Array.from({ length: Math.max(1, entries.length) }, (_, id) => entries[id]?.name ?? null);
  return textRanks(db, names);
}

/** Codes and a rank per code of the columns sorted by a dictionary text or a lookup name; null for the others. */
function codedColumn(
  db: Database.Database,
  columns: SaleColumns,
  catalog: LookupCatalog,
  column: SaleSortColumn,
): { codes: Int32Array; ranks: Int32Array; count: number } | null {
  const text = (codes: Int32Array, values: readonly (string | null)[]) => ({ codes, ...textRanks(db, values) });
  switch (column) {
    case 'commissionStatus':
      return text(columns.commissionStatus, columns.commissionStatuses.values);
    case 'paymentStatus':
      return text(columns.paymentStatus, columns.paymentStatuses.values);
    case 'currency':
      return text(columns.currency, columns.currencies.values);
    case 'category':
      return text(columns.category, columns.categories.values);
    case 'subid':
      return text(columns.subid, columns.subids.values);
    case 'firstSeen':
      return text(columns.firstSeen, columns.times.values);
    case 'lastChanged':
      return text(columns.lastChanged, columns.times.values);
    case 'productName':
      return { codes: columns.product, ...nameRanks(db, catalog.products) };
    case 'collectionName':
      return { codes: columns.collection, ...nameRanks(db, catalog.collections) };
    default:
      return null;
  }
}

/** Ranks of the columns sorted by number: days and amounts. */
function rankedNumbers(db: Database.Database, columns: SaleColumns, column: SaleSortColumn): Ranked {
  switch (column) {
    case 'transactionDate':
      return numberRanks(columns.txDay, columns.size);
    case 'paymentDate':
      return numberRanks(columns.payDay, columns.size);
    case 'commissionAmount':
      return byCurrencyThenAmount(db, columns, columns.commission);
    case 'transactionAmount':
      return byCurrencyThenAmount(db, columns, columns.transaction);
    default:
      throw new Error(`no numeric order for ${column}`);
  }
}

/**
 * Positions in reference order, read from the (account, reference) index: references are too many to hold and rank
 * in memory. SQLite hands the ids over as one JSON array, which parses far quicker than one-value rows cross into
 * JavaScript.
 */
function referenceOrder(db: Database.Database, account: string, columns: SaleColumns, into?: Int32Array): Int32Array {
  const order = orderArray(columns.size, into);
  let at = 0;
  const json = db
    .prepare<[string], string>(
      'SELECT json_group_array(id) FROM (SELECT id FROM sales WHERE account_id = ? ORDER BY reference, id)',
    )
    .pluck()
    .get(account);
  const { posById } = columns;
  for (const id of JSON.parse(json ?? '[]') as number[]) {
    const pos = posById[id];
    if (pos !== undefined && pos >= 0 && at < order.length) order[at++] = pos;
  }
  return order;
}

/** The ascending permutation of `columns` for `column`, written into `into` when it has the right length. */
export function sortOrder(
  db: Database.Database,
  account: string,
  columns: SaleColumns,
  catalog: LookupCatalog,
  column: SaleSortColumn,
  into?: Int32Array,
): Int32Array {
  if (column === 'reference') return referenceOrder(db, account, columns, into);
  const coded = codedColumn(db, columns, catalog, column);
  if (coded !== null) return countingSortByCode(coded.codes, coded.ranks, columns.size, coded.count, into);
  const { keys, count } = rankedNumbers(db, columns, column);
  return countingSort(keys, columns.size, count, into);
}
