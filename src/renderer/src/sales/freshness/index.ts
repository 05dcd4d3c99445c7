/**
 * How current the cached sales are: when they were fetched, which days are missing, when statuses were last
 * confirmed.
 */
export { DataAsOfText, FreshnessBanner, StatusesCheckedText, missingText } from './freshness';
export { RecheckPeriodButton } from './recheck-period-button';
export { statusCheckText } from './status-check-text';
