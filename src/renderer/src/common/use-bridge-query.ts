/**
 * Loads one thing from the bridge and tracks it for a screen: loading, data, error, and a way to
 * try again. Answers that arrive after the request changed are dropped, so quick clicks through
 * pages or dates can never show the wrong page.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
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

/** The last answer, remembered with the request it answered. */
interface Settled<T> {
  request: string;
  data: T | null;
  error: AppErrorData | null;
}

/** How a query is sent. */
export interface BridgeQueryOptions<T = unknown> {
  /**
   * Sent after the requests the same screen update starts without it. The main process answers requests in the
   * order they arrive, so a screen's main request (the sales table's rows) goes first and the lines around it
   * (how fresh the statuses are, the filter choices) queue behind it instead of in front.
   */
  deferred?: boolean;
  /**
   * An answer to the first request that has already arrived (an early start answer): the screen starts with it
   * instead of a loading state, and that request is not sent again.
   */
  initial?: () => IpcResult<T> | undefined;
}

/**
 * Runs `load` whenever `key` changes (and on `reload`). `key` identifies the request — for example
 * the serialized query — so callers do not have to keep `load` referentially stable.
 */
export function useBridgeQuery<T>(
  load: () => Promise<IpcResult<T>>,
  key: string,
  options: BridgeQueryOptions<T> = {},
): BridgeQuery<T> {
  const [attempt, setAttempt] = useState(0);
  const request = `${attempt}|${key}`;
  const [settled, setSettled] = useState<Settled<T>>(() => {
    const initial = options.initial?.();
    if (initial === undefined) return { request: '', data: null, error: null };
    return initial.ok ? { request, data: initial.value, error: null } : { request, data: null, error: initial.error };
  });
  // The request the initial answer settled, which the first effect then does not send.
  const answeredAtMount = useRef(settled.request === '' ? null : request);
  const runLoad = useEffectEvent(load);

  const deferred = options.deferred === true;
  useEffect(() => {
    if (answeredAtMount.current === request) {
      answeredAtMount.current = null;
      return undefined;
    }
    let current = true;
    const send = () =>
      void runLoad()
        .catch((): IpcResult<T> => ({ ok: false, error: LOAD_FAILED }))
        .then((result) => {
          if (!current) return;
          setSettled((previous) =>
            result.ok
              ? { request, data: result.value, error: null }
              : { request, data: previous.data, error: result.error },
          );
        });
    // A task later: every effect of this screen update has run by then, and sent its requests.
    const timer = deferred ? setTimeout(send, 0) : undefined;
    if (!deferred) send();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [request, deferred]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // Until the current request is answered it is loading: older data stays on screen, an older error does not.
  if (settled.request !== request) return { status: 'loading', data: settled.data, error: null, reload };
  return { status: settled.error === null ? 'success' : 'error', data: settled.data, error: settled.error, reload };
}
