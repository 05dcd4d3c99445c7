import { describe, expect, it } from 'vitest';
import type { SyncProgress, SyncStatus } from '../../../shared/sync-progress';
import {
  elsewhereText,
  nextEtaAnchor,
  openSyncDecision,
  progressPercent,
  progressView,
  recheckOutcome,
  secondsLeft,
  syncOutcome,
  timeLeftText,
} from './sync-text';

const progress = (patch: Partial<SyncProgress> = {}): SyncProgress => ({
  state: 'running',
  from: '2026-10-24',
  to: '2026-11-22',
  windowsTotal: 1,
  windowsDone: 0,
  pages: 3,
  records: 300,
  estimatedTotal: 1200,
  ratePerSecond: 100,
  etaSeconds: 9,
  warnings: 0,
  startedAt: '2026-11-22T10:00:00.000Z',
  ...patch,
});

const status = (patch: Partial<SyncStatus> = {}): SyncStatus => ({
  running: false,
  progress: null,
  lastRun: null,
  lastSyncedAt: null,
  notes: [],
  error: null,
  offline: false,
  ...patch,
});

describe('progress', () => {
  it('measures one window by records and several by windows done', () => {
    expect(progressPercent(progress())).toBe(25);
    expect(progressPercent(progress({ windowsTotal: 24, windowsDone: 6 }))).toBe(25);
    expect(progressPercent(progress({ windowsTotal: 24, windowsDone: 0 }))).toBeNull();
    expect(progressPercent(progress({ estimatedTotal: null }))).toBeNull();
    expect(progressPercent(progress({ records: 1500 }))).toBe(100);
    expect(progressPercent(null)).toBeNull();
  });

  it('says "of about" only when the bar is measured by those records, and gives the bar’s share and the time left', () => {
    const one = progressView(progress(), 9, 'en-US');
    expect(one).toEqual({
      percent: 25,
      counts: '300 of about 1,200 sales · 3 pages',
      timeLeft: 'a few seconds left',
      detail: '300 of about 1,200 sales · 3 pages · 25% · a few seconds left',
      short: '25% · a few seconds left',
    });
    // Over several windows the server's total covers only the windows started: never "1,246 of about 1,246" at 45%.
    const several = progressView(
      progress({ windowsTotal: 20, windowsDone: 9, records: 1246, estimatedTotal: 1246, pages: 14 }),
      150,
      'en-US',
    );
    expect(several.percent).toBe(45);
    expect(several.detail).toBe('1,246 sales · 14 pages · 45% · about 3 min left');
    expect(several.detail).not.toContain('of about');
  });

  it('has words for every stage before a measure', () => {
    expect(progressView(null, null).detail).toBe('Waiting for the first page…');
    expect(progressView(progress({ records: 0, pages: 0 }), null).short).toBe('Starting…');
    const unmeasured = progressView(
      progress({ windowsTotal: 24, windowsDone: 0, records: 140, pages: 2 }),
      null,
      'en-US',
    );
    expect(unmeasured).toEqual({
      percent: null,
      counts: '140 sales · 2 pages',
      timeLeft: null,
      detail: '140 sales · 2 pages',
      short: '140 sales',
    });
    expect(progressView(progress(), null, 'en-US').detail).toContain('working out the time left');
  });

  it('words the time left', () => {
    expect(timeLeftText(null)).toBe('working out the time left');
    expect(timeLeftText(0)).toBe('almost done');
    expect(timeLeftText(7)).toBe('a few seconds left');
    expect(timeLeftText(23)).toBe('about 25 s left');
    expect(timeLeftText(58)).toBe('about 1 min left');
    expect(timeLeftText(150)).toBe('about 3 min left');
  });
});

describe('time left', () => {
  const started = Date.parse('2026-11-22T10:00:00.000Z');

  it('is worked out from the share done when it changes, then counts down while the share stands still', () => {
    const at = (seconds: number) => started + seconds * 1000;
    // A quarter done after 10 s: 30 s left.
    const first = nextEtaAnchor(null, progress(), at(10));
    expect(secondsLeft(first, at(10))).toBe(30);
    // The same share 4 s later: the same anchor, 26 s left (not 42 s from 14 s × 3).
    const same = nextEtaAnchor(first, progress(), at(14));
    expect(same).toBe(first);
    expect(secondsLeft(same, at(14))).toBe(26);
    // Half done after 16 s: measured again, 16 s left.
    const half = nextEtaAnchor(same, progress({ records: 600 }), at(16));
    expect(secondsLeft(half, at(16))).toBe(16);
    // Never below zero while the share does not move.
    expect(secondsLeft(half, at(60))).toBe(0);
  });

  it('gives no time left too early, without a measure, or for another run', () => {
    expect(nextEtaAnchor(null, progress(), started + 1000)).toBeNull();
    expect(nextEtaAnchor(null, progress({ estimatedTotal: null }), started + 60_000)).toBeNull();
    expect(nextEtaAnchor(null, null, started + 60_000)).toBeNull();
    expect(secondsLeft(null, started)).toBeNull();
    const first = nextEtaAnchor(null, progress(), started + 10_000);
    const next = nextEtaAnchor(first, progress({ startedAt: '2026-11-22T10:00:05.000Z' }), started + 15_000);
    expect(next).not.toBe(first);
    expect(secondsLeft(next, started + 15_000)).toBe(30);
  });
});

