/**
 * The view a person chose on the sales screen (filters, columns, sort, tab), kept per account, and its first query.
 */
export { firstRowsQuery, prefetchFirstRows } from './first-rows';
export { useSalesView } from './use-sales-view';
export type { SalesTab, SalesView } from './use-sales-view';
