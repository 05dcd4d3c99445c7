/**
 * The sync engine's inputs and outputs, shared by the period sync (`runSync`) and the routine sync (`runRoutineSync`).
 */
import type { SalesCache, UnstoredSpan } from '../cache';
import type { Logger } from '../log';
import type { ServiceClient } from '../service';
import type { ChangeCounts } from '../../shared/sale-changes';
import type { SyncProgress } from '../../shared/sync-progress';
import type { SyncLeaseOptions } from './sync-lease';

/** One sync of a period. */
export interface SyncJob {
  /** Cache key of the account ('demo' for the demo). */
  account: string;
  from: string;
  to: string;
  /** Days before today that are always fetched again (default 60). */
  trailingDays?: number;
  /** Fetch the whole range again, covered or not (to pick up status changes of older sales). */
  refresh?: boolean;
}

/** The sync that keeps statuses current without a period: the trailing window plus every open sale, however old. */
export interface RoutineSyncJob {
  account: string;
  /** Days before today that are always fetched in full (default 60). */
  trailingDays?: number;
  /** Days within which routine syncs, one a day, fetch every older cached day again (default 30, R3). */
  rotationDays?: number;
}

/** What the engine needs. */
export interface SyncDeps {
  cache: SalesCache;
  client: ServiceClient;
  /** The user's calendar day, yyyy-mm-dd. */
  today: () => string;
  now?: () => Date;
  /** Windows fetched at the same time (default 3); the client's gate still caps requests. */
  parallelWindows?: number;
  /** Days per window (default 31). */
  windowDays?: number;
  onProgress?: (progress: SyncProgress) => void;
  /** Told about walks repeated, copies that conflicted, windows left unsettled. */
  logger?: Logger;
  /** How this sync meets another process's sync of the same account (see `sync-lease.ts`); stops at once by default. */
  lease?: SyncLeaseOptions;
}

/** The outcome of a sync; the changes it logged are counted by kind (R2). */
export interface SyncResult extends ChangeCounts {
  progress: SyncProgress;
  inserted: number;
  updated: number;
  /** Cached sales a complete fetch of their day no longer returned (T5). */
  noLongerReported: number;
  /** Sales reported again after having been marked no longer reported. */
  reportedAgain: number;
  /** Sentences about what did not go as planned (walked again, conflicting copies, a window left unsettled). */
  notes: string[];
  /**
   * After the run, per day of its range (or per span of days asked for, for a record that named no day): records the
   * service sent that could not be stored, and why (T8). Those days are not complete; every sync fetches them again.
   */
  unstored: UnstoredSpan[];
  /**
   * Open sales outside the days fetched whose statuses were checked: older than the trailing window for a routine
   * sync, made up to the period's end for a period sync.
   */
  openSalesChecked: number;
  /** Days fetched again in full because an open sale of theirs left the open statuses. */
  daysFetchedAgain: number;
}

/** The outcome of a routine sync. */
export type RoutineSyncResult = SyncResult;
