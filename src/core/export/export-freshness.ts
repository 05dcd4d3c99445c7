/**
 * How current an export's statuses are (T3) and what it did with the sales the service no longer reports
 * (T5), read before the rows are written so the Summary, the command's standard error and the app can all
 * say it. A payments export is the file an accountant reconciles against the bank: a payment that arrived after the
 * open sales were last checked is missing from it, so it warns when they were checked more than 24 hours before.
 * Every count here is the cache's query engine's, the one that chooses the rows.
 */
import type { ExportFreshness, StaleOpenSales } from '../../shared/ipc-contract';
import { parseInput, salesFilterSchema, type SalesFilter } from '../../shared/sales-query';
import type { SalesCache } from '../cache';
import { mergePaymentHistories, openSalesScope, readPaymentHistory } from '../payouts';

/** Open sales checked longer ago than this make a payments export warn. */
export const STALE_OPEN_SALES_MS = 24 * 60 * 60 * 1000;

export type { ExportFreshness, StaleOpenSales };

/** The cache operations the freshness reads use. */
export type FreshnessCache = Pick<SalesCache, 'oldestStatusCheck' | 'staleOpenSales' | 'countSales' | 'coverage'>;

/** Whether an export reports payments: its range is by payment date (the payments preset sets this). */
export function isPaymentsExport(filter: SalesFilter): boolean {
  return filter.dateBasis === 'payment';
}

/** The sales of `filter` the service no longer reports, whether the export includes them or not. */
function noLongerReported(cache: FreshnessCache, account: string, filter: SalesFilter): number {
  return (
    cache.countSales(account, { ...filter, includeNoLongerReported: true }) -
    cache.countSales(account, { ...filter, includeNoLongerReported: false })
  );
}

/** What an export of one account reads before its rows: the freshness of its statuses, and how many sales match. */
export interface ExportScope {
  freshness: ExportFreshness;
  /** Sales of the account that match the filter: the rows the export writes. */
  matching: number;
}

/** Reads the freshness of the export of `filter` from `account`'s sales as of `now`, and counts them. */
export function readExportScope(cache: FreshnessCache, account: string, filter: SalesFilter, now: Date): ExportScope {
  const checked = parseInput(salesFilterSchema, filter, 'sales filter');
  const age = cache.oldestStatusCheck(account, checked);
  const staleBefore = new Date(now.getTime() - STALE_OPEN_SALES_MS);
  const freshness: ExportFreshness = {
    statusesCheckedAt: age.sales > 0 ? age.oldest : null,
    neverChecked: age.neverChecked,
    staleOpenSales: isPaymentsExport(checked)
      ? cache.staleOpenSales(account, openSalesScope(checked), staleBefore)
      : null,
    noLongerReported: {
      included: checked.includeNoLongerReported === true,
      count: noLongerReported(cache, account, checked),
    },
    paymentHistory:
      isPaymentsExport(checked) && checked.from !== undefined && checked.to !== undefined
        ? readPaymentHistory(cache, account, { from: checked.from, to: checked.to }, now, checked)
        : null,
  };
  return { freshness, matching: age.sales };
}

/** Reads the freshness of the export of `filter` from `account`'s sales, as of `now`. */
export function readExportFreshness(
  cache: FreshnessCache,
  account: string,
  filter: SalesFilter,
  now: Date,
): ExportFreshness {
  return readExportScope(cache, account, filter, now).freshness;
}

function oldestOf(times: readonly (string | null)[]): string | null {
  const known = times.filter((t): t is string => t !== null);
  return known.length === 0 ? null : known.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
}

/** The freshness of an export of several accounts: the oldest check of any, and the counts added up. */
export function mergeExportFreshness(parts: readonly ExportFreshness[]): ExportFreshness {
  const stale = parts.map((p) => p.staleOpenSales).filter((p): p is StaleOpenSales => p !== null);
  return {
    statusesCheckedAt: oldestOf(parts.map((p) => p.statusesCheckedAt)),
    neverChecked: parts.reduce((sum, p) => sum + p.neverChecked, 0),
    staleOpenSales:
      stale.length === 0
        ? null
        : {
            count: stale.reduce((sum, p) => sum + p.count, 0),
            oldestCheck: oldestOf(stale.map((p) => p.oldestCheck)),
            neverChecked: stale.reduce((sum, p) => sum + p.neverChecked, 0),
          },
    noLongerReported: {
      included: parts[0]?.noLongerReported.included ?? false,
      count: parts.reduce((sum, p) => sum + p.noLongerReported.count, 0),
    },
    paymentHistory: mergePaymentHistories(parts.map((p) => p.paymentHistory)),
  };
}
