export * from './ecb-rates-file';
export * from './rate-table';
export * from './stored-rates';
export * from './ecb-fetch';
