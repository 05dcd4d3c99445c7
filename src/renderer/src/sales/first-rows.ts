/**
 * The first window of rows the sales table asks for, asked for as soon as the session and the saved preferences
 * have arrived, instead of once React has drawn the shell and the sales screen (about 300 ms later on a slow machine):
 * the answer travels while the screen is drawn. The table takes it when its first request is the very same one (same
 * account view, filter, sort and window); otherwise it is left unused and the table asks as usual.
 */
import type { IpcResult } from '../../../shared/errors';
import type { SessionStatus } from '../../../shared/ipc-contract';
import type { Preferences } from '../../../shared/preferences';
import type { SalesPageQuery } from '../../../shared/sales-query';
import type { SalesPageResult } from '../../../shared/sales-query-types';
import { localIsoDay } from '../../../shared/dates';
import { call } from '../common/bridge';
import { earlyAnswer, type EarlyAnswer } from '../common/early-answer';
import { startAnswer } from '../common/start-requests';
import { sessionScope } from '../session/session-scope';
import { WINDOW_SIZE } from './row-windows';
import { DEFAULT_SORT, toSalesFilter } from './sales-filters';
import { filtersFromStored } from './stored-view';

let early: { key: string; answer: EarlyAnswer<IpcResult<SalesPageResult>> } | null = null;

/** The table's first request for `session`'s remembered view, as `useSalesRows` makes it; null with no account open. */
export function firstRowsQuery(session: SessionStatus, prefs: Preferences, today: string): SalesPageQuery | null {
  if (session.kind === 'none') return null;
  const stored = prefs.accounts[sessionScope(session)] ?? {};
  const filter = toSalesFilter(filtersFromStored(stored.filter, stored.datePreset), today, prefs.fiscalYearStartMonth);
  return { filter, sort: stored.sort ?? DEFAULT_SORT, offset: 0, limit: WINDOW_SIZE };
}

/**
 * Once the start requests' session and preferences answered, asks for the table's first window. Resolves when that
 * window has arrived, or at once when there is none to ask for.
 */
export function prefetchFirstRows(): Promise<void> {
  const session = startAnswer('getSession');
  const prefs = startAnswer('getPreferences');
  if (session === null || prefs === null) return Promise.resolve();
  return Promise.all([session, prefs]).then(async ([s, p]) => {
    const query = s.ok && p.ok ? firstRowsQuery(s.value, p.value, localIsoDay(new Date())) : null;
    if (query === null) return;
    const answer = earlyAnswer(call('querySales', query));
    early = { key: JSON.stringify(query), answer };
    await answer.promise;
  });
}

/**
 * The early answer to `query` when it is the one asked for ahead, once; undefined otherwise. The table's first request
 * decides: an early answer it does not match is dropped.
 */
export function takeFirstRows(query: SalesPageQuery): Promise<IpcResult<SalesPageResult>> | undefined {
  const taken = early;
  early = null;
  return taken !== null && taken.key === JSON.stringify(query) ? taken.answer.promise : undefined;
}

/**
 * The early answer to `query` when it has arrived already and is the one asked for ahead, so the table can start with
 * its rows; undefined otherwise (nothing is taken then, and the table asks as usual).
 */
export function takeArrivedFirstRows(query: SalesPageQuery): IpcResult<SalesPageResult> | undefined {
  const arrived = early !== null && early.key === JSON.stringify(query) ? early.answer.arrived() : undefined;
  if (arrived !== undefined) early = null;
  return arrived;
}
