/**
 * The Changes tab (what the service changed on cached sales, loaded with the tab) and the sales it no longer
 * reports.
 */
export { ChangesView } from './lazy-changes-view';
export { useNoLongerReported } from './use-no-longer-reported';
export { NoLongerReportedNote, SaleHistory, useSaleHistory } from './sale-history';
export { changeFieldLabel, changeValueText } from './change-text';
