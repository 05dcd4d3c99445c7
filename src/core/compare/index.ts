export * from './comparison';
export * from './comparison-csv';
