export * from './cache-errors';
export * from './file';
export * from './records';
export * from './sales-cache';
export * from './sql-read';
export * from './status-checks';
