/**
 * The one query engine over cached sales: which sales match a filter, in which order, as row ids. The sales table
 * reads a window of them at any offset (the memoised selection and sort order are walked in memory, then only those
 * rows are read from SQLite: a deep offset costs one pass over a byte mask, not that many rows of SQL); exports,
 * payouts, compare, the command and the status checks read all of them.
 */
import type { AccountView } from './browse-index';
import type { SalesFilter, SalesSort } from '../../../shared/sales-query';

/** Row ids of the window [offset, offset + limit) of the filtered, sorted sales, and the filter's total. */
export function pageIds(
  view: AccountView,
  filter: SalesFilter,
  sort: SalesSort,
  offset: number,
  limit: number,
): { ids: number[]; total: number } {
  return view.withSelection(filter, ({ mask, count }) => {
    if (offset >= count) return { ids: [], total: count };
    return view.withOrder(sort.column, (order) => ({
      ids: windowIds(view, mask, count, order, sort.direction, offset, limit),
      total: count,
    }));
  });
}

/** The window's row ids, walking `order` over the sales `mask` marks (`count` of them). */
function windowIds(
  view: AccountView,
  mask: Uint8Array,
  count: number,
  order: Int32Array,
  direction: 'asc' | 'desc',
  offset: number,
  limit: number,
): number[] {
  const ids: number[] = [];
  const { ids: rowIds } = view.columns;
  if (count === order.length) return everySalePage(order, rowIds, direction, offset, limit);
  const step = direction === 'asc' ? 1 : -1;
  // Up to the window, matching sales are only counted, without a branch on each (a sale matches as good as at
  // random, so a branch mispredicts at every other one); from the first of the window on, they are collected.
  let i = step === 1 ? 0 : order.length - 1;
  for (let seen = 0; seen <= offset; i += step) seen += mask[order[i] as number] as number;
  for (i -= step; i >= 0 && i < order.length && ids.length < limit; i += step) {
    const p = order[i] as number;
    if (mask[p] === 1) ids.push(rowIds[p] as number);
  }
  return ids;
}

/** The window when every sale matches: read straight from the order, whatever the offset. */
function everySalePage(
  order: Int32Array,
  rowIds: Int32Array,
  direction: 'asc' | 'desc',
  offset: number,
  limit: number,
): number[] {
  const ids: number[] = [];
  for (let i = offset; i < order.length && ids.length < limit; i++) {
    const p = order[direction === 'asc' ? i : order.length - 1 - i] as number;
    ids.push(rowIds[p] as number);
  }
  return ids;
}

/**
 * Row ids of every sale `filter` matches: in `sort`'s order, or in id order without one. A typed array: four bytes an
 * id, and nothing for the collector to walk.
 */
export function selectedIds(view: AccountView, filter: SalesFilter, sort?: SalesSort): Int32Array {
  return view.withSelection(filter, ({ mask, count }) =>
    sort === undefined
      ? collectIds(view, mask, count, null, 1)
      : view.withOrder(sort.column, (order) =>
          collectIds(view, mask, count, order, sort.direction === 'desc' ? -1 : 1),
        ),
  );
}

/** The row ids of the `count` sales `mask` marks, in `order` (or position order) walked by `step`. */
function collectIds(
  view: AccountView,
  mask: Uint8Array,
  count: number,
  order: Int32Array | null,
  step: 1 | -1,
): Int32Array {
  const { ids: rowIds, size } = view.columns;
  const ids = new Int32Array(count);
  let at = 0;
  for (let i = step === 1 ? 0 : size - 1; i >= 0 && i < size && at < count; i += step) {
    const p = order === null ? i : (order[i] as number);
    if (mask[p] === 1) ids[at++] = rowIds[p] as number;
  }
  return ids;
}
