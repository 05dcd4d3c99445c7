/**
 * Re-checks the open sales older than the trailing window (T1, T2) with few requests. The service filters by
 * status, so two walks over the span from the oldest open sale to the trailing window return every sale still open
 * there: pending commissions, and approved ones with a pending payment. Each is stored as received (a pending sale now
 * approved is updated and logged right away). A cached open sale that neither walk returned has left the open
 * statuses (paid, declined, moved, or gone), and only a full fetch of its day can say which: those days are returned
 * for fetching. So a routine sync with nothing changed costs the open sales' pages, and each change one day's pages.
 * A commission status the spec does not list cannot be asked for by itself (R4); when the cache holds such open sales
 * with a pending payment, the walks ask by payment status instead: every sale with a pending payment (which holds those,
 * the pending commissions and the approved unpaid ones, and also the declined ones), and the pending commissions
 * already paid. Sales with a status no filter reaches (an unlisted payment status, or none) are never returned, so
 * their days are always fetched again, grouped by the sales the cache holds per day: the only way to re-check them.
 */
import { addDays, type DayRange } from '../../shared/dates';
import type { OpenSale } from '../cache';
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
}

type StatusFilter = Pick<WalkTarget, 'commissionStatus' | 'paymentStatus'>;

const OPEN_FILTERS: readonly StatusFilter[] = [
  { commissionStatus: 'pending' },
  { commissionStatus: 'approved', paymentStatus: 'pending' },
];

/** The walks when open sales in an unlisted commission status wait for payment: by payment status (see above). */
const BY_PAYMENT_FILTERS: readonly StatusFilter[] = [
  { paymentStatus: 'pending' },
  { commissionStatus: 'pending', paymentStatus: 'paid' },
];

/** Walks one re-check of the open sales makes: one per open status the service's filters can ask for. */
export const OPEN_WALKS = OPEN_FILTERS.length;

const LISTED_COMMISSION = new Set<string | null>(['pending', 'approved', 'declined']);

function filtersFor(cached: readonly OpenSale[]): readonly StatusFilter[] {
  const unlisted = cached.some((s) => !LISTED_COMMISSION.has(s.commissionStatus) && s.paymentStatus === 'pending');
  return unlisted ? BY_PAYMENT_FILTERS : OPEN_FILTERS;
}

/** Walks the open sales of `span`; `index` is the position of the first of its two walks among the run's windows. */
export async function checkOpenSales(ctx: RunContext, span: OpenSpan, index: number): Promise<OpenCheck> {
  // Read before the walks store anything, so the comparison is with what the cache believed.
  const cached: OpenSale[] = ctx.deps.cache.openSales(ctx.account, span.from, span.to);
  // The walks' own sets, kept as they are rather than copied into one (S13: a bounded set per walk, no more).
  const returned: ReadonlySet<string>[] = [];
  const filters = filtersFor(cached);
  await runPool(
    filters,
    filters.length,
    async (statuses, i) => {
      const label = `open sales (${Object.values(statuses).join(', ')}) ${span.from} to ${span.to}`;
      const walk = await walkUntilStable(ctx, { ...span, ...statuses, index: index + i, label });
      // Even an unsettled walk is used: a sale it missed only costs its day a full fetch.
      returned.push(walk.references);
      ctx.tracker.windowDone();
    },
    ctx.signal,
  );
  const changedDays = new Set(
    cached.filter((sale) => !returned.some((references) => references.has(sale.reference))).map((sale) => sale.day),
  );
  return { checked: cached.length, changedDays: [...changedDays].sort() };
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
  // Late sales the open walks found become searchable now.
  ctx.deps.cache.catchUpSearch();
  const windows = changedDayWindows(ctx, check.changedDays);
  ctx.tracker.addWindows(windows.length);
  ctx.counters.openSalesChecked += check.checked;
  ctx.counters.daysFetchedAgain += check.changedDays.length;
  const parallel = ctx.deps.parallelWindows ?? 3;
  await runPool(windows, parallel, (window, i) => fetchWindow(ctx, window, index + OPEN_WALKS + i), signal);
  return index + OPEN_WALKS + windows.length;
}
