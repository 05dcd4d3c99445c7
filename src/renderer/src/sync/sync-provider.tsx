/**
 * The background sync as the whole shell sees it: the polled status (every half second while a sync runs, now and
 * then otherwise), starting and cancelling, whether the app is offline, today's date, and a data version that
 * changes whenever the cache may hold new sales — screens put it in their query keys so they refresh by themselves
 * while a sync brings rows in. It also starts the first sync of a new account (and the routine sync of a stale one)
 * when the session opens, and reports each run's outcome once. Three kinds of run: filling a period (first sync,
 * backfill, missing days), the routine sync (recent days plus every open sale however old: start-up and "Sync
 * now"), and a re-check that fetches a period (or all history) again — remembered until it finishes, so a
 * cancelled one can be resumed where it stopped. The running sync's progress is worked out here once (words, share
 * and time left), so the header and the banners never disagree; days the person asked to sync while offline wait
 * here until the network is back.
 */
import { useNetwork } from '@mantine/hooks';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import type { DayRange } from '../../../shared/dates';
import type { AppErrorData, IpcResult } from '../../../shared/errors';
import type { SyncStatus } from '../../../shared/sync-progress';
import { call, reportRejectedCredentials } from '../common/bridge';
import { localStateKey } from '../common/local-view-state';
import { useLocalState } from '../common/use-local-view-state';
import type { RunKind } from './missing-days-state';
import { monthSpans, remainingSpan, storedPendingRecheck, type PendingRecheck } from './recheck-resume';
import {
  nextEtaAnchor,
  openSyncDecision,
  progressView,
  recheckOutcome,
  secondsLeft,
  syncOutcome,
  type EtaAnchor,
  type ProgressView,
} from './sync-text';
import { SyncActionsContext, SyncStateContext, type SyncActions, type SyncState } from './sync-context';
import { useSyncWhenOnline } from './use-sync-when-online';
import { useToday } from './use-today';
import { notify, notifyError } from '../common/notify';

const RUNNING_POLL_MS = 500;
/** While another process syncs the account: what it stores shows here within about this long. */
const ELSEWHERE_POLL_MS = 2_000;
/** Idle, the status is still read now and then: a command (a scheduled job) may sync this account meanwhile. */
const IDLE_POLL_MS = 5_000;
/** While a sync runs, screens refresh at most this often. */
const REFRESH_WHILE_RUNNING_MS = 2_000;
/**
 * While another process syncs, screens refresh at most this often: each write of another process makes the next read
 * rebuild the account's browse index from the file.
 */
const REFRESH_WHILE_ELSEWHERE_MS = 10_000;

/** Props of {@link SyncProvider}. */
export interface SyncProviderProps {
  /** False while the session cannot sync (signed out, asked to sign in again): nothing is polled or started. */
  enabled: boolean;
  /** Days of the automatic first sync. */
  firstSyncDays: number;
  children: ReactNode;
}

/** How long until the status is read again. */
function pollDelay(status: SyncStatus | null): number {
  if (status?.running) return RUNNING_POLL_MS;
  return status?.elsewhere ? ELSEWHERE_POLL_MS : IDLE_POLL_MS;
}

/** The progress view of `status`, measuring the time left from `anchor` (updated in place). */
function viewOf(status: SyncStatus, anchor: { current: EtaAnchor | null }): ProgressView | null {
  if (!status.running) {
    anchor.current = null;
    return null;
  }
  const now = Date.now();
  anchor.current = nextEtaAnchor(anchor.current, status.progress, now);
  return progressView(status.progress, secondsLeft(anchor.current, now));
}

function announce(status: SyncStatus, recheck: PendingRecheck | null): void {
  const outcome = recheck === null ? syncOutcome(status) : recheckOutcome(status, recheck.all);
  if (outcome === null) return;
  notify({
    kind: 'sync',
    tone:
      outcome.kind === 'completed'
        ? 'success'
        : outcome.kind === 'cancelled'
          ? 'neutral'
          : status.offline
            ? 'warning'
            : 'error',
    title: outcome.title,
    message: outcome.message,
    testId: `sync-${outcome.kind}-notification`,
  });
}

