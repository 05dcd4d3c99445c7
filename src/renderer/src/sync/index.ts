/** The background sync in the renderer: its state and actions for every screen, the header's control, the banners. */
export { BACKFILL_MONTHS, BackfillBanner, useBackfillNeeded, useStartBackfill } from './backfill-banner';
export { missingDaysState } from './missing-days-state';
export { ResumeRecheckButton } from './resume-recheck-button';
export { useSyncActions, useSyncState } from './sync-context';
export { SyncControl } from './sync-control';
export { SyncProvider } from './sync-provider';
export { useToday } from './use-today';
