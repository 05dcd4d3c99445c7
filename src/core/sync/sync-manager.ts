/**
 * Runs at most one sync at a time in the background for the app: start returns at once, the
 * renderer polls the status (progress, last synced, error, offline), cancel aborts the requests in
 * flight. A 401 hands the session back to the sign-in flow; a network failure marks the app offline
 * while the cache stays fully usable.
 */
import { AppError, type AppErrorData } from '../../shared/errors';
import type { ChangeCounts } from '../../shared/sale-changes';
import type { SyncElsewhere, SyncProgress, SyncStatus } from '../../shared/sync-progress';
import type { SalesCache, SyncLease } from '../cache';
import type { Logger } from '../log';
import type { ServiceClient } from '../service';
import { runRoutineSync } from './routine-sync';
import { runSync } from './sync-engine';
import { liveSyncLease } from './sync-lease';
import type { RoutineSyncJob, SyncDeps, SyncJob, SyncResult } from './sync-types';

/** What the manager needs. */
export interface SyncManagerDeps {
  cache: () => SalesCache;
  today: () => string;
  now?: () => Date;
  logger: Logger;
  /** Told when the service refused the credentials during a sync. */
  onAuthRejected: (error: AppError) => void;
  /** Trailing window re-fetched on every sync, in days. */
  trailingDays: () => number;
  /** Days within which routine syncs fetch every older cached day again (R3); 30 when not given. */
  rotationDays?: () => number;
}

/** One kind of sync run on the engine's dependencies. */
type SyncWork = (deps: SyncDeps, signal: AbortSignal) => Promise<SyncResult>;

/** The app's sync controller. */
export interface SyncManager {
  start(client: ServiceClient, job: Omit<SyncJob, 'trailingDays'>): SyncStatus;
  /** Starts a routine sync: the trailing window, then every open sale however old (T1). */
  startRoutine(client: ServiceClient, job: Omit<RoutineSyncJob, 'trailingDays' | 'rotationDays'>): SyncStatus;
  cancel(): SyncStatus;
  status(account: string | null): SyncStatus;
  /** Resolves when the current run (if any) has ended; for tests and orderly shutdown. */
  idle(): Promise<void>;
}

const OFFLINE_CODES = new Set(['NETWORK_OFFLINE', 'TIMEOUT']);

/** Creates the manager. */
export function createSyncManager(deps: SyncManagerDeps): SyncManager {
  let running: { account: string; controller: AbortController; done: Promise<void> } | null = null;
  let progress: SyncProgress | null = null;
  let progressAccount: string | null = null;
  // The other process's lease while this manager's run waits for it.
  let waitingFor: SyncLease | null = null;
  const lastError = new Map<string, AppErrorData>();
  /** The notes of each account's last run that finished in this session. */
  const lastNotes = new Map<string, string[]>();

  /** Another process's sync of `account`: the one this manager's run waits for, or any live one while idle. */
  function elsewhere(account: string): SyncElsewhere | null {
    const holder =
      running === null ? liveSyncLease(deps.cache(), account) : running.account === account ? waitingFor : null;
    return holder === null ? null : { by: holder.kind, since: new Date(holder.acquiredAt).toISOString() };
  }
  /** What the last run of each account this manager completed changed (R2), with when that run finished. */
  const lastChanges = new Map<string, { finishedAt: string | null; counts: ChangeCounts; newSales: number }>();

  function status(account: string | null): SyncStatus {
    if (account === null)
      return {
        running: false,
        progress: null,
        lastRun: null,
        lastSyncedAt: null,
        error: null,
        offline: false,
        notes: [],
      };
    const cache = deps.cache();
    const last = cache.lastSyncRun(account);
    const completed = cache.lastSyncRun(account, 'completed');
    const error = lastError.get(account) ?? null;
    const isRunning = running?.account === account;
    const changes = lastChanges.get(account);
    return {
      running: isRunning,
      progress: progressAccount === account ? progress : null,
      lastRun:
        last && last.status !== 'running'
          ? {
              from: last.from,
              to: last.to,
              status: last.status,
              finishedAt: last.finishedAt,
              ...(changes !== undefined && changes.finishedAt === last.finishedAt
                ? { changes: changes.counts, newSales: changes.newSales }
                : {}),
            }
          : null,
      lastSyncedAt: completed?.finishedAt ?? null,
      error: isRunning ? null : error,
      offline: !isRunning && error !== null && OFFLINE_CODES.has(error.code),
      elsewhere: elsewhere(account),
      notes: isRunning ? [] : (lastNotes.get(account) ?? []),
    };
  }

  async function run(
    client: ServiceClient,
    account: string,
    work: SyncWork,
    controller: AbortController,
  ): Promise<void> {
    const engineDeps: SyncDeps = {
      cache: deps.cache(),
      client,
      today: deps.today,
      ...(deps.now ? { now: deps.now } : {}),
      logger: deps.logger,
      onProgress: (p) => {
        progress = p;
      },
      // The app's syncs (its own and the background one) wait for a command's sync of the account, however long.
      lease: {
        kind: 'app',
        waitMs: Infinity,
        onWait: (holder) => {
          waitingFor = holder;
        },
      },
    };
    try {
      const result = await work(engineDeps, controller.signal);
      const { statusChanges, amountChanges, currencyChanges, dateChanges, restatements } = result;
      lastChanges.set(account, {
        finishedAt: engineDeps.cache.lastSyncRun(account, 'completed')?.finishedAt ?? null,
        counts: { statusChanges, amountChanges, currencyChanges, dateChanges, restatements },
        newSales: result.inserted,
      });
      lastError.delete(account);
      lastNotes.set(account, result.notes);
    } catch (error) {
      const data =
        error instanceof AppError
          ? error.toData()
          : { code: 'INTERNAL' as const, message: 'The sync stopped unexpectedly. Try again.' };
      if (data.code !== 'CANCELLED') lastError.set(account, data);
      else lastError.delete(account);
      if (error instanceof AppError && error.code === 'AUTH_INVALID') deps.onAuthRejected(error);
      deps.logger.warn('sync.stopped', { code: data.code });
    }
  }

  function begin(client: ServiceClient, account: string, work: SyncWork): SyncStatus {
    if (running) {
      if (running.account === account) return status(account);
      throw new AppError('INVALID_INPUT', 'Another account is still syncing. Cancel it or wait for it to finish.');
    }
    const controller = new AbortController();
    lastNotes.delete(account);
    progress = null;
    progressAccount = account;
    const done = run(client, account, work, controller).finally(() => {
      running = null;
      waitingFor = null;
    });
    running = { account, controller, done };
    return status(account);
  }

  return {
    start: (client, job) => {
      const fullJob: SyncJob = { ...job, trailingDays: deps.trailingDays() };
      return begin(client, job.account, (engineDeps, signal) => runSync(engineDeps, fullJob, signal));
    },
    startRoutine: (client, job) => {
      const rotationDays = deps.rotationDays?.();
      const fullJob: RoutineSyncJob = {
        ...job,
        trailingDays: deps.trailingDays(),
        ...(rotationDays === undefined ? {} : { rotationDays }),
      };
      return begin(client, job.account, (engineDeps, signal) => runRoutineSync(engineDeps, fullJob, signal));
    },
    cancel() {
      const account = running?.account ?? null;
      running?.controller.abort();
      return status(account);
    },
    status,
    idle: async () => {
      await running?.done;
    },
  };
}
