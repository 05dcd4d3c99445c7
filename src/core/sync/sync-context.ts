/**
 * What every sync run shares, whatever it fetches: the run record (so a crash is recognised and resumed, D1),
 * the profile, progress, counters, notes, the pool of windows fetched at once, and how a run ends (completed,
 * cancelled, or failed with the error recorded).
 */
import { AppError } from '../../shared/errors';
import { NO_CHANGES, type ChangeCounts } from '../../shared/sale-changes';
import type { SyncProgress } from '../../shared/sync-progress';
import { ProgressTracker } from './sync-progress';
import type { SyncDeps, SyncResult } from './sync-types';

/** Counts a run adds up. */
export interface Counters extends ChangeCounts {
  inserted: number;
  updated: number;
  noLongerReported: number;
  reportedAgain: number;
  openSalesChecked: number;
  daysFetchedAgain: number;
}

/** Most notes a run keeps; a misbehaving service could otherwise fill memory with them. */
const MAX_NOTES = 200;

/** One running sync. */
export interface RunContext {
  deps: SyncDeps;
  account: string;
  runId: number;
  tracker: ProgressTracker;
  counters: Counters;
  notes: string[];
  signal: AbortSignal | undefined;
  now: () => Date;
  /** The service was seen to include the day of `end_date`, so walks need not reach a day further (see `window-walk.ts`). */
  endDayIncluded: boolean;
}

/** Keeps a note for the result (once: a report walked again says the same again) and the log. */
export function addNote(ctx: RunContext, event: string, note: string): void {
  if (ctx.notes.length < MAX_NOTES && !ctx.notes.includes(note)) ctx.notes.push(note);
  ctx.deps.logger?.warn(event, { account: ctx.account, note });
}

/** Reports progress now. */
export function report(ctx: RunContext): void {
  ctx.deps.onProgress?.(ctx.tracker.snapshot());
}

/** Runs `work` over `items`, `size` at a time, stopping early when `signal` aborts. */
export async function runPool<T>(
  items: readonly T[],
  size: number,
  work: (item: T, index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
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

/** The days a run covers, as the run record and the progress show them. */
export interface RunRange {
  account: string;
  from: string;
  to: string;
}

function finish(ctx: RunContext, state: Exclude<SyncProgress['state'], 'running'>, error?: string): SyncProgress {
  ctx.tracker.finish(state);
  ctx.deps.cache.finishSyncRun(ctx.runId, state, error);
  const progress = ctx.tracker.snapshot();
  ctx.deps.onProgress?.(progress);
  return progress;
}

/**
 * Runs one sync, with the account's sync lease held (so any run left `running` belongs to a process that is gone):
 * closes runs left `running` by a crash, records the run, fetches the profile, runs `body`, and records
 * how it ended. Resolves with the counters, or rejects with the first error (after recording it).
 */
export async function runTracked(
  deps: SyncDeps,
  range: RunRange,
  windows: number,
  body: (ctx: RunContext) => Promise<void>,
  signal?: AbortSignal,
): Promise<SyncResult> {
  const now = deps.now ?? (() => new Date());
  for (const stale of deps.cache.unfinishedSyncRuns(range.account)) {
    deps.cache.finishSyncRun(
      stale.id,
      'failed',
      'The process running this sync (the app or a command) stopped during it; the next sync fetched the missing part.',
    );
  }
  const ctx: RunContext = {
    deps,
    account: range.account,
    runId: deps.cache.beginSyncRun(range.account, range.from, range.to),
    tracker: new ProgressTracker(range, windows, () => now().getTime()),
    counters: {
      ...NO_CHANGES,
      inserted: 0,
      updated: 0,
      noLongerReported: 0,
      reportedAgain: 0,
      openSalesChecked: 0,
      daysFetchedAgain: 0,
    },
    notes: [],
    signal,
    now,
    endDayIncluded: false,
  };
  report(ctx);
  try {
    const profile = await deps.client.getProfile(signal);
    deps.cache.saveProfile(range.account, profile, now());
    await body(ctx);
    if (signal?.aborted) throw new AppError('CANCELLED', 'The sync was cancelled. Everything fetched so far is kept.');
  } catch (error) {
    finish(ctx, outcomeOf(error, signal), error instanceof Error ? error.message : 'unknown error');
    throw error;
  }
  // Read back from the cache: what is still missing after this run, whichever walk (or earlier sync) found it.
  const unstored = deps.cache.coverage(range.account, range.from, range.to).unstored ?? [];
  return { progress: finish(ctx, 'completed'), ...ctx.counters, notes: ctx.notes, unstored };
}
