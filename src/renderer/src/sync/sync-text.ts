/**
 * Pure rules of the sync status UI: how far a running sync is and how long it has left (one measure for the bar, the
 * words and the banner, so they never disagree), the words for its outcome, and when the app should start a sync on
 * its own (the first 30 days of a new account, or a refresh of a stale one).
 */
import { addDays } from '../../../shared/dates';
import { moneyChangeCounts, type ChangeCounts } from '../../../shared/sale-changes';
import type { SyncElsewhere, SyncProgress, SyncStatus } from '../../../shared/sync-progress';
import { formatCount, formatDuration, pluralize } from '../common/format';

/**
 * How far a run is, from 0 to 1, or null when there is nothing honest to measure yet. Over several date windows
 * the server's totals are known only for the windows started so far, so windows done is the measure; within a
 * single window the records against its total are.
 */
export function progressFraction(progress: SyncProgress | null): number | null {
  if (progress === null) return null;
  if (progress.windowsTotal > 1) {
    // Windows run in parallel: until one is done there is no share to show.
    return progress.windowsDone === 0 ? null : Math.min(1, progress.windowsDone / progress.windowsTotal);
  }
  if (progress.estimatedTotal !== null && progress.estimatedTotal > 0 && progress.records > 0) {
    return Math.min(1, progress.records / progress.estimatedTotal);
  }
  return null;
}

/** Percent done (0-100), or null when there is no measure yet (the bar then moves without claiming a share). */
export function progressPercent(progress: SyncProgress | null): number | null {
  const fraction = progressFraction(progress);
  return fraction === null ? null : Math.round(fraction * 100);
}

/** Before this many seconds of a run, a time left would be a guess. */
const ETA_AFTER_SECONDS = 2;

/**
 * The time left as last measured: worked out when the share done changes (elapsed × left ÷ done), then counted down
 * between changes. Measuring on every poll instead would make it grow while a long window runs and the share stands
 * still.
 */
export interface EtaAnchor {
  /** The run it belongs to. */
  startedAt: string;
  fraction: number;
  secondsLeft: number;
  /** When it was measured (ms since the epoch). */
  atMs: number;
}

/** The anchor for `progress` seen at `nowMs`: the previous one while the share done is unchanged, else a new one. */
export function nextEtaAnchor(
  previous: EtaAnchor | null,
  progress: SyncProgress | null,
  nowMs: number,
): EtaAnchor | null {
  const fraction = progressFraction(progress);
  if (progress === null || fraction === null || fraction <= 0) return null;
  if (previous !== null && previous.startedAt === progress.startedAt && previous.fraction === fraction) return previous;
  const elapsed = (nowMs - Date.parse(progress.startedAt)) / 1000;
  if (!Number.isFinite(elapsed) || elapsed < ETA_AFTER_SECONDS) return null;
  return { startedAt: progress.startedAt, fraction, secondsLeft: (elapsed * (1 - fraction)) / fraction, atMs: nowMs };
}

/** Seconds left at `nowMs` by `anchor`, never below zero; null without an anchor. */
export function secondsLeft(anchor: EtaAnchor | null, nowMs: number): number | null {
  if (anchor === null) return null;
  return Math.max(0, anchor.secondsLeft - (nowMs - anchor.atMs) / 1000);
}

/** "about 2 min left", "a few seconds left", "almost done", or "working out the time left". */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null) return 'working out the time left';
  if (seconds < 1) return 'almost done';
  if (seconds < 10) return 'a few seconds left';
  if (seconds < 55) return `about ${Math.round(seconds / 5) * 5} s left`;
  return `about ${formatDuration(Math.max(60, seconds))} left`;
}

/** A running sync as the header, the banner and the bar show it, all from the same numbers. */
export interface ProgressView {
  /** The bar's value (0-100), or null while it moves without claiming a share. */
  percent: number | null;
  /** "1,246 sales · 12 pages": what was fetched so far. */
  counts: string;
  /** "about 2 min left", following from the bar's share; null while there is no share. */
  timeLeft: string | null;
  /** "1,246 sales · 12 pages · 45% · about 2 min left": everything, for the tooltip and assistive technology. */
  detail: string;
  /** "45% · about 2 min left" for narrow places; the sales so far, or "Starting…", before there is a share. */
  short: string;
}

/**
 * The words of a running sync. "N of about M sales" appears only when the bar is measured by those very records
 * (one window); over several windows the total is not known ahead, so the words give the sales so far and the bar's
 * share, never a total the bar contradicts.
 */