describe('syncOutcome', () => {
  const run = (s: 'completed' | 'cancelled' | 'failed') => ({ from: 'a', to: 'b', status: s, finishedAt: null });

  it('reports what happened to the last run', () => {
    expect(syncOutcome(status({ lastRun: run('completed'), progress: progress({ records: 2 }) }), 'en-US')).toEqual({
      kind: 'completed',
      title: 'Sync finished',
      message: '2 sales fetched and saved on this computer.',
    });
    // New sales and stored ones fetched again to check them are counted apart: 2,025 records for 2,000 sales.
    const counted = (newSales: number, records: number) =>
      syncOutcome(status({ lastRun: { ...run('completed'), newSales }, progress: progress({ records }) }), 'en-US')
        ?.message;
    expect(counted(2000, 2025)).toBe('2,000 new sales saved on this computer; 25 stored sales checked again.');
    expect(counted(2000, 2000)).toBe('2,000 new sales saved on this computer.');
    expect(counted(0, 120)).toBe('No new sales; 120 stored sales checked again.');
    expect(counted(0, 0)).toBe('Your sales are up to date.');
    expect(syncOutcome(status({ lastRun: run('cancelled') }))?.message).toContain('kept');
    const offline = syncOutcome(
      status({ lastRun: run('failed'), offline: true, error: { code: 'NETWORK_OFFLINE', message: 'No network.' } }),
    );
    expect(offline).toEqual({
      kind: 'failed',
      title: 'Sync stopped: you appear to be offline',
      message: 'No network.',
    });
    expect(syncOutcome(status())).toBeNull();
  });

  it('R2: a finished sync names what it changed on stored sales, money changes and restated paid sales apart', () => {
    const changes = { statusChanges: 3, amountChanges: 2, currencyChanges: 1, dateChanges: 0, restatements: 1 };
    expect(
      syncOutcome(status({ lastRun: { ...run('completed'), changes }, progress: progress({ records: 2 }) }), 'en-US')
        ?.message,
    ).toBe(
      '2 sales fetched and saved on this computer. 3 status changes, 2 amount changes, 1 currency change, 1 restated paid sale: see Changes.',
    );
    const none = { statusChanges: 0, amountChanges: 0, currencyChanges: 0, dateChanges: 0, restatements: 0 };
    expect(syncOutcome(status({ lastRun: { ...run('completed'), changes: none } }), 'en-US')?.message).toBe(
      'Your sales are up to date.',
    );
  });
});

describe('openSyncDecision', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('starts the first sync of the chosen number of days when nothing was synced', () => {
    expect(openSyncDecision(status(), '2026-11-22', 30, now)).toEqual({
      kind: 'first',
      from: '2026-10-24',
      to: '2026-11-22',
    });
    expect(
      openSyncDecision(
        status({ lastRun: { from: 'a', to: 'b', status: 'cancelled', finishedAt: null } }),
        '2026-11-22',
        7,
        now,
      ),
    ).toEqual({
      kind: 'first',
      from: '2026-11-16',
      to: '2026-11-22',
    });
  });

  it('does nothing while a sync runs or when the last one is recent', () => {
    expect(openSyncDecision(status({ running: true }), '2026-11-22', 30, now)).toEqual({ kind: 'none' });
    expect(openSyncDecision(status({ lastSyncedAt: '2026-11-22T08:00:00Z' }), '2026-11-22', 30, now)).toEqual({
      kind: 'none',
    });
  });

  it('T1: runs the routine sync (recent days and every open sale) when the last sync is older than twelve hours', () => {
    expect(openSyncDecision(status({ lastSyncedAt: '2026-11-21T20:00:00Z' }), '2026-11-22', 30, now)).toEqual({
      kind: 'routine',
    });
  });
});

describe('recheckOutcome', () => {
  const ended = (s: 'completed' | 'cancelled' | 'failed') => ({ from: 'a', to: 'b', status: s, finishedAt: null });

  it('T4: says a finished re-check’s changes are in Changes, and that a stopped one resumes rather than starts over', () => {
    expect(recheckOutcome(status({ lastRun: ended('completed') }), true)).toEqual({
      kind: 'completed',
      title: 'Re-check finished',
      message: 'Every day of all history was fetched again. See Changes for what changed.',
    });
    expect(recheckOutcome(status({ lastRun: ended('cancelled') }), false)?.message).toContain('Resume re-check');
    const failed = recheckOutcome(
      status({ lastRun: ended('failed'), offline: true, error: { code: 'NETWORK_OFFLINE', message: 'No network.' } }),
      false,
    );
    expect(failed?.title).toBe('Re-check stopped: you appear to be offline');
    expect(failed?.message).toMatch(/^No network\. Choose “Resume re-check”/);
    expect(recheckOutcome(status(), false)).toBeNull();
  });
});

describe('elsewhereText', () => {
  it('R10: says a sync runs in another window or command, and that a sync started here waits for it', () => {
    const command = { by: 'command' as const, since: '2026-03-02T06:00:00.000Z' };
    expect(elsewhereText(command, false)).toEqual({
      label: 'Syncing in another window or command',
      detail:
        'A Commission Desk command (a scheduled sync, for example) is syncing this account. What it stores shows here as it arrives.',
    });
    const waiting = elsewhereText({ ...command, by: 'app' }, true);
    expect(waiting.label).toBe('Waiting: syncing in another window or command');
    expect(waiting.detail).toBe(
      'Another Commission Desk window is syncing this account. What it stores shows here as it arrives. This sync starts once it has finished.',
    );
  });
});
