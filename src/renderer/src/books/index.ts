/**
 * The books: the Books section (the bridge of a month, quarter or year, and closing a month), the Adjustments
 * section, and the bridge table and month close Payouts shows too.
 */
export { AdjustmentsScreen } from './adjustments-screen';
export { BooksScreen } from './books-screen';
export { BridgeTable } from './bridge-table';
export { MonthClose } from './month-close';
