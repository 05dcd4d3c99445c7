export * from './as-of-sales';
export * from './history-start';
