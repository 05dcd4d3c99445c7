/**
 * Exports of the sales on screen or of a preset period: the menu, the preset dialog, the months offered, the run's
 * progress.
 */
export { AsOfPicker, instantOf } from './as-of-picker';
export { ExportButton } from './export-button';
export { previousMonth, recentMonths } from './export-months';
export { ExportPresetDialog } from './export-preset-dialog';
export { exportRequestFor } from './export-request';
export { StaleExportPrompt } from './stale-export-prompt';
export { useExportRunner } from './use-export-runner';
export type { ExportRunner } from './use-export-runner';
