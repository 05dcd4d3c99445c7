/**
 * The fixed values of the cache's query API (earliest and latest days, sort columns, date bases), apart from its zod
 * schemas: the renderer needs these at start, and building the schemas there would cost the first screen tens of
 * milliseconds for checks that run in the main process.
 */

/** The earliest day any input may name (S17): the app has no sales before it, so an older day is a mistake. */
export const EARLIEST_DAY = '2000-01-01';
/** The latest day a filter may name: a later day matches nothing, and the bound keeps every input sane. */
export const LATEST_FILTER_DAY = '2099-12-31';

/** Which day a date range (and a series) applies to. */
export const DATE_BASES = ['transaction', 'payment'] as const;

/** Columns the sales table can be sorted by; ties are broken by the order the cache first stored the sales. */
export const SALE_SORT_COLUMNS = [
  'transactionDate',
  'paymentDate',
  'reference',
  'commissionAmount',
  'transactionAmount',
  'commissionStatus',
  'paymentStatus',
  'currency',
  'category',
  'subid',
  'productName',
  'collectionName',
  'firstSeen',
  'lastChanged',
] as const;
export type SaleSortColumn = (typeof SALE_SORT_COLUMNS)[number];
