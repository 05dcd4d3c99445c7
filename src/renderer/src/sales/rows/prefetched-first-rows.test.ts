import { afterEach, describe, expect, it } from 'vitest';
import { installStartBridge, removeStartBridge } from '../../../../../test-support/start-bridge';
import type { SessionStatus } from '../../../../shared/ipc-contract';
import { preferencesSchema } from '../../../../shared/preferences';
import type { SalesPageQuery } from '../../../../shared/sales-query';
import type { LocalStateStorage } from '../../common/local-view-state';
import { sendStartRequests } from '../../common/start-requests';
import {
  askRememberedFirstRows,
  rememberFirstRowsQuery,
  takeArrivedFirstRows,
  takeFirstRows,
} from './prefetched-first-rows';
import { firstRowsQuery, prefetchFirstRows } from '../view';
import { WINDOW_SIZE } from './row-windows';

const DEMO: SessionStatus = { kind: 'demo', label: 'Demo data', accounts: [] };
const MARCH: SalesPageQuery = {
  filter: { from: '2026-03-01', to: '2026-03-31', commissionStatuses: ['pending'] },
  sort: { column: 'commissionAmount', direction: 'asc' },
  offset: 0,
  limit: WINDOW_SIZE,
};
/** The preferences that give {@link MARCH} as the demo's first window. */
const MARCH_PREFS = preferencesSchema.parse({
  accounts: { demo: { filter: MARCH.filter, datePreset: 'custom', sort: MARCH.sort } },
});

/** A storage over a plain map, or one that refuses every write. */
function storage(
  entries: Record<string, string> = {},
  refuseWrites = false,
): LocalStateStorage & { entries: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    entries: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      if (refuseWrites) throw new Error('QuotaExceededError');
      map.set(key, value);
    },
    removeItem: (key) => void map.delete(key),
  };
}

/** The bridge of these tests: the demo, `prefs`, and every sales query recorded. */
const bridge = (prefs: unknown): SalesPageQuery[] => installStartBridge(DEMO, prefs);

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  takeFirstRows(MARCH);
  removeStartBridge();
});

describe('the sales table’s first window, asked for at start as the table asked for it last time', () => {
  it('leaves before the session and preferences answer, is not asked twice when they give the same view, and is the table’s', async () => {
    const store = storage();
    rememberFirstRowsQuery(MARCH, store);
    const queries = bridge(MARCH_PREFS);
    askRememberedFirstRows(store);
    expect(queries).toEqual([MARCH]);
    sendStartRequests();
    await prefetchFirstRows();
    expect(queries).toEqual([MARCH]);
    expect(takeArrivedFirstRows(MARCH)).toMatchObject({ ok: true, value: { total: 1 } });
  });

  it('gives way to the view the preferences give when it differs: that one is asked for and handed to the table', async () => {
    const store = storage();
    rememberFirstRowsQuery({ ...MARCH, sort: { column: 'transactionDate', direction: 'desc' } }, store);
    const queries = bridge(MARCH_PREFS);
    askRememberedFirstRows(store);
    sendStartRequests();
    await prefetchFirstRows();
    expect(queries).toHaveLength(2);
    expect(queries[1]).toEqual(MARCH);
    expect(firstRowsQuery(DEMO, MARCH_PREFS, '2026-07-01')).toEqual(MARCH);
    expect(takeFirstRows({ ...MARCH, sort: { column: 'transactionDate', direction: 'desc' } })).toBeUndefined();
    rememberFirstRowsQuery(MARCH, store);
    askRememberedFirstRows(store);
    expect(await takeFirstRows(MARCH)).toMatchObject({ ok: true, value: { total: 3 } });
  });

  it('sends nothing for a stored value that is not a first window (unreadable, another window, another size, no sort)', async () => {
    const key = 'commission-desk:app:first-rows-query';
    const queries = bridge(MARCH_PREFS);
    for (const stored of [
      '{not json',
      JSON.stringify({ ...MARCH, offset: WINDOW_SIZE }),
      JSON.stringify({ ...MARCH, limit: 5000 }),
      JSON.stringify({ filter: MARCH.filter, offset: 0, limit: WINDOW_SIZE }),
      JSON.stringify({ ...MARCH, filter: [] }),
      'null',
    ]) {
      askRememberedFirstRows(storage({ [key]: stored }));
    }
    askRememberedFirstRows(null);
    await settle();
    expect(queries).toEqual([]);
    expect(takeFirstRows(MARCH)).toBeUndefined();
  });

  it('remembers first windows only, and a storage that refuses the write loses nothing but the head start', () => {
    const store = storage();
    rememberFirstRowsQuery({ ...MARCH, offset: WINDOW_SIZE }, store);
    expect(store.entries.size).toBe(0);
    rememberFirstRowsQuery(MARCH, store);
    expect(JSON.parse(store.entries.get('commission-desk:app:first-rows-query') ?? 'null')).toEqual(MARCH);
    expect(() => rememberFirstRowsQuery({ ...MARCH, filter: {} }, storage({}, true))).not.toThrow();
  });
});
