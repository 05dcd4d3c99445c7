/** The totals, the change from the previous period, the breakdowns and the commission chart (loaded with its tab). */
export { Breakdowns } from './breakdowns';
export { CommissionChart } from './lazy-commission-chart';
export { PreviousPeriodScope } from './previous-period-change';
export { SummaryBar, TotalsByCurrency } from './sales-summary';
