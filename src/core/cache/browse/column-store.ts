/**
 * A column-wise, in-memory copy of the fields of one account's sales that filters, sorts and totals read: typed
 * arrays of codes, day numbers and integer amounts. Scanning them is far quicker than SQLite answering the same filter,
 * so the sales table can show any filter, any sort and any offset within its budget. SQLite remains the only source of
 * truth: these arrays are rebuilt from it and patched with the rows each stored page wrote.
 */
import { parseDecimal, type ExactDecimal } from '../../../shared/money';
import { createDictionary, encode, type TextDictionary } from './text-dictionary';
import { writeDay } from './day-ranges';

/** Day number standing for "no payment date"; below every real day so it sorts first like SQL NULL. */
export const NO_DAY = -2_147_483_648;

/** One account's sales as parallel arrays; index = position, positions follow row id order. */
export interface SaleColumns {
  size: number;
  ids: Int32Array;
  txDay: Int32Array;
  payDay: Int32Array;
  /** Codes of `commissionStatuses`; statuses are open values (the spec's three, or whatever the service sent). */
  commissionStatus: Int32Array;
  /** Codes of `paymentStatuses` (0: the sale has none). */
  paymentStatus: Int32Array;
  currency: Int32Array;
  category: Int32Array;
  subid: Int32Array;
  product: Int32Array;
  collection: Int32Array;
  /** Units at the currency's scale (rounded when the amount is finer, see `fine`); NaN when the sale has none. */
  commission: Float64Array;
  /** As `commission`, for the transaction amount. */
  transaction: Float64Array;
  /** Bit {@link FINE_COMMISSION} / {@link FINE_TRANSACTION}: the amount's exact value is in `fineAmounts`, not in the units. */
  fine: Uint8Array;
  /** Exact amounts of the positions flagged in `fine`: few (sub-cent or absurd amounts), so a map. */
  fineAmounts: Map<number, FineAmounts>;
  firstSeen: Int32Array;
  lastChanged: Int32Array;
  /** 1 when the service no longer reports the sale (T5). */
  unreported: Uint8Array;
  /** Position of a row id, -1 when the id is not one of this account's sales. */
  posById: Int32Array;
  commissionStatuses: TextDictionary;
  paymentStatuses: TextDictionary;
  currencies: TextDictionary;
  categories: TextDictionary;
  subids: TextDictionary;
  times: TextDictionary;
}

/** The exact amounts of a sale whose units cannot hold them. */
export interface FineAmounts {
  commission: ExactDecimal | null;
  transaction: ExactDecimal | null;
}

/** Flag in {@link SaleColumns.fine}: the commission is exact only in `fineAmounts`. */
export const FINE_COMMISSION = 1;
/** Flag in {@link SaleColumns.fine}: the transaction amount is exact only in `fineAmounts`. */
export const FINE_TRANSACTION = 2;

/**
 * Columns read from SQLite, in this order, to fill the arrays. A column added here must also be in migration 8's update
 * trigger, and the saved index's FORMAT raised (`saved-columns.ts`).
 */
export const COLUMN_SELECT = `id, transaction_date, payment_date, commission_status, payment_status, currency, category,
  subid, product_id, collection_id, commission_minor, transaction_minor, first_seen, last_changed, commission_exact, transaction_exact,
  unreported_at IS NOT NULL`;

/** A raw row of {@link COLUMN_SELECT}. */
export type ColumnRow = [
  number,
  string,
  string | null,
  string | null,
  string | null,
  string,
  string | null,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string,
  string,
  string | null,
  string | null,
  number,
];

/** The kinds of typed array a column is. */
export type Growable = Int32Array | Uint8Array | Float64Array;
/** The per-position arrays (all but `posById`), grown together. */
export const GROWABLE = [
  'ids',
  'txDay',
  'payDay',
  'commissionStatus',
  'paymentStatus',
  'currency',
  'category',
  'subid',
  'product',
  'collection',
  'commission',
  'transaction',
  'fine',
  'firstSeen',
  'lastChanged',
  'unreported',
] as const satisfies readonly (keyof SaleColumns)[];

