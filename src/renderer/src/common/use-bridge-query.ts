/**
 * Loads one thing from the bridge and tracks it for a screen: loading, data, error, and a way to
 * try again. Answers that arrive after the request changed are dropped, so quick clicks through
 * pages or dates can never show the wrong page.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { AppErrorData, IpcResult } from '../../../shared/errors';

/** Where a query stands. `loading` with data means a reload is running over older data. */
export type QueryStatus = 'loading' | 'success' | 'error';

/** What a screen needs to render a bridge query. */
export interface BridgeQuery<T> {
  status: QueryStatus;
  /** The latest value received; kept while reloading so tables do not flash empty. */
  data: T | null;
  error: AppErrorData | null;
  /** Runs the query again with the same request, e.g. from a Retry button. */
  reload: () => void;
}

const LOAD_FAILED: AppErrorData = {
  code: 'INTERNAL',
  message: 'Commission Desk could not load this. Try again; if it keeps happening, restart the app.',
};

interface QueryState<T> {
  status: QueryStatus;
  data: T | null;
  error: AppErrorData | null;
}

/**
 * Runs `load` whenever `key` changes (and on `reload`). `key` identifies the request — for example
 * the serialized query — so callers do not have to keep `load` referentially stable.
 */
export function useBridgeQuery<T>(load: () => Promise<IpcResult<T>>, key: string): BridgeQuery<T> {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const runLoad = useEffectEvent(load);

  useEffect(() => {
    let current = true;
    setState((previous) => (previous.status === 'loading' && previous.error === null ? previous : { status: 'loading', data: previous.data, error: null }));
    void runLoad()
      .catch((): IpcResult<T> => ({ ok: false, error: LOAD_FAILED }))
      .then((result) => {
        if (!current) return;
        setState((previous) =>
          result.ok ? { status: 'success', data: result.value, error: null } : { status: 'error', data: previous.data, error: result.error },
        );
      });
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
