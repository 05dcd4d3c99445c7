/**
 * The fixed values of the cache's query API (earliest and latest days, sort columns, date bases), apart from its zod
 * schemas: the renderer needs these at start, and building the schemas there would delay the first screen for checks
 * that run in the main process.
 */

/** The earliest day any input may name (S17): the app has no sales before it, so an older day is a mistake. */
export const EARLIEST_DAY = '2000-01-01';
/**
 * The first and last days a filter may name: every day a stored sale can carry (a record's date has a four-digit year,
 * and one before 100 is not read as a day), so a filter, and so an export, can reach any sale the cache holds (R7).
 */
export const EARLIEST_FILTER_DAY = '0100-01-01';
export const LATEST_FILTER_DAY = '9999-12-31';

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
