/**
 * The sales table's first window, asked for before the table exists, in one slot. At start the slot asks with the
 * query the table asked first last time (kept in the renderer's storage), so the rows travel with the session and
 * preferences requests while the screens' modules are still being evaluated; once the session and preferences are in
 * (first-rows.ts), it asks again only if the view they give differs. The table takes the answer when its first request
 * is the very same query (the same JSON); otherwise the answer is dropped and the table asks as usual. The main
 * process answers for the account open when the request arrives, which at start is the one the table shows.
 */
import type { IpcResult } from '../../../../shared/errors';
import type { SalesPageQuery } from '../../../../shared/sales-query';
import type { SalesPageResult } from '../../../../shared/sales-query-types';
import { call } from '../../common/bridge';
import { prefetchedAnswer, type PrefetchedAnswer } from '../../common/prefetched-answer';
import {
  browserStorage,
  localStateKey,
  readLocalState,
  writeLocalState,
  type LocalStateSchema,
  type LocalStateStorage,
} from '../../common/local-view-state';
import { WINDOW_SIZE } from './row-windows';

let prefetched: { key: string; answer: PrefetchedAnswer<IpcResult<SalesPageResult>> } | null = null;

const REMEMBERED_KEY = localStateKey(null, 'first-rows-query');

/** Asks for `query`'s window unless the slot already holds that very request; resolves when its answer is in. */
export function askFirstRows(query: SalesPageQuery): Promise<IpcResult<SalesPageResult>> {
  const key = JSON.stringify(query);
  if (prefetched === null || prefetched.key !== key)
    prefetched = { key, answer: prefetchedAnswer(call('querySales', query)) };
  return prefetched.answer.promise;
}

/** Empties the slot (no account is open: no table will take it). */
export function dropFirstRows(): void {
  prefetched = null;
}

/**
 * The shape of a remembered first request. The main process checks every field of every query it is sent; this check
 * keeps an unreadable or foreign value (storage can hold anything) from being sent at all.
 */
function isFirstWindowQuery(value: unknown): value is SalesPageQuery {
  if (typeof value !== 'object' || value === null) return false;
  const { filter, sort, offset, limit } = value as Record<string, unknown>;
  const sortFields = typeof sort === 'object' && sort !== null ? (sort as Record<string, unknown>) : null;
  return (
    typeof filter === 'object' &&
    filter !== null &&
    !Array.isArray(filter) &&
    sortFields !== null &&
    typeof sortFields.column === 'string' &&
    (sortFields.direction === 'asc' || sortFields.direction === 'desc') &&
    offset === 0 &&
    limit === WINDOW_SIZE
  );
}

/** A stored value read as a first-window request (see {@link isFirstWindowQuery}). */
const FIRST_WINDOW: LocalStateSchema<SalesPageQuery> = {
  safeParse: (value) => (isFirstWindowQuery(value) ? { success: true, data: value } : { success: false }),
};

/**
 * At start: asks for the window the table asked for first last time, if one is remembered. It was stored as the
 * table's own request, so its key (JSON of the same fields in the same order) matches that request when the view is
 * the same.
 */
export function askRememberedFirstRows(storage: LocalStateStorage | null = browserStorage()): void {
  const query = readLocalState(storage, REMEMBERED_KEY, FIRST_WINDOW);
  if (query !== null) void askFirstRows(query);
}

/** Remembers the table's first-window request for the next start (a storage that refuses it only means it is not). */
export function rememberFirstRowsQuery(
  query: SalesPageQuery,
  storage: LocalStateStorage | null = browserStorage(),
): void {
  if (query.offset === 0) writeLocalState(storage, REMEMBERED_KEY, query);
}

/**
 * The prefetched answer to `query` when it is the one asked for ahead, once; undefined otherwise. The table's first request
 * decides: a prefetched answer it does not match is dropped.
 */
export function takeFirstRows(query: SalesPageQuery): Promise<IpcResult<SalesPageResult>> | undefined {
  const taken = prefetched;
  prefetched = null;
  return taken !== null && taken.key === JSON.stringify(query) ? taken.answer.promise : undefined;
}

/**
 * The prefetched answer to `query` when it has arrived already and is the one asked for ahead, so the table can start with
 * its rows; undefined otherwise (nothing is taken then, and the table asks as usual).
 */
export function takeArrivedFirstRows(query: SalesPageQuery): IpcResult<SalesPageResult> | undefined {
  const arrived =
    prefetched !== null && prefetched.key === JSON.stringify(query) ? prefetched.answer.arrived() : undefined;
  if (arrived !== undefined) prefetched = null;
  return arrived;
}
