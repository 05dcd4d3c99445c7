/**
 * A window of the sales table at any offset: the memoised selection and sort order are walked in memory to find the
 * row ids of the window, then only those rows are read from SQLite. Offset 900,000 costs one pass over a byte mask
 * (a few milliseconds), not 900,000 rows of SQL.
 */
import type Database from 'better-sqlite3';
import type { AccountView } from './browse-index';
import type { SalesFilter, SalesSort } from '../../../shared/sales-query';
import type { CachedSale } from '../../../shared/sales-query-types';
import { SALE_COLUMNS, SALE_FROM, toCachedSale, type SaleRow } from '../records';

/** Row ids of the window [offset, offset + limit) of the filtered, sorted sales, and the filter's total. */
export function pageIds(view: AccountView, filter: SalesFilter, sort: SalesSort, offset: number, limit: number): { ids: number[]; total: number } {
  const { mask, count } = view.select(filter);
  const ids: number[] = [];
  if (offset >= count) return { ids, total: count };
  const order = view.order(sort.column);
  const { ids: rowIds } = view.columns;
  if (count === order.length) return { ids: everySalePage(order, rowIds, sort.direction, offset, limit), total: count };
  const step = sort.direction === 'asc' ? 1 : -1;
  // Up to the window, matching sales are only counted, without a branch on each (a sale matches as good as at
  // random, so a branch mispredicts at every other one); from the first of the window on, they are collected.
  let i = step === 1 ? 0 : order.length - 1;
  for (let seen = 0; seen <= offset; i += step) seen += mask[order[i] as number] as number;
  for (i -= step; i >= 0 && i < order.length && ids.length < limit; i += step) {
    const p = order[i] as number;
    if (mask[p] === 1) ids.push(rowIds[p] as number);
  }
  return { ids, total: count };
}

/** The window when every sale matches: read straight from the order, whatever the offset. */
function everySalePage(order: Int32Array, rowIds: Int32Array, direction: 'asc' | 'desc', offset: number, limit: number): number[] {
  const ids: number[] = [];
  for (let i = offset; i < order.length && ids.length < limit; i++) {
    const p = order[direction === 'asc' ? i : order.length - 1 - i] as number;
    ids.push(rowIds[p] as number);
  }
  return ids;
}

/** Reads the sales `ids` (in that order) from SQLite. */
export function readSales(db: Database.Database, ids: readonly number[]): CachedSale[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare<[string], SaleRow>(`SELECT ${SALE_COLUMNS} FROM ${SALE_FROM} WHERE s.id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCachedSale(row)] : [];
  });
}