/** Empty columns with room for `capacity` sales. */
export function createColumns(capacity: number): SaleColumns {
  const n = Math.max(16, capacity);
  return {
    size: 0,
    ids: new Int32Array(n),
    txDay: new Int32Array(n),
    payDay: new Int32Array(n),
    commissionStatus: new Int32Array(n),
    paymentStatus: new Int32Array(n),
    currency: new Int32Array(n),
    category: new Int32Array(n),
    subid: new Int32Array(n),
    product: new Int32Array(n),
    collection: new Int32Array(n),
    commission: new Float64Array(n),
    transaction: new Float64Array(n),
    fine: new Uint8Array(n),
    fineAmounts: new Map(),
    firstSeen: new Int32Array(n),
    lastChanged: new Int32Array(n),
    unreported: new Uint8Array(n),
    posById: new Int32Array(16).fill(-1),
    commissionStatuses: createDictionary(),
    paymentStatuses: createDictionary(),
    currencies: createDictionary(),
    categories: createDictionary(),
    subids: createDictionary(),
    times: createDictionary(),
  };
}

/**
 * Hands the memory of `arrays` back at once by detaching their buffers (they read as empty afterwards). A process
 * that lets go of an index it built would otherwise hold those buffers until a full collection, which a small heap
 * may not run before the export that follows reaches its peak.
 */
export function freeArrays(arrays: Iterable<Growable>): void {
  for (const { buffer } of arrays) if (buffer instanceof ArrayBuffer && !buffer.detached) buffer.transfer(0);
}

/** The arrays of `columns` for {@link freeArrays}. */
export function columnArrays(columns: SaleColumns): Growable[] {
  return [...GROWABLE.map((name) => columns[name]), columns.posById];
}

function grown<T extends Growable>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  return next;
}

function ensureRoom(columns: SaleColumns, id: number): void {
  if (columns.size === columns.ids.length) {
    const record = columns as unknown as Record<string, Growable>;
    for (const key of GROWABLE) record[key] = grown(record[key] as Growable, columns.size * 2);
  }
  if (id >= columns.posById.length) {
    const next = new Int32Array(Math.max(id + 1, columns.posById.length * 2)).fill(-1);
    next.set(columns.posById);
    columns.posById = next;
  }
}

const dayCache = new Map<string, number>();

/** Day number of an ISO day, memoised: a million sales share a few thousand days. */
export function dayOf(day: string | null): number {
  if (day === null) return NO_DAY;
  let value = dayCache.get(day);
  if (value === undefined) {
    value = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
    dayCache.set(day, value);
  }
  return value;
}

/** Writes `row` at the position of its id, appending it when the id is new. */
export function putRow(columns: SaleColumns, row: ColumnRow): void {
  const id = row[0];
  let pos = id < columns.posById.length ? (columns.posById[id] as number) : -1;
  if (pos < 0) {
    ensureRoom(columns, id);
    pos = columns.size++;
    columns.posById[id] = pos;
    columns.ids[pos] = id;
  }
  writeDay(columns.txDay, pos, dayOf(row[1]));
  writeDay(columns.payDay, pos, dayOf(row[2]));
  columns.commissionStatus[pos] = encode(columns.commissionStatuses, row[3]);
  columns.paymentStatus[pos] = encode(columns.paymentStatuses, row[4]);
  columns.currency[pos] = encode(columns.currencies, row[5]);
  columns.category[pos] = encode(columns.categories, row[6]);
  columns.subid[pos] = encode(columns.subids, row[7]);
  columns.product[pos] = row[8] ?? 0;
  columns.collection[pos] = row[9] ?? 0;
  columns.commission[pos] = row[10] ?? Number.NaN;
  columns.transaction[pos] = row[11] ?? Number.NaN;
  columns.firstSeen[pos] = encode(columns.times, row[12]);
  columns.lastChanged[pos] = encode(columns.times, row[13]);
  putFine(columns, pos, row[14], row[15]);
  columns.unreported[pos] = row[16];
}

/** Records (or clears) the exact amounts of the sale at `pos`. */
function putFine(columns: SaleColumns, pos: number, commission: string | null, transaction: string | null): void {
  if (commission === null && transaction === null) {
    if (columns.fine[pos] !== 0) columns.fineAmounts.delete(pos);
    columns.fine[pos] = 0;
    return;
  }
  const amounts: FineAmounts = {
    commission: commission === null ? null : parseDecimal(commission),
    transaction: transaction === null ? null : parseDecimal(transaction),
  };
  columns.fine[pos] =
    (amounts.commission === null ? 0 : FINE_COMMISSION) | (amounts.transaction === null ? 0 : FINE_TRANSACTION);
  columns.fineAmounts.set(pos, amounts);
}
