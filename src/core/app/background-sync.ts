/**
 * Routine syncs while the app runs: every N hours (a preference; 0 turns it off) the open account's routine sync
 * runs, and when it brought news — new sales or changed statuses — the app is told, so the Electron glue can show a
 * native notification and a badge. Nothing here touches Electron: timers are injected, so tests drive the clock.
 */
import { isAmountChange, isStatusChange } from '../../shared/sale-changes';
import type { SaleChange } from '../../shared/sales-query-types';
import type { Logger } from '../log';

/** What a background sync brought. */
export interface SyncNews {
  accountLabel: string;
  newSales: number;
  /** Statuses that changed, and sales the service stopped (or started again) reporting. */
  statusChanges: number;
  /** Amounts and currencies that changed (R2). */
  moneyChanges?: number;
  /** Sales that were paid and changed: each restates a paid period. */
  restatements?: number;
}

/**
 * The news counts of the change log's entries of one sync. A date change is counted under neither: a payment date
 * arrives with its payment (a status change), and a date moved on a paid sale is a restatement, named apart.
 */
export function changeNews(
  changes: readonly SaleChange[],
): Pick<SyncNews, 'statusChanges' | 'moneyChanges' | 'restatements'> {
  const count = (keep: (change: SaleChange) => boolean): number => changes.filter(keep).length;
  return {
    statusChanges: count((c) => c.field === 'reported' || isStatusChange(c.field)),
    moneyChanges: count((c) => c.field === 'currency' || isAmountChange(c.field)),
    restatements: new Set(changes.filter((c) => c.restatement).map((c) => c.reference)).size,
  };
}

/** Timers the schedule uses; the app's are `setTimeout`/`clearTimeout`. */
export interface ScheduleTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** What the schedule needs. */
export interface BackgroundSyncDeps {
  /** Hours between syncs, read at each scheduling; 0 is off. */
  intervalHours(): number;
  /** One routine sync of the open account; null when none could run (nothing open or signed in, a sync running). */
  runOnce(): Promise<SyncNews | null>;
  /** Called after a sync that brought news. */
  onNews(news: SyncNews): void;
  timers?: ScheduleTimers;
  logger: Logger;
}

/** The running schedule. */
export interface BackgroundSync {
  /** Starts (or restarts) the schedule from now, e.g. at start and after the preference changed. */
  reschedule(): void;
  stop(): void;
}

const HOUR_MS = 3_600_000;
const NODE_TIMERS: ScheduleTimers = {
  set: (run, ms) => {
    const timer = setTimeout(run, ms);
    // A pending background sync must not keep a quitting app (or a test process) alive.
    timer.unref?.();
    return timer;
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Sums what several syncs brought, for a badge counting news since the user last looked. */
export function newsCount(news: SyncNews): number {
  return news.newSales + news.statusChanges + (news.moneyChanges ?? 0);
}

/** Builds the schedule; call `reschedule()` to start it. */
export function createBackgroundSync(deps: BackgroundSyncDeps): BackgroundSync {
  const timers = deps.timers ?? NODE_TIMERS;
  let handle: unknown = null;
  let stopped = false;

  const tick = async (): Promise<void> => {
    handle = null;
    try {
      const news = await deps.runOnce();
      if (news !== null && newsCount(news) > 0) deps.onNews(news);
    } catch (error) {
      deps.logger.warn('sync.background-failed', { error });
    }
    if (!stopped) schedule();
  };

  function schedule(): void {
    if (handle !== null) timers.clear(handle);
    handle = null;
    const hours = deps.intervalHours();
    if (stopped || hours <= 0) return;
    handle = timers.set(() => void tick(), hours * HOUR_MS);
  }

  return {
    reschedule: () => {
      stopped = false;
      schedule();
    },
    stop: () => {
      stopped = true;
      if (handle !== null) timers.clear(handle);
      handle = null;
    },
  };
}

function counted(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** The notification a background sync's news gets: what arrived, for which account, and where to look. */
export function syncNewsText(news: SyncNews): { title: string; body: string } {
  const parts = [
    ...(news.newSales > 0 ? [counted(news.newSales, 'new sale', 'new sales')] : []),
    ...(news.statusChanges > 0 ? [counted(news.statusChanges, 'status change', 'status changes')] : []),
    ...((news.moneyChanges ?? 0) > 0 ? [counted(news.moneyChanges ?? 0, 'money change', 'money changes')] : []),
    ...((news.restatements ?? 0) > 0
      ? [counted(news.restatements ?? 0, 'restated paid sale', 'restated paid sales')]
      : []),
  ];
  const last = parts.pop();
  return {
    title: `${news.accountLabel}: ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}`,
    body: 'Open Commission Desk and look at Changes to see what is new.',
  };
}
