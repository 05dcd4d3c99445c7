/**
 * The background sync as the whole shell sees it: the polled status (every half second while a sync runs, now and
 * then otherwise), starting and cancelling, whether the app is offline, today's date, and a data version that
 * changes whenever the cache may hold new sales — screens put it in their query keys so they refresh by themselves
 * while a sync brings rows in. It also starts the first sync of a new account (and refreshes a stale one) when the
 * session opens, and reports each run's outcome once.
 */
import { useNetwork } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { createContext, useCallback, useContext, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { localIsoDay } from '../../../shared/dates';
import type { AppErrorData } from '../../../shared/errors';
import type { SyncStatus } from '../../../shared/sync-progress';
import { call, reportRejectedCredentials } from '../common/bridge';
import { errorTitle } from '../common/error-title';
import type { DayRange } from '../sales/date-presets';
import { openSyncDecision, syncOutcome } from './sync-text';

/** What screens can know and do about syncing. */
export interface SyncController {
  /** The last status read; null before the first answer. */
  status: SyncStatus | null;
  running: boolean;
  /** True when the browser reports no network or the last sync could not reach the service. */
  offline: boolean;
  /** Today as the user's local day; changes at midnight. */
  today: string;
  /** Changes whenever cached sales may have changed. */
  dataVersion: number;
  /** Starts a sync of `range` (only missing days and the trailing window are fetched); resolves to an error or null. */
  start: (range: DayRange, options?: { refresh?: boolean }) => Promise<AppErrorData | null>;
  cancel: () => Promise<void>;
  /** Tells every screen the cache changed outside a sync (e.g. it was cleared) and re-reads the status. */
  invalidate: () => void;
}

const SyncContext = createContext<SyncController | null>(null);

const RUNNING_POLL_MS = 500;
const IDLE_POLL_MS = 20_000;
/** While a sync runs, screens refresh at most this often. */
const REFRESH_WHILE_RUNNING_MS = 2_000;

/** The sync controller of the open session. */
export function useSync(): SyncController {
  const controller = useContext(SyncContext);
  if (controller === null) throw new Error('useSync must be used inside <SyncProvider>');
  return controller;
}

/** Today's local day, re-read every minute so a session left open overnight moves on. */
export function useToday(): string {
  const [today, setToday] = useState(() => localIsoDay(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(localIsoDay(new Date())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}

/** Props of {@link SyncProvider}. */
export interface SyncProviderProps {
  /** False while the session cannot sync (signed out, asked to sign in again): nothing is polled or started. */
  enabled: boolean;
  /** Days of the automatic first sync. */
  firstSyncDays: number;
  children: ReactNode;
}

function announce(status: SyncStatus): void {
  const outcome = syncOutcome(status);
  if (outcome === null) return;
  notifications.show({
    color: outcome.kind === 'completed' ? 'teal' : outcome.kind === 'cancelled' ? 'gray' : status.offline ? 'orange' : 'red',
    title: outcome.title,
    message: outcome.message,
    'data-testid': `sync-${outcome.kind}-notification`,
  });
}

/** Provides {@link useSync} to the shell. */
export function SyncProvider({ enabled, firstSyncDays, children }: SyncProviderProps) {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [dataVersion, setDataVersion] = useState(0);
  const [kick, setKick] = useState(0);
  const { online } = useNetwork();
  const today = useToday();
  const previous = useRef<SyncStatus | null>(null);
  const lastBump = useRef(0);
  const opened = useRef(false);

  const apply = useCallback((next: SyncStatus) => {
    const before = previous.current;
    previous.current = next;
    setStatus(next);
    const bump = () => {
      lastBump.current = Date.now();
      setDataVersion((v) => v + 1);
    };
    if (before?.running && !next.running) {
      bump();
      announce(next);
      if (next.error?.code === 'AUTH_INVALID') reportRejectedCredentials(next.error as AppErrorData);
    } else if (
      next.running &&
      next.progress !== null &&
      next.progress.records !== before?.progress?.records &&
      Date.now() - lastBump.current > REFRESH_WHILE_RUNNING_MS
    ) {
      bump();
    }
  }, []);

  const start = useCallback(
    async (range: DayRange, options: { refresh?: boolean } = {}) => {
      const result = await call('startSync', { from: range.from, to: range.to, ...(options.refresh ? { refresh: true } : {}) });
      if (!result.ok) {
        notifications.show({ color: 'red', title: errorTitle(result.error.code), message: result.error.message });
        return result.error;
      }
      apply(result.value);
      setKick((k) => k + 1);
      return null;
    },
    [apply],
  );

  const cancel = useCallback(async () => {
    const result = await call('cancelSync');
    if (result.ok) apply(result.value);
    setKick((k) => k + 1);
  }, [apply]);

  const invalidate = useCallback(() => {
    setDataVersion((v) => v + 1);
    setKick((k) => k + 1);
  }, []);

  // The first status of the session decides whether to start the first sync (or refresh a stale cache).
  const onFirstStatus = useEffectEvent((first: SyncStatus) => {
    const decision = openSyncDecision(first, today, firstSyncDays, new Date());
    if (decision.kind !== 'none') void start({ from: decision.from, to: decision.to });
  });

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const result = await call('getSyncStatus');
      if (stopped) return;
      if (result.ok) {
        apply(result.value);
        if (!opened.current) {
          opened.current = true;
          onFirstStatus(result.value);
        }
      }
      timer = setTimeout(() => void tick(), result.ok && result.value.running ? RUNNING_POLL_MS : IDLE_POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled, apply, kick]);

  const value = useMemo<SyncController>(
    () => ({
      status,
      running: status?.running ?? false,
      offline: !online || (status?.offline ?? false),
      today,
      dataVersion,
      start,
      cancel,
      invalidate,
    }),
    [status, online, today, dataVersion, start, cancel, invalidate],
  );
  return <SyncContext.Provider value={value}>{children}</SyncContext.Provider>;
}
