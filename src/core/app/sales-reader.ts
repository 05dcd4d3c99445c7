/**
 * The sales screen's reads, all from the cache of the open session: a window of rows, totals, series, top lists,
 * filter values, the change log and how fresh the statuses are. Never the network, so they work offline.
 */
import type {
  ChangesQuery,
  SaleHistoryQuery,
  SalesFilter,
  SalesPageQuery,
  SeriesQuery,
  TopQuery,
} from '../../shared/sales-query';
import type {
  DistinctValues,
  SaleChange,
  SalesPageResult,
  SalesSummary,
  SeriesPoint,
  StatusCheckAge,
  TopEntry,
} from '../../shared/sales-query-types';
import type { SalesCache } from '../cache';

/** Reads over the open session's cached sales; each throws NOT_SIGNED_IN when no account is open. */
export interface SalesReader {
  page(query: SalesPageQuery): SalesPageResult;
  summary(filter: SalesFilter): SalesSummary;
  series(query: SeriesQuery): SeriesPoint[];
  top(query: TopQuery): TopEntry[];
  filterValues(filter: SalesFilter): DistinctValues;
  /** Status changes after `since`; without it, those of the last completed sync. */
  changes(query: ChangesQuery): SaleChange[];
  /** One sale's changes, oldest first. */
  history(query: SaleHistoryQuery): SaleChange[];
  /** When the statuses of the sales a filter matches were last confirmed ("statuses checked <when>"). */
  statusAge(filter: SalesFilter): StatusCheckAge;
}

/** Builds the reader over the cache and the open session's cache key. */
export function createSalesReader(cache: () => SalesCache, account: () => string): SalesReader {
  return {
    page: (query) => cache().salesPage(account(), query),
    summary: (filter) => cache().summary(account(), filter),
    series: (query) => cache().series(account(), query),
    top: (query) => cache().topEntries(account(), query),
    filterValues: (filter) => cache().distinctValues(account(), filter),
    changes: (query) => cache().changesSince(account(), query),
    history: (query) => cache().saleHistory(account(), query),
    statusAge: (filter) => cache().oldestStatusCheck(account(), filter),
  };
}
