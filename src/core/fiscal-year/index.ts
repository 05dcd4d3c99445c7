export * from './fiscal-period';
export * from './year-summary';
