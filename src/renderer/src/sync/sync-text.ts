/**
 * Pure rules of the sync status UI: how far a running sync is, the words for its progress and its outcome, and
 * when the app should start a sync on its own (the first 30 days of a new account, or a refresh of a stale one).
 */
import { addDays } from '../../../shared/dates';
import type { SyncProgress, SyncStatus } from '../../../shared/sync-progress';
import { formatCount, formatDuration, pluralize } from '../common/format';

/** Percent done (0-100), or null when there is no estimate yet (the bar then shows as indeterminate). */
export function progressPercent(progress: SyncProgress | null): number | null {
  if (progress === null) return null;
  // Over several windows the server's total is known only for windows started so far, so windows done is the
  // honest measure; within a single window the records against its total are.
  if (progress.windowsTotal > 1) {
    // Windows run in parallel: until one is done there is no honest share to show.
    return progress.windowsDone === 0 ? null : Math.round((progress.windowsDone / progress.windowsTotal) * 100);
  }
  if (progress.estimatedTotal !== null && progress.estimatedTotal > 0) {
    return Math.round(Math.min(1, progress.records / progress.estimatedTotal) * 100);
  }
  return null;
}

/** "1,234 of about 5,000 sales · 12 pages · about 30 s left" (parts drop out while unknown). */
export function progressText(progress: SyncProgress | null, locale?: string): string {
  if (progress === null) return 'Starting…';
  const records =
    progress.estimatedTotal !== null && progress.estimatedTotal >= progress.records
      ? `${formatCount(progress.records, locale)} of about ${pluralize(progress.estimatedTotal, 'sale', 'sales', locale)}`
      : pluralize(progress.records, 'sale', 'sales', locale);
  const parts = [records, pluralize(progress.pages, 'page', 'pages', locale)];
  if (progress.etaSeconds !== null && progress.etaSeconds > 0) parts.push(`about ${formatDuration(progress.etaSeconds)} left`);
  return parts.join(' · ');
}

/** What a finished run reports to the person. */
export interface SyncOutcome {
  kind: 'completed' | 'cancelled' | 'failed';
  title: string;
  message: string;
}

/** The outcome of the run that just ended, read from the status after it. */
export function syncOutcome(status: SyncStatus, locale?: string): SyncOutcome | null {
  const run = status.lastRun;
  if (run === null) return null;
  const fetched = status.progress ? pluralize(status.progress.records, 'sale', 'sales', locale) : null;
  switch (run.status) {
    case 'completed':
      return { kind: 'completed', title: 'Sync finished', message: fetched ? `${fetched} fetched and saved on this computer.` : 'Your sales are up to date.' };
    case 'cancelled':
      return { kind: 'cancelled', title: 'Sync cancelled', message: 'Sales fetched so far are kept. Sync again to fetch the rest.' };
    case 'failed':
      return {
        kind: 'failed',
        title: status.offline ? 'Sync stopped: you appear to be offline' : 'Sync stopped',
        message: status.error?.message ?? 'The sync could not finish. Try again.',
      };
  }
}

/** Days a first sync covers unless Settings say otherwise. */
export const DEFAULT_FIRST_SYNC_DAYS = 30;

/** A synced store older than this is refreshed when the account opens. */
export const STALE_AFTER_MS = 12 * 60 * 60 * 1000;

/** What to do about syncing when an account opens. */
export type OpenSyncDecision = { kind: 'none' } | { kind: 'routine' } | { kind: 'first'; from: string; to: string };

/**
 * Decides the sync to start when a session opens: none while one runs; the first `days` days when the cache has no
 * completed sync (also after a cancelled or failed first attempt, which resumes); the routine sync (recent days and
 * every open sale, however old) when the last sync is older than {@link STALE_AFTER_MS}.
 */
export function openSyncDecision(status: SyncStatus, today: string, days: number, now: Date): OpenSyncDecision {
  if (status.running) return { kind: 'none' };
  if (status.lastSyncedAt === null) return { kind: 'first', from: addDays(today, -(Math.max(1, days) - 1)), to: today };
  const age = now.getTime() - new Date(status.lastSyncedAt).getTime();
  if (Number.isFinite(age) && age > STALE_AFTER_MS) return { kind: 'routine' };
  return { kind: 'none' };
}

/** The outcome of a re-check (of a period, or `all` history) that just ended. */
export function recheckOutcome(status: SyncStatus, all: boolean): SyncOutcome | null {
  const what = all ? 'all history' : 'this period';
  switch (status.lastRun?.status) {
    case undefined:
      return null;
    case 'completed':
      return { kind: 'completed', title: 'Re-check finished', message: `Every day of ${what} was fetched again. See Changes for what changed.` };
    case 'cancelled':
      return {
        kind: 'cancelled',
        title: 'Re-check paused',
        message: 'Days already fetched again are kept. Choose “Resume re-check” to fetch the rest; it does not start over.',
      };
    case 'failed':
      return {
        kind: 'failed',
        title: status.offline ? 'Re-check stopped: you appear to be offline' : 'Re-check stopped',
        message: `${status.error?.message ?? 'The re-check could not finish.'} Choose “Resume re-check” to fetch the rest once the problem is solved.`,
      };
  }
}
