/**
 * Finds the cached months whose sales the service no longer counts the same (R3): a sale removed at the service is
 * otherwise only noticed when its day happens to be fetched again. A report page of one row is asked for: with
 * `limit=1` the number of pages is the number of sales, so the page's `total` is the sale count whichever of the two
 * the service counts. One request checks the whole span; only when it differs is each month checked, and a month whose
 * count differs from the cache's is returned, to be fetched in full (which marks the removed sales).
 *
 * Until the run has seen the service include the day of `end_date`, the request reaches one day past the span and
 * either reading of the bound is accepted. A service that sends no `total` leaves the span to the rotation.
 */
import { addDays, type DayRange } from '../../shared/dates';
import type { RunContext } from './sync-context';

/** The months of `span`, cut to it. */
function monthsOf(span: DayRange): DayRange[] {
  const months: DayRange[] = [];
  for (let from = span.from; from <= span.to;) {
    const nextMonth = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    const end = addDays(nextMonth.toISOString().slice(0, 10), -1);
    const to = end < span.to ? end : span.to;
    months.push({ from, to });
    from = addDays(to, 1);
  }
  return months;
}

/** Which sales are counted: all, or only those with this payment status. */
export type CountScope = 'pending' | undefined;

function cachedCount(ctx: RunContext, from: string, to: string, scope: CountScope): number {
  return ctx.deps.cache.salesPerDay(ctx.account, from, to, scope).reduce((sum, day) => sum + day.count, 0);
}

/** Whether the service counts the sales of `span` as the cache does; null when it sent no count. */
async function sameCount(ctx: RunContext, span: DayRange, scope: CountScope): Promise<boolean | null> {
  const included = ctx.endDayIncluded;
  const endDate = included ? span.to : addDays(span.to, 1);
  const page = await ctx.deps.client.getSalesPage(
    { startDate: span.from, endDate, orderBy: 'transaction_date', ...(scope ? { paymentStatus: scope } : {}) },
    { page: 1, limit: 1 },
    ctx.signal,
  );
  if (page.totalHint === null) return null;
  const counts = [cachedCount(ctx, span.from, span.to, scope)];
  if (!included) counts.push(cachedCount(ctx, span.from, endDate, scope));
  return counts.includes(page.totalHint);
}

/**
 * The months of `span` whose sale count (of `scope`) at the service differs from the cache's. With `unknown` the
 * months of a span the service sent no count for are returned too, as if they differed.
 */
export async function monthsWithOtherCounts(
  ctx: RunContext,
  span: DayRange,
  scope?: CountScope,
  unknown: 'skip' | 'differs' = 'skip',
): Promise<DayRange[]> {
  const whole = await sameCount(ctx, span, scope);
  if (whole === true || (whole === null && unknown === 'skip')) return [];
  if (whole === null) return monthsOf(span);
  const differing: DayRange[] = [];
  for (const month of monthsOf(span)) {
    if (ctx.signal?.aborted) break;
    if ((await sameCount(ctx, month, scope)) === false) differing.push(month);
  }
  return differing;
}
