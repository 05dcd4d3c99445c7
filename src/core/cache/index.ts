export * from './cache-errors';
export * from './coverage';
export * from './file';
export * from './records';
export * from './sales-cache';
export * from './status-checks';
