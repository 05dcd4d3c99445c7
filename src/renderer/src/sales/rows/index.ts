/** The table's windows of rows, and its first window asked for at start, before the table exists. */
export {
  askFirstRows,
  askRememberedFirstRows,
  dropFirstRows,
  rememberFirstRowsQuery,
  takeArrivedFirstRows,
  takeFirstRows,
} from './prefetched-first-rows';
export { WINDOW_SIZE, WindowCache, windowsCovering } from './row-windows';
