import { describe, expect, it } from 'vitest';
import { mergeWindows, planSyncWindows, splitWindow } from './sync-plan';

describe('sync planning', () => {
  it('fetches only what is missing, plus the trailing window, newest first', () => {
    const windows = planSyncWindows({
      from: '2026-01-01',
      to: '2026-06-30',
      today: '2026-06-30',
      missing: [{ from: '2026-01-01', to: '2026-01-20' }],
      trailingDays: 10,
      windowDays: 31,
    });
    expect(windows).toEqual([
      { from: '2026-06-20', to: '2026-06-30' },
      { from: '2026-01-01', to: '2026-01-20' },
    ]);
  });

  it('cuts long ranges into windows of at most N days that tile the range exactly', () => {
    const pieces = splitWindow({ from: '2026-01-01', to: '2026-03-15' }, 31);
    expect(pieces).toEqual([
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-03-03' },
      { from: '2026-03-04', to: '2026-03-15' },
    ]);
  });

  it('merges overlapping and touching windows', () => {
    expect(
      mergeWindows([
        { from: '2026-02-01', to: '2026-02-10' },
        { from: '2026-01-01', to: '2026-01-31' },
        { from: '2026-02-05', to: '2026-02-20' },
      ]),
    ).toEqual([{ from: '2026-01-01', to: '2026-02-20' }]);
  });

  it('plans nothing when the range is covered and the trailing window lies outside it', () => {
    expect(
      planSyncWindows({
        from: '2025-01-01',
        to: '2025-01-31',
        today: '2026-06-30',
        missing: [],
        trailingDays: 60,
        windowDays: 31,
      }),
    ).toEqual([]);
  });
});
