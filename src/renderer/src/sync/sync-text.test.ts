import { describe, expect, it } from 'vitest';
import type { SyncProgress, SyncStatus } from '../../../shared/sync-progress';
import { openSyncDecision, progressPercent, progressText, recheckOutcome, syncOutcome } from './sync-text';

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

  it('says records, pages and time left in words', () => {
    expect(progressText(progress(), 'en-US')).toBe('300 of about 1,200 sales · 3 pages · about 9 s left');
    expect(progressText(progress({ estimatedTotal: null, etaSeconds: null, pages: 1, records: 1 }), 'en-US')).toBe('1 sale · 1 page');
    expect(progressText(progress({ etaSeconds: 150 }), 'en-US')).toContain('about 3 min left');
    expect(progressText(null)).toBe('Starting…');
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
    expect(syncOutcome(status({ lastRun: run('cancelled') }))?.message).toContain('kept');
    const offline = syncOutcome(status({ lastRun: run('failed'), offline: true, error: { code: 'NETWORK_OFFLINE', message: 'No network.' } }));
    expect(offline).toEqual({ kind: 'failed', title: 'Sync stopped: you appear to be offline', message: 'No network.' });
    expect(syncOutcome(status())).toBeNull();
  });
});

describe('openSyncDecision', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('starts the first sync of the chosen number of days when nothing was synced', () => {
    expect(openSyncDecision(status(), '2026-11-22', 30, now)).toEqual({ kind: 'first', from: '2026-10-24', to: '2026-11-22' });
    expect(openSyncDecision(status({ lastRun: { from: 'a', to: 'b', status: 'cancelled', finishedAt: null } }), '2026-11-22', 7, now)).toEqual({
      kind: 'first',
      from: '2026-11-16',
      to: '2026-11-22',
    });
  });

  it('does nothing while a sync runs or when the last one is recent', () => {
    expect(openSyncDecision(status({ running: true }), '2026-11-22', 30, now)).toEqual({ kind: 'none' });
    expect(openSyncDecision(status({ lastSyncedAt: '2026-11-22T08:00:00Z' }), '2026-11-22', 30, now)).toEqual({ kind: 'none' });
  });

  it('T1: runs the routine sync (recent days and every open sale) when the last sync is older than twelve hours', () => {
    expect(openSyncDecision(status({ lastSyncedAt: '2026-11-21T20:00:00Z' }), '2026-11-22', 30, now)).toEqual({ kind: 'routine' });
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
    const failed = recheckOutcome(status({ lastRun: ended('failed'), offline: true, error: { code: 'NETWORK_OFFLINE', message: 'No network.' } }), false);
    expect(failed?.title).toBe('Re-check stopped: you appear to be offline');
    expect(failed?.message).toMatch(/^No network\. Choose “Resume re-check”/);
    expect(recheckOutcome(status(), false)).toBeNull();
  });
});
