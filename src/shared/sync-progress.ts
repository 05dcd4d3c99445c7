import type { ChangeCounts } from './sale-changes';

/**
 * Progress of a sync as the renderer shows it: windows, pages and records done, the server's total
 * as an estimate, the rate and an ETA.
 */

/** A snapshot sent to the renderer. */
export interface SyncProgress {
  state: 'running' | 'completed' | 'cancelled' | 'failed';
  from: string;
  to: string;
  windowsTotal: number;
  windowsDone: number;
  pages: number;
  records: number;
  /** Sum of the server's `total` hints of the windows started so far; an estimate only. */
  estimatedTotal: number | null;
  /** Records per second since the start. */
  ratePerSecond: number;
  /** Seconds left at the current rate; null when unknown. */
  etaSeconds: number | null;
  warnings: number;
  startedAt: string;
}

/** A sync of the account run by another Commission Desk process (another window of the app, or a command). */
export interface SyncElsewhere {
  by: 'app' | 'command';
  /** When that sync took the account's lease. */
  since: string;
}

/** The sync state the renderer polls: the current or last run, and whether the service looked offline. */
export interface SyncStatus {
  running: boolean;
  progress: SyncProgress | null;
  /**
   * The last finished run of the current account; `changes` counts what it changed on stored sales (R2), when this
   * app session ran it.
   */
  lastRun: {
    from: string;
    to: string;
    status: 'completed' | 'cancelled' | 'failed';
    finishedAt: string | null;
    changes?: ChangeCounts;
    /** Sales the run stored for the first time, when this app session ran it (records fetched also count re-checks). */
    newSales?: number;
  } | null;
  /** When the last completed sync finished; "last synced …". */
  lastSyncedAt: string | null;
  /** Why the last run stopped, if it failed. */
  error: { code: string; message: string } | null;
  /** True when the last attempt could not reach the service. */
  offline: boolean;
  /**
   * Another process is syncing this account: what it stores shows as it arrives, and this app's own sync (when
   * `running`) waits for it to finish.
   */
  elsewhere?: SyncElsewhere | null;
  /**
   * What did not go as planned in the last run that finished in this session (a sale sent twice with other values in
   * one walk and which copy was kept, R6; a period walked again; records that could not be read), one sentence each.
   */
  notes: string[];
}
