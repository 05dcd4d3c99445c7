/**
 * Reads stored sales back as {@link CachedSale}s, by row id: the rows of a table window, and the rows of an export
 * streamed in batches from a read-only snapshot. The ids come from the browse index, which alone decides which sales
 * match and in which order; one SELECT list and one mapping, so the screen and the files show the same values.
 */
import Database from 'better-sqlite3';
import { guardCorruption } from '../cache-errors';
import type { CommissionStatusValue, JsonValue, PaymentStatusValue, SaleNotice } from '../../../shared/domain';
import { decimalToNumber } from '../../../shared/money';
import { fromMinor, storedValue } from './money';
import type { CachedSale } from '../../../shared/sales-query-types';

/** The stored row of a sale joined with its product and collection. */
export interface SaleRow {
  id: number;
  reference: string;
  transaction_date: string;
  payment_date: string | null;
  commission_status: CommissionStatusValue | null;
  payment_status: PaymentStatusValue | null;
  currency: string;
  amount_scale: number;
  commission_minor: number | null;
  transaction_minor: number | null;
  commission_exact: string | null;
  transaction_exact: string | null;
  category: string | null;
  subid: string | null;
  product_slug: string | null;
  product_name: string | null;
  collection_slug: string | null;
  collection_name: string | null;
  collection_url: string | null;
  extra: string | null;
  notices: string | null;
  first_seen: string;
  last_changed: string;
}

/** FROM clause with the lookups joined; `s`, `p` and `c` are the aliases filters and sorts refer to. */
export const SALE_FROM = `sales s
  LEFT JOIN products p ON p.id = s.product_id
  LEFT JOIN collections c ON c.id = s.collection_id`;

/** SELECT list producing a {@link SaleRow}. */
export const SALE_COLUMNS = `s.id, s.reference, s.transaction_date, s.payment_date, s.commission_status, s.payment_status,
  s.currency, s.amount_scale, s.commission_minor, s.transaction_minor, s.commission_exact, s.transaction_exact,
  s.category, s.subid, p.slug AS product_slug, p.name AS product_name, c.slug AS collection_slug,
  c.name AS collection_name, c.url AS collection_url, s.extra, s.notices, s.first_seen, s.last_changed`;

function amountOf(minor: number | null, exact: string | null, scale: number): number | null {
  if (exact === null) return minor === null ? null : fromMinor(minor, scale);
  return decimalToNumber(storedValue(minor ?? 0, exact, scale));
}

/** Maps a stored row to the DTO; an amount its units cannot hold comes back as its exact text (and nearest number). */
export function toCachedSale(row: SaleRow): CachedSale {
  const sale: CachedSale = {
    reference: row.reference,
    commissionAmount: amountOf(row.commission_minor, row.commission_exact, row.amount_scale),
    currency: row.currency,
    commissionStatus: row.commission_status,
    transactionAmount: amountOf(row.transaction_minor, row.transaction_exact, row.amount_scale),
    category: row.category,
    transactionDate: row.transaction_date,
    paymentStatus: row.payment_status,
    paymentDate: row.payment_date,
    productSlug: row.product_slug,
    productName: row.product_name,
    collectionSlug: row.collection_slug,
    collectionName: row.collection_name,
    collectionUrl: row.collection_url,
    subid: row.subid,
    extra: row.extra === null ? {} : (JSON.parse(row.extra) as Record<string, JsonValue>),
    notices: row.notices === null ? [] : (JSON.parse(row.notices) as SaleNotice[]),
    amountScale: row.amount_scale,
    commissionMinor: row.commission_minor,
    transactionMinor: row.transaction_minor,
    firstSeen: row.first_seen,
    lastChanged: row.last_changed,
  };
  if (row.commission_exact !== null) sale.commissionExact = row.commission_exact;
  if (row.transaction_exact !== null) sale.transactionExact = row.transaction_exact;
  return sale;
}

/** Row ids handed to SQLite per statement when a long list of ids is read. */
const ID_BATCH = 100;

/** `ids` in slices of at most `size`, each as the JSON array that `json_each(?)` reads. */
export function* idBatches(ids: Int32Array, size = ID_BATCH): Generator<string, void, undefined> {
  for (let at = 0; at < ids.length; at += size) yield JSON.stringify(Array.from(ids.subarray(at, at + size)));
}

/** Reads the sales `ids` (in that order) from SQLite; ids no longer stored are skipped. */
export type SaleReader = (ids: readonly number[] | Int32Array) => CachedSale[];

/**
 * Prepares a {@link SaleReader} on `db`, once: a statement prepared per read holds native memory the collector does
 * not see, and a long stream of them piled up until a full collection.
 */
export function createSaleReader(db: Database.Database, restate: RowRestater = (row) => row): SaleReader {
  const statement = db.prepare<[string], SaleRow>(
    `SELECT ${SALE_COLUMNS} FROM ${SALE_FROM} WHERE s.id IN (SELECT value FROM json_each(?))`,
  );
  return (ids) => {
    if (ids.length === 0) return [];
    const byId = new Map(statement.all(JSON.stringify(Array.from(ids))).map((row) => [row.id, row]));
    const sales: CachedSale[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (row) sales.push(toCachedSale(restate(row)));
    }
    return sales;
  };
}

/** Gives a stored row the values it had at another moment (see `as-of/`); rows are read as stored without one. */
export type RowRestater = (row: SaleRow) => SaleRow;

function* batchesOf(
  snapshot: Database.Database,
  ids: Int32Array,
  restater: (snapshot: Database.Database) => RowRestater,
): Generator<CachedSale, void, undefined> {
  try {
    const read = createSaleReader(snapshot, restater(snapshot));
    for (let at = 0; at < ids.length; at += ID_BATCH)
      yield* guardCorruption(() => read(ids.subarray(at, at + ID_BATCH)));
  } finally {
    if (snapshot.inTransaction) snapshot.exec('COMMIT');
    snapshot.close();
  }
}

/**
 * The sales `ids` in that order, read in batches through a read-only connection of the cache file at `path` whose
 * read transaction starts now: in WAL mode it is one consistent snapshot for the whole stream, as of the moment the
 * ids were chosen, and the cache's own connection stays free for syncing and browsing meanwhile. Ids the snapshot
 * does not hold are skipped; `restater`, made on the snapshot, gives each row the values it had at another moment.
 * Leaving the stream early (`break`, `return()`) closes the connection.
 */
export function streamSales(
  path: string,
  ids: Int32Array,
  restater: (snapshot: Database.Database) => RowRestater = () => (row) => row,
): Generator<CachedSale, void, undefined> {
  return batchesOf(
    guardCorruption(() => openSnapshot(path)),
    ids,
    restater,
  );
}

function openSnapshot(path: string): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.exec('BEGIN');
    db.prepare('SELECT 1 FROM sales LIMIT 1').get();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
