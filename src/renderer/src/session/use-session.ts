/**
 * Owns the app's session: whether the user is in the demo, in one of their accounts (signed in or
 * asked to sign in again), or neither. The whole UI branches on it, so it lives in one hook, every
 * change goes through the bridge, and a key refused during use (401 on any call) re-reads it here
 * so the sign-in-again screen appears whichever screen made the call.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppErrorData, IpcResult } from '../../../shared/errors';
import type { SessionStatus, SignOutInput } from '../../../shared/ipc-contract';
import { call, onCredentialsRejected } from '../common/bridge';
import { startRequest, takeArrivedStartAnswer } from '../common/start-requests';
import { useBridgeQuery } from '../common/use-bridge-query';

/** A session change that is running, so buttons can show progress. */
export type SessionAction = 'startDemo' | 'endSession' | 'switchAccount' | 'signOut';

/** What the app needs to know about and do with the session. */
export interface SessionController {
  /** The current session, or null while it is first being read (or could not be read). */
  session: SessionStatus | null;
  /** Why the session could not be read; shown with a Retry. */
  error: AppErrorData | null;
  retry: () => void;
  /** Starts the demo; resolves to an error to show, or null on success. */
  startDemo: () => Promise<AppErrorData | null>;
  /** Leaves the demo or the account view for the welcome screen; signs nothing out. */
  endSession: () => Promise<AppErrorData | null>;
  /** Opens another saved account; it may come back asking to sign in again. */
  switchAccount: (accountId: string) => Promise<AppErrorData | null>;
  /** Removes an account's credentials, and its cached sales when asked. */
  signOut: (input: SignOutInput) => Promise<AppErrorData | null>;
  /** Shows a session another screen received from the bridge (after adding an account or signing in again). */
  apply: (status: SessionStatus) => void;
  pending: SessionAction | null;
}

/** Reads the session on start and applies changes the user makes. */
export function useSession(): SessionController {
  const query = useBridgeQuery(() => startRequest('getSession'), 'session', {
    initial: () => takeArrivedStartAnswer('getSession'),
  });
  const [changed, setChanged] = useState<SessionStatus | null>(null);
  const [pending, setPending] = useState<SessionAction | null>(null);
  /** Bumped by every change, so a slower, older answer can never overwrite a newer one. */
  const version = useRef(0);

  const apply = useCallback((status: SessionStatus) => {
    version.current += 1;
    setChanged(status);
  }, []);

  const run = useCallback(
    async (action: SessionAction, request: () => Promise<IpcResult<SessionStatus>>) => {
      setPending(action);
      const result = await request();
      setPending(null);
      if (!result.ok) return result.error;
      apply(result.value);
      return null;
    },
    [apply],
  );

  useEffect(
    () =>
      onCredentialsRejected(() => {
        const asked = version.current;
        void call('getSession').then((result) => {
          if (result.ok && version.current === asked) apply(result.value);
        });
      }),
    [apply],
  );

  const { reload } = query;
  const retry = useCallback(() => {
    version.current += 1;
    setChanged(null);
    reload();
  }, [reload]);

  return {
    session: changed ?? (query.status === 'success' ? query.data : null),
    error: changed ? null : query.error,
    retry,
    startDemo: useCallback(() => run('startDemo', () => call('startDemo')), [run]),
    endSession: useCallback(() => run('endSession', () => call('endSession')), [run]),
    switchAccount: useCallback(
      (accountId: string) => run('switchAccount', () => call('switchAccount', { accountId })),
      [run],
    ),
    signOut: useCallback((input: SignOutInput) => run('signOut', () => call('signOut', input)), [run]),
    apply,
    pending,
  };
}