export function progressView(progress: SyncProgress | null, eta: number | null, locale?: string): ProgressView {
  if (progress === null || (progress.records === 0 && progress.pages === 0 && progress.windowsDone === 0)) {
    return {
      percent: null,
      counts: 'Waiting for the first page…',
      timeLeft: null,
      detail: 'Waiting for the first page…',
      short: 'Starting…',
    };
  }
  const percent = progressPercent(progress);
  const byRecords =
    progress.windowsTotal <= 1 && progress.estimatedTotal !== null && progress.estimatedTotal >= progress.records;
  const records = byRecords
    ? `${formatCount(progress.records, locale)} of about ${pluralize(progress.estimatedTotal ?? 0, 'sale', 'sales', locale)}`
    : pluralize(progress.records, 'sale', 'sales', locale);
  const counts = `${records} · ${pluralize(progress.pages, 'page', 'pages', locale)}`;
  if (percent === null)
    return {
      percent,
      counts,
      timeLeft: null,
      detail: counts,
      short: pluralize(progress.records, 'sale', 'sales', locale),
    };
  const timeLeft = timeLeftText(eta);
  const short = `${percent}% · ${timeLeft}`;
  return { percent, counts, timeLeft, detail: `${counts} · ${short}`, short };
}

/** The words for a sync another process runs on this account (R10): a short label and what it means. */
export function elsewhereText(elsewhere: SyncElsewhere, ownWaiting: boolean): { label: string; detail: string } {
  const who =
    elsewhere.by === 'command'
      ? 'A Commission Desk command (a scheduled sync, for example) is syncing this account.'
      : 'Another Commission Desk window is syncing this account.';
  const own = ownWaiting ? ' This sync starts once it has finished.' : '';
  return {
    label: ownWaiting ? 'Waiting: syncing in another window or command' : 'Syncing in another window or command',
    detail: `${who} What it stores shows here as it arrives.${own}`,
  };
}

/** What a finished run reports to the person. */
export interface SyncOutcome {
  kind: 'completed' | 'cancelled' | 'failed';
  title: string;
  message: string;
}

/**
 * " 3 status changes, 2 amount changes, 1 restated paid sale: see Changes." — what the run changed on stored sales
 * (R2), so a corrected amount or a restated paid period is news, not a silent rewrite; empty when it changed nothing.
 */
function changesSentence(changes: ChangeCounts | undefined, locale?: string): string {
  if (changes === undefined) return '';
  const statuses: [number, string, string] = [changes.statusChanges, 'status change', 'status changes'];
  const counts = [...(changes.statusChanges > 0 ? [statuses] : []), ...moneyChangeCounts(changes)];
  if (counts.length === 0) return '';
  const parts = counts.map(([n, one, many]) => pluralize(n, one, many, locale));
  return ` ${parts.join(', ')}: see Changes.`;
}

/**
 * "2,000 new sales saved on this computer; 25 stored sales checked again." Records fetched count the sales fetched
 * again to check them, so they are said apart from the new ones, which is what a person counts.
 */
function fetchedSentence(status: SyncStatus, locale?: string): string {
  const records = status.progress?.records ?? 0;
  const added = status.lastRun?.newSales;
  if (added === undefined) {
    return records > 0
      ? `${pluralize(records, 'sale', 'sales', locale)} fetched and saved on this computer.`
      : 'Your sales are up to date.';
  }
  const checked = Math.max(0, records - added);
  const again = checked > 0 ? `${pluralize(checked, 'stored sale', 'stored sales', locale)} checked again` : null;
  if (added === 0) return again === null ? 'Your sales are up to date.' : `No new sales; ${again}.`;
  const saved = `${pluralize(added, 'new sale', 'new sales', locale)} saved on this computer`;
  return again === null ? `${saved}.` : `${saved}; ${again}.`;
}

/** The outcome of the run that just ended, read from the status after it. */
export function syncOutcome(status: SyncStatus, locale?: string): SyncOutcome | null {
  const run = status.lastRun;
  if (run === null) return null;
  switch (run.status) {
    case 'completed':
      return {
        kind: 'completed',
        title: 'Sync finished',
        message: fetchedSentence(status, locale) + changesSentence(run.changes, locale),
      };
    case 'cancelled':
      return {
        kind: 'cancelled',
        title: 'Sync cancelled',
        message: 'Sales fetched so far are kept. Sync again to fetch the rest.',
      };
    case 'failed':
      return {
        kind: 'failed',
        title: status.offline ? 'Sync stopped: you appear to be offline' : 'Sync stopped',
        message: status.error?.message ?? 'The sync could not finish. Try again.',
      };
  }
}

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
      return {
        kind: 'completed',
        title: 'Re-check finished',
        message: `Every day of ${what} was fetched again. See Changes for what changed.`,
      };
    case 'cancelled':
      return {
        kind: 'cancelled',
        title: 'Re-check paused',
        message:
          'Days already fetched again are kept. Choose “Resume re-check” to fetch the rest; it does not start over.',
      };
    case 'failed':
      return {
        kind: 'failed',
        title: status.offline ? 'Re-check stopped: you appear to be offline' : 'Re-check stopped',
        message: `${status.error?.message ?? 'The re-check could not finish.'} Choose “Resume re-check” to fetch the rest once the problem is solved.`,
      };
  }
}
