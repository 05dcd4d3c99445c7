/**
 * The reads of cached sales that go through the one query engine: pages, counts, totals, series, top lists, filter
 * values, export streams and status ages. They are written once over a few parts (a view, a row reader, a row
 * stream), so today's sales and the sales as they were at a past moment (`as-of/`) are read the same way.
 */
import type { StaleOpenSales } from '../../shared/ipc-contract';
import {
  parseInput,
  salesFilterSchema,
  salesPageQuerySchema,
  salesSelectionSchema,
  seriesQuerySchema,
  topQuerySchema,
  type SalesFilter,
} from '../../shared/sales-query';
import type {
  CachedSale,
  DataAsOf,
  DistinctValues,
  SalesPageResult,
  SalesSummary,
  SeriesPoint,
  TopEntry,
} from '../../shared/sales-query-types';
import {
  amountlessRows,
  distinctValues,
  pageIds,
  SavedIndexDamagedError,
  selectedIds,
  seriesOf,
  summarize,
  topEntries,
  type AccountView,
} from './browse';
import { guardCorruption } from './cache-errors';
import type { SaleReader } from './records';
import type { ReadStaleOpenSales, ReadStatusCheckAge, StatusCheckAge } from './status-checks';

/** Reads of one set of sales (today's, or those of a past moment), each for one account. */
export interface SalesReads {
  salesPage(account: string, query: unknown): SalesPageResult;
  countSales(account: string, filter: unknown): number;
  summary(account: string, filter: unknown): SalesSummary;
  series(account: string, query: unknown): SeriesPoint[];
  topEntries(account: string, query: unknown): TopEntry[];
  distinctValues(account: string, filter?: unknown): DistinctValues;
  /**
   * Every sale a selection matches, in its order, as the sales table pages through them: the ids are chosen now by
   * the browse index, the rows streamed from a read-only snapshot taken now (see `sale-read.ts`), so a long export
   * neither blocks syncing nor sees it half-way. Iterate it at once; one never started keeps its snapshot until
   * collected.
   */
  iterateSales(account: string, query: unknown): Generator<CachedSale, void, undefined>;
  /**
   * When the statuses of the sales a filter matches were last confirmed by the service: the oldest confirmation among
   * them, and among the open ones (T3). For "statuses checked <when>" on screens, totals and exports.
   */
  oldestStatusCheck(account: string, filter: unknown): StatusCheckAge;
  /**
   * The open sales a filter matches whose statuses were last confirmed before `checkedBefore`, or never; null when
   * there are none. A payments export warns about them (T3).
   */
  staleOpenSales(account: string, filter: unknown, checkedBefore: Date): StaleOpenSales | null;
}

/** What {@link createSalesReads} reads through. */
export interface SalesReadParts {
  view(account: string): AccountView;
  readSales(account: string): SaleReader;
  streamSales(account: string, ids: Int32Array): Generator<CachedSale, void, undefined>;
  dataAsOf(account: string, filter: SalesFilter): DataAsOf | null;
  statusChecks(account: string): { statusCheckAge: ReadStatusCheckAge; staleOpenSales: ReadStaleOpenSales };
  /** Runs once an export's rows are chosen, before they are read. */
  chosen(account: string): void;
}

/** Runs a read of the browse index, once more when a saved array turned out damaged (the second run rebuilds). */
export function browsed<T>(work: () => T): T {
  try {
    return guardCorruption(work);
  } catch (error) {
    if (!(error instanceof SavedIndexDamagedError)) throw error;
    return guardCorruption(work);
  }
}

/** Sales a summary lists by name among those needing attention; the rest are counted. */
const ATTENTION_LISTED = 50;

function filterOf(input: unknown): SalesFilter {
  return parseInput(salesFilterSchema, input ?? {}, 'sales filter');
}

/** The reads over `parts`. */
export function createSalesReads(parts: SalesReadParts): SalesReads {
  const { view } = parts;
  return {
    salesPage: (account, input) =>
      browsed(() => {
        const query = parseInput(salesPageQuerySchema, input, 'sales page query');
        const { ids, total } = pageIds(view(account), query.filter, query.sort, query.offset, query.limit);
        return {
          rows: parts.readSales(account)(ids),
          total,
          offset: query.offset,
          dataAsOf: parts.dataAsOf(account, query.filter),
        };
      }),
    countSales: (account, input) => browsed(() => view(account).withSelection(filterOf(input), ({ count }) => count)),
    summary: (account, input) =>
      browsed(() => {
        const filter = filterOf(input);
        const amountless = amountlessRows(view(account), filter, ATTENTION_LISTED);
        const sales = parts
          .readSales(account)(amountless.ids)
          .sort((a, b) => (a.transactionDate < b.transactionDate ? -1 : a.transactionDate > b.transactionDate ? 1 : 0));
        return {
          ...summarize(view(account), filter),
          needingAttention: { count: amountless.count, sales },
          dataAsOf: parts.dataAsOf(account, filter),
        };
      }),
    series: (account, input) =>
      browsed(() => seriesOf(view(account), parseInput(seriesQuerySchema, input, 'series query'))),
    topEntries: (account, input) =>
      browsed(() => topEntries(view(account), parseInput(topQuerySchema, input, 'top list query'))),
    distinctValues: (account, input) => browsed(() => distinctValues(view(account), filterOf(input))),
    iterateSales: (account, input) => {
      const query = parseInput(salesSelectionSchema, input, 'export query');
      const ids = browsed(() => selectedIds(view(account), query.filter, query.sort));
      parts.chosen(account);
      return parts.streamSales(account, ids);
    },
    oldestStatusCheck: (account, input) =>
      browsed(() => parts.statusChecks(account).statusCheckAge(selectedIds(view(account), filterOf(input)))),
    staleOpenSales: (account, input, checkedBefore) =>
      browsed(() =>
        parts
          .statusChecks(account)
          .staleOpenSales(selectedIds(view(account), filterOf(input)), checkedBefore.toISOString()),
      ),
  };
}
