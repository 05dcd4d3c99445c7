/**
 * The app's sync controls for the open session: fill a period, the routine sync (trailing window plus every open
 * sale however old), a re-check of all cached history, cancel and status. They bind the sync manager to the
 * session's client and cache key, so callers never handle credentials.
 */
import { AppError } from '../../shared/errors';
import type { SyncRequest } from '../../shared/ipc-contract';
import type { SyncStatus } from '../../shared/sync-progress';
import type { SalesCache } from '../cache';
import type { ServiceClient } from '../service';
import type { SyncManager } from '../sync';

/** What the controls need from the rest of the core. */
export interface AppSyncDeps {
  manager: SyncManager;
  cache: () => SalesCache;
  /** The open session's client; throws when it cannot talk to the service (demo, signed out). */
  client: () => ServiceClient;
  /** The open session's cache key; throws NOT_SIGNED_IN when none is open. */
  account: () => string;
  /** The open session's cache key, or null. */
  openAccount: () => string | null;
  today: () => string;
}

/** Sync controls of the open session. */
export interface AppSync {
  /** Makes the cache cover a period; `refresh` fetches the covered days again too. */
  start(request: SyncRequest): SyncStatus;
  /** The sync the app runs at start and on "Sync now": the trailing window and every open sale, however old. */
  startRoutine(): SyncStatus;
  /** Fetches every cached day again, from the oldest to today: statuses of final sales too. */
  recheckAllHistory(): SyncStatus;
  cancel(): SyncStatus;
  status(): SyncStatus;
  /** Resolves when the current run (if any) has ended; for tests and orderly shutdown. */
  idle(): Promise<void>;
}

/** Builds the controls. */
export function createAppSync(deps: AppSyncDeps): AppSync {
  const { manager } = deps;
  return {
    start: (request) =>
      manager.start(deps.client(), {
        account: deps.account(),
        from: request.from,
        to: request.to,
        refresh: request.refresh ?? false,
      }),
    startRoutine: () => manager.startRoutine(deps.client(), { account: deps.account() }),
    recheckAllHistory: () => {
      const account = deps.account();
      const oldest = deps.cache().coveredWindows(account)[0]?.from;
      if (oldest === undefined)
        throw new AppError(
          'INVALID_INPUT',
          'Nothing is cached for this account yet, so there is nothing to check again. Sync first.',
        );
      return manager.start(deps.client(), { account, from: oldest, to: deps.today(), refresh: true });
    },
    cancel: () => manager.cancel(),
    status: () => manager.status(deps.openAccount()),
    idle: () => manager.idle(),
  };
}
