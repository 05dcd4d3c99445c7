export * from './app-exporter';
export { aboutEntries } from './export-about';
export * from './export-sales';
export * from './export-freshness';
export * from './freshness-lines';
export { csvTextField } from './text-safety';
export * from './claim-file';
export { writeYearWorkbook, writeYearWorkbookTo } from './year-workbook';
export { writeAtomically } from './atomic-file';
