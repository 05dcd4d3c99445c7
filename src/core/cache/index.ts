export * from './cache-errors';
export type { ClosedMonthStore } from './closed-months';
export type { ReferenceRateStore, StoredRate } from './reference-rates';
export * from './coverage';
export * from './file';
export * from './records';
export * from './sales-cache';
export type { SalesReads } from './sales-reads';
export * from './status-checks';
