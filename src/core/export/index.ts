export * from './app-exporter';
export * from './export-sales';
