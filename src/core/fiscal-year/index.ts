export * from './fiscal-period';
export * from './year-summary';
export * from './year-reader';
