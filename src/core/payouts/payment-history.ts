/**
 * Whether the payments of a period can be trusted as complete (R1, R8). A payment in a period belongs to a sale made
 * on any day before its end, and the cache knows a sale's payment only if the sale's day was synced and the sale was
 * confirmed after it was paid. So the payouts of a period, and a payments export, are complete when every day of the
 * year before the period (and the period itself) is synced, and every sale still open was confirmed after the period
 * ended (or within the last day, for a period not over yet). Otherwise they say which days are missing and when the
 * open sales were last checked, never a plain total.
 */
import { addDays, checkTimeText, type DayRange } from '../../shared/dates';
import type { PaymentHistory } from '../../shared/payouts';
import type { SalesFilter } from '../../shared/sales-query';
import type { SalesCache } from '../cache';

export type { PaymentHistory };

/** Days before a period whose sales are checked: payments usually arrive 30 to 120 days after a sale. */
export const PAYMENT_LOOKBACK_DAYS = 365;

/** Open sales checked within this long are current for a period that is not over yet. */
const CURRENT_CHECK_MS = 24 * 60 * 60 * 1000;

/** The cache reads the check needs. */
export type PaymentHistorySource = Pick<SalesCache, 'coverage' | 'staleOpenSales'>;

/**
 * The open sales that could still be paid in a period ending on `filter.to`: made up to that day, narrowed like the
 * filter (currency, sub-ID, …) but whatever their statuses, since an open sale is by definition not yet paid.
 */
export function openSalesScope(filter: SalesFilter): SalesFilter {
  // Named by what it drops, so a filter field added later narrows the open sales too without a change here.
  const { from, dateBasis, commissionStatuses, paymentStatuses, includeNoLongerReported, ...narrowing } = filter;
  return { ...narrowing, dateBasis: 'transaction' };
}

/** The moment open sales must have been confirmed after for the payments of `range` to be complete. */
function confirmedAfter(range: DayRange, now: Date): Date {
  const periodEnd = new Date(`${addDays(range.to, 1)}T00:00:00Z`);
  const recent = new Date(now.getTime() - CURRENT_CHECK_MS);
  return periodEnd < recent ? periodEnd : recent;
}

/** Reads whether the payments dated in `range` are complete in `account`'s cache, as of `now`. */
export function readPaymentHistory(
  source: PaymentHistorySource,
  account: string,
  range: DayRange,
  now: Date,
  scope: SalesFilter = {},
): PaymentHistory {
  const from = addDays(range.from, -PAYMENT_LOOKBACK_DAYS);
  const { missing } = source.coverage(account, from, range.to);
  const stale = source.staleOpenSales(account, openSalesScope({ ...scope, to: range.to }), confirmedAfter(range, now));
  return {
    from,
    to: range.to,
    missing,
    staleOpenSales: stale,
    complete: missing.length === 0 && stale === null,
  };
}

/** The histories of several accounts' exports as one: every account's missing days and stale open sales. */
export function mergePaymentHistories(parts: readonly (PaymentHistory | null)[]): PaymentHistory | null {
  const known = parts.filter((part): part is PaymentHistory => part !== null);
  const first = known[0];
  if (first === undefined) return null;
  const stale = known.flatMap((part) => (part.staleOpenSales === null ? [] : [part.staleOpenSales]));
  const checks = stale.flatMap((part) => (part.oldestCheck === null ? [] : [part.oldestCheck]));
  return {
    from: first.from,
    to: first.to,
    missing: known.flatMap((part) => part.missing).sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0)),
    staleOpenSales:
      stale.length === 0
        ? null
        : {
            count: stale.reduce((sum, part) => sum + part.count, 0),
            oldestCheck: checks.length === 0 ? null : checks.reduce((a, b) => (a < b ? a : b)),
            neverChecked: stale.reduce((sum, part) => sum + part.neverChecked, 0),
          },
    complete: known.every((part) => part.complete),
  };
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

function spanText(span: DayRange): string {
  return span.from === span.to ? span.from : `${span.from} to ${span.to}`;
}

/** The days named in a sentence: the first few spans and how many more. */
function spansText(spans: readonly DayRange[]): string {
  const shown = spans.slice(0, 3).map(spanText).join(', ');
  return spans.length > 3 ? `${shown} and ${plural(spans.length - 3, 'other span', 'other spans')}` : shown;
}

/** How the warnings tell the reader to sync, in the words of where they are read. */
export interface SyncActions {
  /** How to sync a span of days never synced: "sync 2026-01-01 to 2026-03-31". */
  syncDays: (span: DayRange) => string;
  /** How to sync the open sales: "sync". */
  syncNow: string;
}

const PLAIN_ACTIONS: SyncActions = { syncDays: (span) => `sync ${spanText(span)}`, syncNow: 'sync' };

/**
 * What is missing from the payments of a period, as sentences people act on (the same words in the app, the
 * command's output and an export's Summary); empty when they are complete.
 */
export function paymentHistoryWarnings(history: PaymentHistory, actions: SyncActions = PLAIN_ACTIONS): string[] {
  const warnings: string[] = [];
  if (history.missing.length > 0) {
    const first = history.missing[0] as DayRange;
    const whole = { from: first.from, to: (history.missing.at(-1) as DayRange).to };
    warnings.push(
      `Payments may be missing: sales made on days never synced (${spansText(history.missing)}) could have been paid in this period and are not counted; ${actions.syncDays(whole)}.`,
    );
  }
  const stale = history.staleOpenSales;
  if (stale !== null) {
    const when =
      stale.oldestCheck === null
        ? `${stale.count === 1 ? 'was' : 'were'} never checked`
        : `${stale.count === 1 ? 'was' : 'were'} last checked ${checkTimeText(stale.oldestCheck)}`;
    warnings.push(
      `Payments may be missing: ${plural(stale.count, 'sale', 'sales')} still open on ${history.to} ${when}, before the period ended; ${actions.syncNow} to pick up payments made since.`,
    );
  }
  return warnings;
}