/** Provides the sync's state and actions (sync-context.ts) to the shell. */
export function SyncProvider({ enabled, firstSyncDays, children }: SyncProviderProps) {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [progress, setProgress] = useState<ProgressView | null>(null);
  const anchor = useRef<EtaAnchor | null>(null);
  const [runKind, setRunKind] = useState<RunKind | null>(null);
  // Tells whether a run that ended was a quiet retry of days waiting for the network (its offline failure is then not
  // announced); read by `apply`, which must keep its identity.
  const settleWaitRef = useRef<(ended: SyncStatus) => boolean>(() => false);
  const [dataVersion, setDataVersion] = useState(0);
  const [kick, setKick] = useState(0);
  const today = useToday();
  const previous = useRef<SyncStatus | null>(null);
  const lastBump = useRef(0);
  const opened = useRef(false);
  const [pending, setPending] = useLocalState<PendingRecheck | null>(
    localStateKey(null, 'pending-recheck'),
    storedPendingRecheck,
    null,
  );
  // Read by the status callbacks, which must not change identity on every poll; set at once when a re-check starts.
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);

  /** The re-check's run ended: done, or left to resume. */
  const settleRecheck = useCallback(
    (next: SyncStatus) => {
      const recheck = pendingRef.current;
      if (recheck === null || !recheck.running) return;
      setPending(next.lastRun?.status === 'completed' ? null : { ...recheck, running: false });
    },
    [setPending],
  );

  const apply = useCallback(
    (next: SyncStatus) => {
      const before = previous.current;
      previous.current = next;
      setStatus(next);
      setProgress(viewOf(next, anchor));
      if (!next.running) setRunKind(null);
      const bump = () => {
        lastBump.current = Date.now();
        setDataVersion((v) => v + 1);
      };
      if (before?.running && !next.running) {
        bump();
        const recheck = pendingRef.current?.running ? pendingRef.current : null;
        if (!settleWaitRef.current(next)) announce(next, recheck);
        settleRecheck(next);
        if (next.error?.code === 'AUTH_INVALID') reportRejectedCredentials(next.error as AppErrorData);
      } else if (before === null && !next.running) {
        // A re-check still marked running when the app opens was cut short by closing it.
        settleRecheck(next);
      } else if (
        next.running &&
        next.progress !== null &&
        next.progress.records !== before?.progress?.records &&
        Date.now() - lastBump.current > REFRESH_WHILE_RUNNING_MS
      ) {
        bump();
      } else if (
        (before?.elsewhere && !next.elsewhere) ||
        (before !== null && !next.running && before.lastRun?.finishedAt !== next.lastRun?.finishedAt)
      ) {
        // Another process's sync ended (seen while it ran, or only by the run it recorded): read what it stored.
        bump();
      } else if (next.elsewhere && Date.now() - lastBump.current > REFRESH_WHILE_ELSEWHERE_MS) {
        // Another process is storing sales: screens read them as they arrive, without a restart.
        bump();
      }
    },
    [settleRecheck],
  );

  /** Applies the answer of a call that starts a run; shows and returns its error, if any. */
  const begun = useCallback(
    (result: IpcResult<SyncStatus>, kind: RunKind): AppErrorData | null => {
      if (!result.ok) {
        notifyError('sync', result.error);
        return result.error;
      }
      apply(result.value);
      if (result.value.running) setRunKind(kind);
      setKick((k) => k + 1);
      return null;
    },
    [apply],
  );

  const start = useCallback(
    async (range: DayRange) => begun(await call('startSync', { from: range.from, to: range.to }), 'fill'),
    [begun],
  );

  const startRoutine = useCallback(async () => begun(await call('startRoutineSync'), 'routine'), [begun]);
  const { online } = useNetwork();
  const whenOnline = useSyncWhenOnline({ enabled, online, status, start });
  useEffect(() => {
    settleWaitRef.current = whenOnline.settle;
  }, [whenOnline.settle]);

  /** Remembers a re-check before it starts (so its end is recognised), and forgets it if it could not start. */
  const runRecheck = useCallback(
    async (next: PendingRecheck, run: () => Promise<IpcResult<SyncStatus>>) => {
      const before = pendingRef.current;
      pendingRef.current = next;
      setPending(next);
      const error = begun(await run(), 'recheck');
      if (error !== null) {
        pendingRef.current = before;
        setPending(before);
      }
      return error;
    },
    [begun, setPending],
  );

  const recheck = useCallback(
    (range: DayRange) =>
      runRecheck({ ...range, startedAt: new Date().toISOString(), running: true, all: false }, () =>
        call('startSync', { from: range.from, to: range.to, refresh: true }),
      ),
    [runRecheck],
  );

  const recheckAll = useCallback(async () => {
    const startedAt = new Date().toISOString();
    const values = await call('salesFilterValues', { includeNoLongerReported: true });
    const from = values.ok && values.value.firstDay !== null ? values.value.firstDay : today;
    const ran: { span: DayRange | null } = { span: null };
    const error = await runRecheck({ from, to: today, startedAt, running: true, all: true }, async () => {
      const result = await call('recheckAllHistory');
      // The run's own span (from the oldest cached day, which may precede the oldest sale) is what a resume covers.
      if (result.ok && result.value.progress !== null)
        ran.span = { from: result.value.progress.from, to: result.value.progress.to };
      return result;
    });
    const span = ran.span;
    if (error === null && span !== null)
      setPending((current) => (current === null ? null : { ...current, from: span.from, to: span.to }));
    return error;
  }, [runRecheck, setPending, today]);

  const resumeRecheck = useCallback(async () => {
    const recheck = pendingRef.current;
    if (recheck === null) return null;
    const left = await remainingOf(recheck);
    if (!left.ok) {
      notifyError('sync', left.error);
      return left.error;
    }
    if (left.value === null) {
      setPending(null);
      notify({
        kind: 'sync',
        tone: 'success',
        title: 'Re-check finished',
        message: 'Every day of it was already fetched again. See Changes for what changed.',
      });
      return null;
    }
    const range = left.value;
    return runRecheck({ ...recheck, running: true }, () =>
      call('startSync', { from: range.from, to: range.to, refresh: true }),
    );
  }, [runRecheck, setPending]);

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
    if (decision.kind === 'first') void start({ from: decision.from, to: decision.to });
    else if (decision.kind === 'routine') void startRoutine();
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
      timer = setTimeout(() => void tick(), pollDelay(result.ok ? result.value : null));
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled, apply, kick]);

  const state = useMemo<SyncState>(
    () => ({
      status,
      running: status?.running ?? false,
      progress,
      // A run going before any sync finished is the first sync, whoever started it.
      runKind: status?.running ? (runKind ?? (status.lastSyncedAt === null ? 'fill' : null)) : null,
      offline: !online || (status?.offline ?? false),
      today,
      dataVersion,
      unfinishedRecheck: pending !== null && !pending.running ? pending : null,
      waiting: whenOnline.waiting,
    }),
    [status, progress, runKind, online, today, dataVersion, pending, whenOnline.waiting],
  );
  const actions = useMemo<SyncActions>(
    () => ({
      start,
      startRoutine,
      recheck,
      recheckAll,
      resumeRecheck,
      cancel,
      invalidate,
      syncWhenOnline: whenOnline.syncWhenOnline,
      stopWaiting: whenOnline.stopWaiting,
      retryNow: whenOnline.retryNow,
    }),
    [
      start,
      startRoutine,
      recheck,
      recheckAll,
      resumeRecheck,
      cancel,
      invalidate,
      whenOnline.syncWhenOnline,
      whenOnline.stopWaiting,
      whenOnline.retryNow,
    ],
  );
  return (
    <SyncActionsContext.Provider value={actions}>
      <SyncStateContext.Provider value={state}>{children}</SyncStateContext.Provider>
    </SyncActionsContext.Provider>
  );
}

/** The span a re-check still has to fetch, from when each of its months was last fetched. */
async function remainingOf(recheck: PendingRecheck): Promise<IpcResult<DayRange | null>> {
  const months = monthSpans({ from: recheck.from, to: recheck.to });
  const answers = await Promise.all(
    months.map((m) =>
      call('querySales', {
        filter: { from: m.from, to: m.to, includeNoLongerReported: true },
        sort: { column: 'transactionDate', direction: 'desc' },
        offset: 0,
        limit: 1,
      }),
    ),
  );
  for (const answer of answers) if (!answer.ok) return { ok: false, error: answer.error };
  const fetchedAt = answers.map((a) => (a.ok ? (a.value.dataAsOf?.asOf ?? null) : null));
  return { ok: true, value: remainingSpan(months, fetchedAt, recheck.startedAt) };
}
