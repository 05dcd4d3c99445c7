/**
 * A stand-in for the preload's bridge in renderer unit tests of the start: it answers the start requests with a
 * session and preferences, and answers every sales query with no rows and a total that counts the queries (so a test
 * can tell which answer it was handed), recording each query.
 */
import type { SessionStatus } from '../src/shared/ipc-contract';
import type { SalesPageQuery } from '../src/shared/sales-query';

/** Installs the bridge on the global object; returns the sales queries it is asked, in order. */
export function installStartBridge(session: SessionStatus, prefs: unknown): SalesPageQuery[] {
  const queries: SalesPageQuery[] = [];
  const answer = (value: unknown) => async () => ({ ok: true, value });
  Object.defineProperty(globalThis, 'commissionDesk', {
    value: {
      getSession: answer(session),
      getPreferences: answer(prefs),
      getAppInfo: answer({}),
      querySales: async (query: SalesPageQuery) => {
        queries.push(query);
        return { ok: true, value: { rows: [], total: queries.length, offset: 0, dataAsOf: null } };
      },
    },
    configurable: true,
  });
  return queries;
}

/** Removes the bridge {@link installStartBridge} installed. */
export function removeStartBridge(): void {
  delete (globalThis as { commissionDesk?: unknown }).commissionDesk;
}
