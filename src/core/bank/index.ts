export { MAX_STATEMENT_BYTES, readStatement } from './statement-file';
export { payoutKey } from './payout-match';
export * from './statement-match';
export { matchReportCsv } from './match-report-csv';
