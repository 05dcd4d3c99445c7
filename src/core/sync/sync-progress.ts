/**
 * Progress bookkeeping of a sync: windows, pages and records done, the server's total as an
 * estimate, the rate and an ETA. Pure, over an injected clock, so it is tested without waiting.
 */
import type { SyncProgress } from '../../shared/sync-progress';

/** Accumulates progress; `snapshot()` derives rate and ETA. */
export class ProgressTracker {
  private readonly startedMs: number;
  private readonly totals = new Map<number, number>();
  private state: SyncProgress['state'] = 'running';
  windowsDone = 0;
  pages = 0;
  records = 0;
  warnings = 0;

  constructor(
    private readonly range: { from: string; to: string },
    private windowsTotal: number,
    private readonly now: () => number,
  ) {
    this.startedMs = now();
  }

  /** Records a stored page of window `index`. */
  page(index: number, records: number, warnings: number, totalHint: number | null): void {
    this.pages += 1;
    this.records += records;
    this.warnings += warnings;
    if (totalHint !== null && !this.totals.has(index)) this.totals.set(index, totalHint);
  }

  /** Adds windows found to be needed while the sync runs (the days whose open sales changed). */
  addWindows(count: number): void {
    this.windowsTotal += count;
  }

  /** Marks one window as fully stored. */
  windowDone(): void {
    this.windowsDone += 1;
  }

  /** Sets the final state. */
  finish(state: Exclude<SyncProgress['state'], 'running'>): void {
    this.state = state;
  }

  /** The current progress. */
  snapshot(): SyncProgress {
    const seconds = Math.max((this.now() - this.startedMs) / 1000, 0.001);
    const rate = this.records / seconds;
    const estimate = this.totals.size > 0 ? [...this.totals.values()].reduce((a, b) => a + b, 0) : null;
    const remaining = estimate === null ? null : Math.max(estimate - this.records, 0);
    return {
      state: this.state,
      from: this.range.from,
      to: this.range.to,
      windowsTotal: this.windowsTotal,
      windowsDone: this.windowsDone,
      pages: this.pages,
      records: this.records,
      estimatedTotal: estimate,
      ratePerSecond: Math.round(rate * 10) / 10,
      etaSeconds: remaining === null || rate <= 0 || this.state !== 'running' ? null : Math.ceil(remaining / rate),
      warnings: this.warnings,
      startedAt: new Date(this.startedMs).toISOString(),
    };
  }
}
