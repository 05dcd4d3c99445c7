/**
 * Streams the sales of a filter for an export, row by row with better-sqlite3's `.iterate()`, so a million-row export
 * never holds more than one row in memory. It reads through its own read-only connection: in WAL mode that is a
 * consistent snapshot for the whole export, and the main connection stays free for syncing and browsing meanwhile
 * (an open iterator would otherwise block every other statement on its connection).
 */
import Database from 'better-sqlite3';
import { guardCorruption } from '../cache-errors';
import type { SalesSelection } from '../../../shared/sales-query';
import type { CachedSale } from '../../../shared/sales-query-types';
import { SALE_COLUMNS, SALE_FROM, toCachedSale, type SaleRow } from '../records';
import { orderClause, whereClause } from './sql-filter';

/**
 * Yields the matching sales in order. Closing the iterator early (break out of `for…of`, or `return()`) closes the
 * snapshot connection.
 */
export function* iterateSales(path: string, account: string, query: SalesSelection): Generator<CachedSale, void, undefined> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const where = whereClause(account, query.filter);
    const statement = guardCorruption(() =>
      db.prepare<(string | number)[], SaleRow>(`SELECT ${SALE_COLUMNS} FROM ${SALE_FROM} ${where.sql} ${orderClause(query.sort)}`),
    );
    for (const row of statement.iterate(...where.params)) yield toCachedSale(row);
  } finally {
    db.close();
  }
}
