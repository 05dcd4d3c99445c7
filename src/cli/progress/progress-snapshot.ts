/**
 * How far a long command is, in one shape for every renderer (bar, plain lines, JSON): what it counts, how many of
 * how many, the share done and the time left. The share of a sync follows the app's own sync bar: over several
 * periods, periods done (the service's totals are known only for periods already started); within one period, the
 * sales fetched against the service's total. Time left is the time so far scaled by the share still to do.
 */
import type { SyncProgress } from '../../shared/sync-progress';

/** What a count counts: the sync's periods (or routine steps), or sales. */
export type ProgressUnit = 'periods' | 'steps' | 'sales';

/** One moment of a long command. */
export interface ProgressSnapshot {
  command: 'sync' | 'export';
  /** What is being done, as a person reads it: "Syncing 2026-01-01 to 2026-03-31". */
  label: string;
  unit: ProgressUnit;
  done: number;
  /** Null while unknown. */
  total: number | null;
  /** 0 to 100, whole; null while there is no honest share yet. */
  percent: number | null;
  /** Seconds left; null while unknown. */
  etaSeconds: number | null;
  /** Sales fetched (sync) or written (export) so far. */
  sales: number;
}

/** Receives a command's progress. */
export interface ProgressReporter {
  update(snapshot: ProgressSnapshot): void;
  /** The work ended (done, failed or cancelled): a bar is wiped. */
  done(): void;
}

/** The share done (0 to 1) of `done` out of `total`, or null when there is none yet. */
function share(done: number, total: number | null): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(1, Math.max(0, done / total));
}

/** Seconds left when `fraction` of the work took `elapsedSeconds`; null before any share is done. */
export function etaSeconds(fraction: number | null, elapsedSeconds: number): number | null {
  if (fraction === null || fraction <= 0) return null;
  if (fraction >= 1) return 0;
  return Math.ceil((elapsedSeconds * (1 - fraction)) / fraction);
}

function snapshot(
  base: Omit<ProgressSnapshot, 'percent' | 'etaSeconds'>,
  fraction: number | null,
  elapsedSeconds: number,
): ProgressSnapshot {
  return {
    ...base,
    percent: fraction === null ? null : Math.floor(fraction * 100),
    etaSeconds: etaSeconds(fraction, elapsedSeconds),
  };
}

/** A sync's progress as the engine reports it, at `nowMs`. */
export function syncSnapshot(
  progress: SyncProgress,
  label: string,
  windowUnit: 'periods' | 'steps',
  nowMs: number,
): ProgressSnapshot {
  const elapsed = Math.max(0, (nowMs - Date.parse(progress.startedAt)) / 1000);
  const base = { command: 'sync' as const, label, sales: progress.records };
  if (progress.windowsTotal > 1) {
    // Periods run in parallel: until one is done there is no honest share to show.
    const fraction = progress.windowsDone === 0 ? null : share(progress.windowsDone, progress.windowsTotal);
    return snapshot(
      { ...base, unit: windowUnit, done: progress.windowsDone, total: progress.windowsTotal },
      fraction,
      elapsed,
    );
  }
  const done = progress.state === 'completed' ? 1 : share(progress.records, progress.estimatedTotal);
  return snapshot({ ...base, unit: 'sales', done: progress.records, total: progress.estimatedTotal }, done, elapsed);
}

/** An export that has written `rows` of `total` rows, started at `startedMs`. */
export function exportSnapshot(
  label: string,
  rows: number,
  total: number,
  startedMs: number,
  nowMs: number,
): ProgressSnapshot {
  const fraction = total === 0 ? 1 : share(rows, total);
  return snapshot(
    { command: 'export', label, unit: 'sales', done: rows, total, sales: rows },
    fraction,
    Math.max(0, (nowMs - startedMs) / 1000),
  );
}
