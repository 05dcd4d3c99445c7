/**
 * The first window of rows the sales table asks for, asked for as soon as the session and the saved preferences
 * have arrived, instead of once React has drawn the shell and the sales screen (much later):
 * the answer travels while the screen is drawn. It goes in the slot of prefetched-first-rows.ts, which asked at start for
 * the window the table asked for first last time: when that is the same request, nothing is asked again.
 */
import type { SessionStatus } from '../../../../shared/ipc-contract';
import type { Preferences } from '../../../../shared/preferences';
import type { SalesPageQuery } from '../../../../shared/sales-query';
import { localIsoDay } from '../../../../shared/dates';
import { startAnswer } from '../../common/start-requests';
import { sessionScope } from '../../session';
import { askFirstRows, dropFirstRows, WINDOW_SIZE } from '../rows';
import { DEFAULT_SORT, toSalesFilter } from '../filters';
import { filtersFromStored } from './stored-view';

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
    if (query === null) {
      dropFirstRows();
      return;
    }
    await askFirstRows(query);
  });
}
