import { afterEach, describe, expect, it } from 'vitest';
import { installStartBridge, removeStartBridge } from '../../../../../test-support/start-bridge';
import type { SessionStatus } from '../../../../shared/ipc-contract';
import { preferencesSchema, type Preferences } from '../../../../shared/preferences';
import type { SalesPageQuery } from '../../../../shared/sales-query';
import { sendStartRequests } from '../../common/start-requests';
import { takeArrivedFirstRows, takeFirstRows, WINDOW_SIZE } from '../rows';
import { firstRowsQuery, prefetchFirstRows } from './first-rows';

const DEMO: SessionStatus = { kind: 'demo', label: 'Demo data', accounts: [] };
const PREFS: Preferences = preferencesSchema.parse({
  accounts: {
    demo: {
      filter: { from: '2026-03-01', to: '2026-03-31', commissionStatuses: ['pending'] },
      datePreset: 'custom',
      sort: { column: 'commissionAmount', direction: 'asc' },
    },
  },
});

/** The bridge of these tests: `session`, {@link PREFS}, and every sales query recorded. */
const bridge = (session: SessionStatus): SalesPageQuery[] => installStartBridge(session, PREFS);

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(removeStartBridge);

describe('the sales table’s first rows, asked for at start', () => {
  it('asks once for the remembered view’s first window, and hands that answer to the same request once', async () => {
    const queries = bridge(DEMO);
    sendStartRequests();
    prefetchFirstRows();
    await settle();
    const expected: SalesPageQuery = {
      filter: { from: '2026-03-01', to: '2026-03-31', commissionStatuses: ['pending'] },
      sort: { column: 'commissionAmount', direction: 'asc' },
      offset: 0,
      limit: WINDOW_SIZE,
    };
    expect(queries).toEqual([expected]);
    expect(await takeFirstRows(expected)).toMatchObject({ ok: true, value: { total: 1 } });
    expect(takeFirstRows(expected)).toBeUndefined();
  });

  it('drops the prefetched answer when the table first asks for something else (the view changed meanwhile)', async () => {
    bridge(DEMO);
    sendStartRequests();
    prefetchFirstRows();
    await settle();
    const asked = firstRowsQuery(DEMO, PREFS, '2026-07-01') as SalesPageQuery;
    expect(takeFirstRows({ ...asked, sort: { column: 'transactionDate', direction: 'desc' } })).toBeUndefined();
    expect(takeFirstRows(asked)).toBeUndefined();
  });

  it('asks nothing when no account or demo is open', async () => {
    const queries = bridge({ kind: 'none', accounts: [] });
    sendStartRequests();
    prefetchFirstRows();
    await settle();
    expect(queries).toEqual([]);
    expect(firstRowsQuery({ kind: 'none', accounts: [] }, PREFS, '2026-07-01')).toBeNull();
  });

  it('once arrived, hands the rows to the table’s first render for the same request only, once', async () => {
    const queries = bridge(DEMO);
    sendStartRequests();
    await prefetchFirstRows();
    const asked = firstRowsQuery(DEMO, PREFS, '2026-07-01') as SalesPageQuery;
    // Another view first (changed meanwhile): nothing is handed out, and nothing taken.
    expect(takeArrivedFirstRows({ ...asked, offset: WINDOW_SIZE })).toBeUndefined();
    expect(takeArrivedFirstRows(asked)).toMatchObject({ ok: true, value: { total: 1 } });
    expect(takeArrivedFirstRows(asked)).toBeUndefined();
    expect(takeFirstRows(asked)).toBeUndefined();
    expect(queries).toHaveLength(1);
  });

  it('with no account open, is done at once without asking', async () => {
    const queries = bridge({ kind: 'none', accounts: [] });
    sendStartRequests();
    await prefetchFirstRows();
    expect(queries).toEqual([]);
  });
});
