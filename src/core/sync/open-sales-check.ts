/**
 * Re-checks the open sales older than the trailing window (T1, T2) with few requests. The service filters by
 * status, so two walks over the span from the oldest open sale to the trailing window return every sale still open
 * there: pending commissions, and approved ones with a pending payment. Each is stored as received (a pending sale now
 * approved is updated and logged right away). A cached open sale that neither walk returned has left the open
 * statuses (paid, declined, moved, or gone), and only a full fetch of its day can say which: those days are returned
 * for fetching. So a routine sync with nothing changed costs the open sales' pages, and each change one day's pages.
 * Sales with a status the filters cannot ask for (one the spec does not list, or approved without a payment status)
 * are never returned, so their days are always fetched again: the only way to re-check them.
 */
import type { OpenSale } from '../cache';
import { runPool, type RunContext } from './sync-context';
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

const OPEN_FILTERS: readonly Pick<WalkTarget, 'commissionStatus' | 'paymentStatus'>[] = [
  { commissionStatus: 'pending' },
  { commissionStatus: 'approved', paymentStatus: 'pending' },
];

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
  const changedDays = new Set(
    cached.filter((sale) => !returned.some((references) => references.has(sale.reference))).map((sale) => sale.day),
  );
  return { checked: cached.length, changedDays: [...changedDays].sort() };
}
