/**
 * Owns the app's session: whether the user is in the demo, signed in, or neither. The whole UI
 * branches on it, so it lives in one hook and every change goes through the bridge.
 */
import { useCallback, useState } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { SessionStatus } from '../../../shared/ipc-contract';
import { call } from '../common/bridge';
import { useBridgeQuery } from '../common/use-bridge-query';

/** A session change that is running, so buttons can show progress. */
export type SessionAction = 'startDemo' | 'endSession';

/** What the app needs to know about and do with the session. */
export interface SessionController {
  /** The current session, or null while it is first being read (or could not be read). */
  session: SessionStatus | null;
  /** Why the session could not be read; shown with a Retry. */
  error: AppErrorData | null;
  retry: () => void;
  /** Starts the demo; resolves to an error to show, or null on success. */
  startDemo: () => Promise<AppErrorData | null>;
  /** Leaves the demo or signs out; resolves to an error to show, or null on success. */
  endSession: () => Promise<AppErrorData | null>;
  pending: SessionAction | null;
}

/** Reads the session on start and applies changes the user makes. */
export function useSession(): SessionController {
  const query = useBridgeQuery(() => call('getSession'), 'session');
  const [changed, setChanged] = useState<SessionStatus | null>(null);
  const [pending, setPending] = useState<SessionAction | null>(null);

  const run = useCallback(async (action: SessionAction) => {
    setPending(action);
    const result = await call(action);
    setPending(null);
    if (!result.ok) return result.error;
    setChanged(result.value);
    return null;
  }, []);

  const { reload } = query;
  const retry = useCallback(() => {
    setChanged(null);
    reload();
  }, [reload]);

  return {
    session: changed ?? (query.status === 'success' ? query.data : null),
    error: changed ? null : query.error,
    retry,
    startDemo: useCallback(() => run('startDemo'), [run]),
    endSession: useCallback(() => run('endSession'), [run]),
    pending,
  };
}
