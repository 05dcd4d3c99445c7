export * from './open-sales';
export * from './status-check-age';
export * from './unreported-sales';
