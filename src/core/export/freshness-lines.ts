/**
 * The sentences an export uses to state its freshness (T3) and its no-longer-reported sales (T5):
 * the same words on the Summary sheet, on the command's output and in the result the app shows, so an accountant
 * and the user read one statement.
 */
import { checkTimeText } from '../../shared/dates';
import { paymentHistoryWarnings, type SyncActions } from '../payouts';
import type { ExportFreshness, StaleOpenSales } from './export-freshness';
import type { SummaryNote } from './xlsx-summary-sheet';

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

/** "Statuses checked <when>": the oldest confirmation among the exported sales, and how many were never confirmed. */
export function statusesCheckedLine(freshness: ExportFreshness): string | null {
  const never = freshness.neverChecked;
  if (freshness.statusesCheckedAt === null) {
    return never === 0
      ? null
      : `Statuses checked: never — the service never confirmed the statuses of the ${plural(never, 'sale', 'sales')} in this file.`;
  }
  const line = `Statuses checked ${checkTimeText(freshness.statusesCheckedAt)} (the oldest confirmation by the service among these sales)`;
  return never === 0 ? `${line}.` : `${line}; ${plural(never, 'sale was', 'sales were')} never confirmed.`;
}

/** The warning of a payments export whose open sales were last confirmed more than 24 hours before it was written. */
export function staleOpenSalesWarning(stale: StaleOpenSales | null): string | null {
  if (stale === null) return null;
  const what = `the statuses of ${plural(stale.count, 'open sale', 'open sales')}`;
  const when =
    stale.oldestCheck === null
      ? `${stale.count === 1 ? 'was' : 'were'} never checked`
      : `${stale.count === 1 ? 'was' : 'were'} last checked ${checkTimeText(stale.oldestCheck)}` +
        (stale.neverChecked > 0 ? ` (${plural(stale.neverChecked, 'was', 'were')} never checked)` : '');
  return `Warning: ${what} ${when}; sync before relying on this export — payments that arrived since are missing from it.`;
}

/**
 * What the export did with sales the service no longer reports; null when it left none out. `option` names how to
 * include them where the line is read (the command names its flag).
 */
export function noLongerReportedLine(freshness: ExportFreshness, option = 'the option to include them'): string | null {
  const { included, count } = freshness.noLongerReported;
  if (included) {
    return count === 0
      ? 'Sales the service no longer reports were to be included; none match this export.'
      : `Includes ${plural(count, 'sale', 'sales')} the service no longer reports (kept for audit); ${count === 1 ? 'it is' : 'they are'} counted in the totals below.`;
  }
  if (count === 0) return null;
  return `${plural(count, 'sale', 'sales')} the service no longer reports ${count === 1 ? 'is' : 'are'} left out of this file and its totals; export again with ${option} to see ${count === 1 ? 'it' : 'them'}.`;
}

/**
 * The warning of a payments export of a period whose payments may be incomplete because days whose sales could have
 * been paid in it were never synced (its open sales' age is {@link staleOpenSalesWarning}'s); null when none.
 */
export function unsyncedHistoryWarning(freshness: ExportFreshness, actions?: SyncActions): string | null {
  const history = freshness.paymentHistory;
  if (history === null || history.missing.length === 0) return null;
  return `Warning: ${paymentHistoryWarnings({ ...history, staleOpenSales: null }, actions)[0] ?? ''}`;
}

/** The Summary's notes: the warnings first, so they are read before any total. */
export function freshnessNotes(freshness: ExportFreshness): SummaryNote[] {
  const warnings = [unsyncedHistoryWarning(freshness), staleOpenSalesWarning(freshness.staleOpenSales)];
  return [
    ...warnings.filter((text) => text !== null).map((text) => ({ text, warning: true })),
    ...[statusesCheckedLine(freshness), noLongerReportedLine(freshness)]
      .filter((t) => t !== null)
      .map((text) => ({ text })),
  ];
}
