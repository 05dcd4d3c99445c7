/**
 * "Sync when back online": days the person asked to sync while offline wait here, and are synced as soon as the
 * network is back — at once when the system reports it back (the browser's online event), and otherwise (the
 * computer is online but the service could not be reached) by trying again every little while. A retry that fails
 * for the same reason stays quiet and keeps waiting; any other outcome ends the wait and is reported as usual.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DayRange } from '../../../shared/dates';
import type { AppErrorData } from '../../../shared/errors';
import type { SyncStatus } from '../../../shared/sync-progress';

/** How often the service is tried again while the computer is online but the service was out of reach. */
export const OFFLINE_RETRY_MS = 15_000;

/** What the hook needs from the sync provider. */
export interface SyncWhenOnlineDeps {
  enabled: boolean;
  /** The system's own network state (false while it reports no connection). */
  online: boolean;
  status: SyncStatus | null;
  start: (range: DayRange) => Promise<AppErrorData | null>;
}

/** The waiting days and their controls. */
export interface SyncWhenOnline {
  waiting: DayRange | null;
  syncWhenOnline: (range: DayRange) => void;
  stopWaiting: () => void;
  /** Tries the waiting days now. */
  retryNow: () => Promise<void>;
  /** Called when a run ends; true when its outcome should not be announced (a quiet retry still offline). */
  settle: (ended: SyncStatus) => boolean;
}

/** Holds the days waiting for the network and syncs them once it is back. */
export function useSyncWhenOnline({ enabled, online, status, start }: SyncWhenOnlineDeps): SyncWhenOnline {
  const [waiting, setWaiting] = useState<DayRange | null>(null);
  const waitingRef = useRef<DayRange | null>(null);
  // The running run is a try of the waiting days; set before it starts, read when it ends.
  const trying = useRef(false);
  const wasOnline = useRef(online);

  const wait = useCallback((range: DayRange | null) => {
    waitingRef.current = range;
    setWaiting(range);
  }, []);

  const retryNow = useCallback(async () => {
    const range = waitingRef.current;
    if (range === null || trying.current) return;
    trying.current = true;
    const error = await start(range);
    if (error !== null) trying.current = false;
  }, [start]);

  const settle = useCallback(
    (ended: SyncStatus) => {
      if (!trying.current) return false;
      trying.current = false;
      const stillOffline = ended.lastRun?.status === 'failed' && ended.offline;
      if (!stillOffline) wait(null);
      return stillOffline;
    },
    [wait],
  );

  const running = status?.running ?? false;
  const serviceOffline = status?.offline ?? false;
  useEffect(() => {
    const cameOnline = online && !wasOnline.current;
    wasOnline.current = online;
    if (!enabled || waiting === null || !online || running) return;
    if (cameOnline || !serviceOffline) {
      void retryNow();
      return;
    }
    const timer = setTimeout(() => void retryNow(), OFFLINE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [enabled, waiting, online, running, serviceOffline, retryNow]);

  const stopWaiting = useCallback(() => wait(null), [wait]);
  return { waiting, syncWhenOnline: wait, stopWaiting, retryNow, settle };
}
