/**
 * Makes the cache cover a date range (issue "Offline cache and sync engine"): plans the windows,
 * walks each window's pages with `limit=100` (a few windows in parallel through the client's
 * request gate, which slows everyone down on 429), stores every page in its own transaction,
 * marks a window covered only after all its pages are stored, reports progress, and stops
 * cleanly on cancel. A crash loses at most the windows in flight: they are not marked covered,
 * so the next sync fetches them again.
 */
import { AppError } from '../../shared/errors';
import type { SalesCache } from '../cache';
import { walkSalesPages, type ServiceClient } from '../service';
import { planSyncWindows, type DayWindow } from './sync-plan';
import type { SyncProgress } from '../../shared/sync-progress';
import { ProgressTracker } from './sync-progress';

/** One sync job. */
export interface SyncJob {
  /** Cache key of the account ('demo' for the demo). */
  account: string;
  from: string;
  to: string;
  /** Days before today that are always fetched again (default 60). */
  trailingDays?: number;
  /** Fetch the whole range again, covered or not (to pick up status changes of older sales). */
  refresh?: boolean;
}

/** What the engine needs. */
export interface SyncDeps {
  cache: SalesCache;
  client: ServiceClient;
  today: () => string;
  now?: () => Date;
  /** Windows fetched at the same time (default 3); the client's gate still caps requests. */
  parallelWindows?: number;
  /** Days per window (default 31). */
  windowDays?: number;
  onProgress?: (progress: SyncProgress) => void;
}

/** The outcome of a sync. */
export interface SyncResult {
  progress: SyncProgress;
  statusChanges: number;
  inserted: number;
  updated: number;
}

interface Counters {
  statusChanges: number;
  inserted: number;
  updated: number;
}

async function syncWindow(
  deps: SyncDeps,
  job: SyncJob,
  window: DayWindow,
  index: number,
  state: { tracker: ProgressTracker; counters: Counters; runId: number; signal: AbortSignal | undefined },
): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const fetchedAt = now();
  const filter = { startDate: window.from, endDate: window.to, orderBy: 'transaction_date' as const };
  let complete = true;
  for await (const batch of walkSalesPages(deps.client, filter, { limit: 100, ...(state.signal ? { signal: state.signal } : {}) })) {
    const stored = deps.cache.storePage(job.account, batch.sales, now(), {
      runId: state.runId,
      checkpoint: { from: window.from, to: window.to, page: batch.page },
    });
    state.counters.statusChanges += stored.statusChanges;
    state.counters.inserted += stored.inserted;
    state.counters.updated += stored.updated;
    state.tracker.page(index, batch.sales.length, batch.warnings.length, batch.progress.totalHint);
    deps.onProgress?.(state.tracker.snapshot());
    complete = batch.progress.complete !== false;
  }
  if (!complete) {
    throw new AppError(
      'BAD_RESPONSE',
      `The service kept repeating pages for ${window.from} to ${window.to}, so that period could not be fully synced. Try again later.`,
    );
  }
  deps.cache.markCovered(job.account, window.from, window.to, fetchedAt);
  // The window's sales become searchable now rather than at the next bulk catch-up of the page store.
  deps.cache.catchUpSearch();
  state.tracker.windowDone();
  deps.onProgress?.(state.tracker.snapshot());
}

async function runPool<T>(items: readonly T[], size: number, work: (item: T, index: number) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      if (signal?.aborted) return;
      const index = next;
      next += 1;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

function outcomeOf(error: unknown, signal: AbortSignal | undefined): 'cancelled' | 'failed' {
  return signal?.aborted || (error instanceof AppError && error.code === 'CANCELLED') ? 'cancelled' : 'failed';
}

/** Runs one sync; resolves with the final progress, or rejects with the first error (after recording it). */
export async function runSync(deps: SyncDeps, job: SyncJob, signal?: AbortSignal): Promise<SyncResult> {
  const now = deps.now ?? (() => new Date());
  for (const stale of deps.cache.unfinishedSyncRuns(job.account)) {
    deps.cache.finishSyncRun(stale.id, 'failed', 'The app stopped during this sync; the next sync fetched the missing part.');
  }
  const coverage = deps.cache.coverage(job.account, job.from, job.to);
  const windows = planSyncWindows({
    from: job.from,
    to: job.to,
    today: deps.today(),
    missing: job.refresh ? [{ from: job.from, to: job.to }] : coverage.missing,
    trailingDays: job.trailingDays ?? 60,
    windowDays: deps.windowDays ?? 31,
  });
  const tracker = new ProgressTracker(job, windows.length, () => now().getTime());
  const counters: Counters = { statusChanges: 0, inserted: 0, updated: 0 };
  const runId = deps.cache.beginSyncRun(job.account, job.from, job.to);
  deps.onProgress?.(tracker.snapshot());
  try {
    const profile = await deps.client.getProfile(signal);
    deps.cache.saveProfile(job.account, profile, now());
    const state = { tracker, counters, runId, signal };
    await runPool(windows, deps.parallelWindows ?? 3, (window, index) => syncWindow(deps, job, window, index, state), signal);
    if (signal?.aborted) throw new AppError('CANCELLED', 'The sync was cancelled. Everything fetched so far is kept.');
  } catch (error) {
    const outcome = outcomeOf(error, signal);
    tracker.finish(outcome);
    deps.cache.finishSyncRun(runId, outcome, error instanceof Error ? error.message : 'unknown error');
    deps.onProgress?.(tracker.snapshot());
    throw error;
  }
  tracker.finish('completed');
  deps.cache.finishSyncRun(runId, 'completed');
  const progress = tracker.snapshot();
  deps.onProgress?.(progress);
  return { progress, ...counters };
}
