/**
 * Makes the cache cover a date range: plans the windows (every day not yet settled, plus the trailing window where
 * statuses still change), walks each window's pages with `limit=100` (a few windows in parallel through the client's
 * request gate, which slows everyone down on 429), stores every page in its own transaction, and marks a window
 * covered only after all its pages are stored and the walk matched the service's count (see `window-fetch.ts`). Then
 * it re-checks every open sale made up to the period's end (see `open-sales-check.ts`), so payments made in the period
 * for older sales are seen. It reports progress and stops cleanly on cancel. It holds the account's sync lease while
 * it runs (`sync-lease.ts`), so no other process syncs the account meanwhile. A crash loses at most the windows in
 * flight: they are not marked covered, so the next sync fetches them again.
 */
import { addDays } from '../../shared/dates';
import { OPEN_WALKS, openSpanBefore, recheckOpenSales } from './open-sales-check';
import { runPool, runTracked } from './sync-context';
import { withSyncLease } from './sync-lease';
import { planSyncWindows } from './sync-plan';
import type { SyncDeps, SyncJob, SyncResult } from './sync-types';
import { fetchWindow } from './window-fetch';

export type { RoutineSyncResult, SyncDeps, SyncJob, SyncResult } from './sync-types';

/** Runs one sync of a period; resolves with the final progress and counts, or rejects with the first error (after recording it). */
export function runSync(deps: SyncDeps, job: SyncJob, signal?: AbortSignal): Promise<SyncResult> {
  return withSyncLease(deps.cache, job.account, deps.lease, signal, (held) => syncPeriod(deps, job, held));
}

// Planned once the lease is held: a sync that waited for another one fetches only what that one left missing.
function syncPeriod(deps: SyncDeps, job: SyncJob, signal: AbortSignal): Promise<SyncResult> {
  const windows = planSyncWindows({
    from: job.from,
    to: job.to,
    today: deps.today(),
    // Days fetched before they were over are not settled, so they are fetched again (D1).
    missing: job.refresh ? [{ from: job.from, to: job.to }] : deps.cache.syncGaps(job.account, job.from, job.to),
    trailingDays: job.trailingDays ?? 60,
    windowDays: deps.windowDays ?? 31,
  });
  // Payments made in the period for sales made before it are only seen by re-checking the open sales (R1).
  const open = openSpanBefore(deps, job.account, addDays(job.to, 1));
  return runTracked(
    deps,
    job,
    windows.length + (open === null ? 0 : OPEN_WALKS),
    async (ctx) => {
      await runPool(windows, deps.parallelWindows ?? 3, (window, index) => fetchWindow(ctx, window, index), signal);
      if (open !== null && !signal?.aborted) await recheckOpenSales(ctx, open, windows.length, signal);
    },
    signal,
  );
}
