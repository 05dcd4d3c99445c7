/**
 * The background sync as screens see it, in two contexts: its state (the polled status, the running sync's progress,
 * whether the app is offline, today, the data version) and its actions (start, re-check, cancel, …). The state
 * changes with every poll while a sync runs; the actions keep their identity, so a component that only starts or
 * cancels a sync is not drawn again at every step of its progress. `SyncProvider` (sync-provider.tsx) provides both.
 */
import { createContext, useContext } from 'react';
import type { DayRange } from '../../../shared/dates';
import type { AppErrorData } from '../../../shared/errors';
import type { SyncStatus } from '../../../shared/sync-progress';
import type { RunKind } from './missing-days-state';
import type { PendingRecheck } from './recheck-resume';
import type { ProgressView } from './sync-text';

/** What screens can know about syncing. */
export interface SyncState {
  /** The last status read; null before the first answer. */
  status: SyncStatus | null;
  running: boolean;
  /** The running sync in words, percent and time left — one view for the header and the banners; null when idle. */
  progress: ProgressView | null;
  /** What the running run does, when this window started it or it is the first sync; null otherwise. */
  runKind: RunKind | null;
  /** True when the browser reports no network or the last sync could not reach the service. */
  offline: boolean;
  /** Today as the user's local day; changes at midnight. */
  today: string;
  /** Changes whenever cached sales may have changed. */
  dataVersion: number;
  /** A re-check that stopped before its end (cancelled, failed, or the app was closed), or null. */
  unfinishedRecheck: PendingRecheck | null;
  /** Days set to sync once the network is back, or null. */
  waiting: DayRange | null;
}

/** What screens can do about syncing. */
export interface SyncActions {
  /** Starts a sync of `range` (only missing days and the trailing window are fetched); resolves to an error or null. */
  start: (range: DayRange) => Promise<AppErrorData | null>;
  /** The routine sync: recent days and every open sale, however old (start-up and "Sync now"). */
  startRoutine: () => Promise<AppErrorData | null>;
  /** Fetches every day of `range` again, final statuses too (T4). */
  recheck: (range: DayRange) => Promise<AppErrorData | null>;
  /** Fetches every cached day again, from the oldest to today (T4). */
  recheckAll: () => Promise<AppErrorData | null>;
  /** Continues {@link SyncState.unfinishedRecheck} with the months it has not fetched yet. */
  resumeRecheck: () => Promise<AppErrorData | null>;
  cancel: () => Promise<void>;
  /** Tells every screen the cache changed outside a sync (e.g. it was cleared) and re-reads the status. */
  invalidate: () => void;
  /** Syncs `range` as soon as the network is back. */
  syncWhenOnline: (range: DayRange) => void;
  stopWaiting: () => void;
  /** Tries the waiting days now. */
  retryNow: () => Promise<void>;
}

export const SyncStateContext = createContext<SyncState | null>(null);
export const SyncActionsContext = createContext<SyncActions | null>(null);

/** The sync state of the open session; the component is drawn again whenever it changes. */
export function useSyncState(): SyncState {
  const state = useContext(SyncStateContext);
  if (state === null) throw new Error('useSyncState must be used inside <SyncProvider>');
  return state;
}

/** The sync actions of the open session; they keep their identity while a sync runs. */
export function useSyncActions(): SyncActions {
  const actions = useContext(SyncActionsContext);
  if (actions === null) throw new Error('useSyncActions must be used inside <SyncProvider>');
  return actions;
}
