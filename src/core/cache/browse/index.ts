export * from './amounts-attention';
export * from './browse-index';
export * from './distinct-values';
export * from './sales-page';
export * from './sales-series';
export * from './sales-summary';
export * from './top-entries';
export { SavedIndexDamagedError } from './saved-columns';
export type { ColumnRow } from './column-store';
