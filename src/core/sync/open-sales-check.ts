/**
 * Re-checks the open sales older than the trailing window (T1, T2) with few requests. The service filters by
 * status, so two walks over the span from the oldest open sale to the trailing window return every sale still open
 * there: pending commissions, and approved ones with a pending payment. Each is stored as received (a pending sale now
 * approved is updated and logged right away). A cached open sale that neither walk returned has left the open
 * statuses (paid, declined, moved, or gone), and only a full fetch of its day can say which: those days are returned
 * for fetching. So a routine sync with nothing changed costs the open sales' pages, and each change one day's pages.
 * A commission status the spec does not list cannot be asked for (R4). A sale in one that waits for payment is still
 * counted by the service's "payment pending" filter, so those sales are checked by counts (see `count-check.ts`): one
 * for the span of their days, and per month only when it differs; only the days of months whose count differs are
 * fetched in full. A count cannot see such a sale declined (its payment stays pending): the rotation of final sales
 * does (see `rotation.ts`). Sales no filter counts (an unlisted payment status, or none) are never returned, so their
 * days are always fetched again. Days fetched again are grouped by the sales the cache holds per day.
 */
import { addDays, type DayRange } from '../../shared/dates';
import type { OpenSale } from '../cache';
import { monthsWithOtherCounts } from './count-check';
import { planDayWindows } from './day-windows';
import { runPool, type RunContext } from './sync-context';
import type { SyncDeps } from './sync-types';
import { fetchWindow } from './window-fetch';
import { walkUntilStable, type WalkTarget } from './window-walk';

/** The span of days to re-check, inclusive. */
export interface OpenSpan {
  from: string;
  to: string;
}

/** What the check found. */
export interface OpenCheck {
  /** Open sales the cache held in the span. */
  checked: number;
  /** Days holding an open sale the service no longer lists as open, oldest first. */
  changedDays: string[];
  /** Days holding an open sale in an unlisted status waiting for payment, which the walks cannot return, oldest first. */
  countedDays: string[];
}

const OPEN_FILTERS: readonly Pick<WalkTarget, 'commissionStatus' | 'paymentStatus'>[] = [
  { commissionStatus: 'pending' },
  { commissionStatus: 'approved', paymentStatus: 'pending' },
];

/** Walks one re-check of the open sales makes: one per open status the service's filters can ask for. */
export const OPEN_WALKS = OPEN_FILTERS.length;

/** An open sale the walks cannot return but the "payment pending" count includes. */
function countedOnly(sale: OpenSale): boolean {
  return (
    sale.commissionStatus !== 'pending' && sale.commissionStatus !== 'approved' && sale.paymentStatus === 'pending'
  );
}

/** Walks the open sales of `span`; `index` is the position of the first of its two walks among the run's windows. */
export async function checkOpenSales(ctx: RunContext, span: OpenSpan, index: number): Promise<OpenCheck> {
  // Read before the walks store anything, so the comparison is with what the cache believed.
  const cached: OpenSale[] = ctx.deps.cache.openSales(ctx.account, span.from, span.to);
  // The walks' own sets, kept as they are rather than copied into one (S13: a bounded set per walk, no more).
  const returned: ReadonlySet<string>[] = [];
  await runPool(
    OPEN_FILTERS,
    OPEN_FILTERS.length,
    async (statuses, i) => {
      const label = `open sales (${Object.values(statuses).join(', ')}) ${span.from} to ${span.to}`;
      const walk = await walkUntilStable(ctx, { ...span, ...statuses, index: index + i, label });
      // Even an unsettled walk is used: a sale it missed only costs its day a full fetch.
      returned.push(walk.references);
      ctx.tracker.windowDone();
    },
    ctx.signal,
  );
  const missing = cached.filter((sale) => !returned.some((references) => references.has(sale.reference)));
  const daysOf = (sales: OpenSale[]): string[] => [...new Set(sales.map((sale) => sale.day))].sort();
  return {
    checked: cached.length,
    changedDays: daysOf(missing.filter((sale) => !countedOnly(sale))),
    countedDays: daysOf(missing.filter(countedOnly)),
  };
}

/** The span from the oldest open sale made before `before` to the day before it; null when there is none. */
export function openSpanBefore(deps: SyncDeps, account: string, before: string): OpenSpan | null {
  const oldest = deps.cache.oldestOpenSaleDay(account, before);
  return oldest === null ? null : { from: oldest, to: addDays(before, -1) };
}

/** Windows for the days whose open sales changed, sized by the sales the cache holds per day. */
function changedDayWindows(ctx: RunContext, days: readonly string[]): DayRange[] {
  if (days.length === 0) return [];
  const perDay = ctx.deps.cache.salesPerDay(ctx.account, days[0] as string, addDays(days.at(-1) as string, 1));
  return planDayWindows(days, new Map(perDay.map((d) => [d.day, d.count])), {
    pageLimit: 100,
    maxDays: ctx.deps.windowDays ?? 31,
  });
}

/**
 * Re-checks the open sales of `span` (two walks, counted from window `index` of the run), fetches in full the days
 * whose open sales changed, and counts both in the run's counters. Resolves with the index of the run's next window.
 */
export async function recheckOpenSales(
  ctx: RunContext,
  span: OpenSpan,
  index: number,
  signal?: AbortSignal,
): Promise<number> {
  const check = await checkOpenSales(ctx, span, index);
  ctx.counters.openSalesChecked += check.checked;
  let next = await fetchDays(ctx, check.changedDays, index + OPEN_WALKS, signal);
  // Counted after the changed days were fetched, so the cache's counts are the service's unless a counted sale moved.
  if (check.countedDays.length > 0 && !signal?.aborted) {
    const span = { from: check.countedDays[0] as string, to: check.countedDays.at(-1) as string };
    const months = await monthsWithOtherCounts(ctx, span, 'pending', 'differs');
    const inMonths = (day: string): boolean => months.some((m) => day >= m.from && day <= m.to);
    next = await fetchDays(ctx, check.countedDays.filter(inMonths), next, signal);
  }
  return next;
}

/** Fetches `days` in full, grouped into windows (counted from window `index`); resolves with the next index. */
async function fetchDays(ctx: RunContext, days: string[], index: number, signal?: AbortSignal): Promise<number> {
  const windows = changedDayWindows(ctx, days);
  ctx.tracker.addWindows(windows.length);
  ctx.counters.daysFetchedAgain += days.length;
  const parallel = ctx.deps.parallelWindows ?? 3;
  await runPool(windows, parallel, (window, i) => fetchWindow(ctx, window, index + i), signal);
  return index + windows.length;
}
