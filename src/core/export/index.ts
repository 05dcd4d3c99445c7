export * from './app-exporter';
export * from './export-sales';
export * from './export-freshness';
export * from './freshness-lines';
