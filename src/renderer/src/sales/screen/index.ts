/** The sales screen: the toolbar, the tabs and the table, put together from the other sales folders. */
export { SalesScreen } from './sales-screen';
