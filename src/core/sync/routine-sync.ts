/**
 * The routine sync (T1, T2): no period, just "keep what is cached current". It fetches the trailing window in
 * full (new sales, and statuses that change soon after a sale), plus any day fetched before it was over, then
 * re-checks every open sale older than that however old it is (see `open-sales-check.ts`) and fetches in full only the
 * days whose open sales changed. Final sales (declined, or approved and paid) are re-confirmed in rotation (R3, see
 * `rotation.ts`): the cached days confirmed longest ago are fetched in full within a request budget, and a count per
 * month finds the months holding a sale the service removed (see `count-check.ts`), which are fetched in full too.
 */
import { addDays, type DayRange } from '../../shared/dates';
import { OPEN_WALKS, openSpanBefore, recheckOpenSales, type OpenSpan } from './open-sales-check';
import { monthsWithOtherCounts } from './count-check';
import { cachedSpansBefore, DEFAULT_ROTATION_DAYS, planRotation } from './rotation';
import { runPool, runTracked, type RunContext } from './sync-context';
import { mergeWindows, splitWindow } from './sync-plan';
import type { RoutineSyncJob, RoutineSyncResult, SyncDeps } from './sync-types';
import { fetchWindow } from './window-fetch';
import { withSyncLease } from './sync-lease';

/** What a routine sync will fetch before it knows which open sales changed. */
interface RoutinePlan {
  /** The trailing window and the provisional days, newest first. */
  recent: DayRange[];
  /** Days holding open sales older than the trailing window, or null when there are none. */
  open: OpenSpan | null;
  /** The run's range, for its record and progress. */
  from: string;
  to: string;
  /** The first day of the trailing window: days before it are re-confirmed in rotation. */
  trailingStart: string;
}

function planRoutine(deps: SyncDeps, job: RoutineSyncJob): RoutinePlan {
  const today = deps.today();
  const trailingStart = addDays(today, -Math.max(0, Math.floor(job.trailingDays ?? 60)));
  // Days fetched before they were over are fetched again, whatever their age (with the trailing window at 0, yesterday).
  const provisional = deps.cache.provisionalDays(job.account).map((day) => ({ from: day, to: day }));
  const recent = mergeWindows([{ from: trailingStart, to: today }, ...provisional])
    .flatMap((w) => splitWindow(w, deps.windowDays ?? 31))
    .reverse();
  const open = openSpanBefore(deps, job.account, trailingStart);
  const earliest = [open?.from ?? today, ...recent.map((w) => w.from)].sort()[0] ?? today;
  const to = [today, ...recent.map((w) => w.to)].sort().at(-1) ?? today;
  return { recent, open, from: earliest, to, trailingStart };
}

/**
 * Runs one routine sync; resolves with the counts (and how many open sales were checked and days fetched again), or
 * rejects with the first error after recording it.
 */
export function runRoutineSync(deps: SyncDeps, job: RoutineSyncJob, signal?: AbortSignal): Promise<RoutineSyncResult> {
  return withSyncLease(deps.cache, job.account, deps.lease, signal, (held) => routineSync(deps, job, held));
}

async function routineSync(deps: SyncDeps, job: RoutineSyncJob, signal: AbortSignal): Promise<RoutineSyncResult> {
  const plan = planRoutine(deps, job);
  const parallel = deps.parallelWindows ?? 3;
  return runTracked(
    deps,
    { account: job.account, from: plan.from, to: plan.to },
    plan.recent.length + (plan.open === null ? 0 : OPEN_WALKS),
    async (ctx) => {
      // The recent days first: a sale that moved into them is then no longer among the older open sales.
      await runPool(plan.recent, parallel, (window, index) => fetchWindow(ctx, window, index), signal);
      let next = plan.recent.length;
      if (plan.open !== null && !signal?.aborted) next = await recheckOpenSales(ctx, plan.open, next, signal);
      if (!signal?.aborted) await reconfirmFinalSales(ctx, job, plan.trailingStart, next);
    },
    signal,
  );
}

/** R3: fetches the days confirmed longest ago within the budget, then the months whose counts differ at the service. */
async function reconfirmFinalSales(ctx: RunContext, job: RoutineSyncJob, before: string, index: number): Promise<void> {
  const parallel = ctx.deps.parallelWindows ?? 3;
  const rotation = planRotation(ctx.deps, job.account, before, job.rotationDays ?? DEFAULT_ROTATION_DAYS);
  ctx.tracker.addWindows(rotation.windows.length);
  await runPool(rotation.windows, parallel, (w, i) => fetchWindow(ctx, w, index + i), ctx.signal);
  const months: DayRange[] = [];
  for (const span of cachedSpansBefore(ctx.deps, job.account, before)) {
    if (!ctx.signal?.aborted) months.push(...(await monthsWithOtherCounts(ctx, span)));
  }
  ctx.tracker.addWindows(months.length);
  const after = index + rotation.windows.length;
  await runPool(months, parallel, (w, i) => fetchWindow(ctx, w, after + i), ctx.signal);
}
