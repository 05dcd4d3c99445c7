import { describe, expect, it } from 'vitest';
import { missingDaysState, outsideOf, type MissingDaysInput } from './missing-days-state';

const input = (patch: Partial<MissingDaysInput> = {}): MissingDaysInput => ({
  incomplete: true,
  missing: [{ from: '2026-10-24', to: '2026-11-15' }],
  running: false,
  runKind: null,
  runSpan: null,
  offline: false,
  waiting: false,
  ...patch,
});

describe('the missing-days banner', () => {
  it('says the days are being synced, not missing, while the first sync or "Sync the missing days" fetches them', () => {
    const firstSync = input({ running: true, runKind: 'fill', runSpan: { from: '2026-10-24', to: '2026-11-22' } });
    expect(missingDaysState(firstSync)).toEqual({ kind: 'syncing', outside: [] });
    const partly = input({ running: true, runKind: 'fill', runSpan: { from: '2026-11-01', to: '2026-11-22' } });
    expect(missingDaysState(partly)).toEqual({ kind: 'syncing', outside: [{ from: '2026-10-24', to: '2026-10-31' }] });
  });

  it('still calls the days missing while a sync runs that does not fetch them, and holds the button until it ends', () => {
    expect(
      missingDaysState(input({ running: true, runKind: 'routine', runSpan: { from: '2026-01-01', to: '2026-11-22' } })),
    ).toEqual({
      kind: 'missing',
      busy: true,
    });
    expect(
      missingDaysState(input({ running: true, runKind: 'fill', runSpan: { from: '2026-11-20', to: '2026-11-22' } })),
    ).toEqual({
      kind: 'missing',
      busy: true,
    });
    expect(missingDaysState(input())).toEqual({ kind: 'missing', busy: false });
  });

  it('offline, says so and whether the missing days wait for the network', () => {
    expect(missingDaysState(input({ offline: true }))).toEqual({ kind: 'offline', incomplete: true, waiting: false });
    expect(missingDaysState(input({ offline: true, waiting: true }))).toEqual({
      kind: 'offline',
      incomplete: true,
      waiting: true,
    });
    expect(missingDaysState(input({ offline: true, incomplete: false, missing: [] }))).toEqual({
      kind: 'offline',
      incomplete: false,
      waiting: false,
    });
  });

  it('shows nothing for a complete range online', () => {
    expect(missingDaysState(input({ incomplete: false, missing: [] }))).toEqual({ kind: 'none' });
    expect(
      missingDaysState(
        input({
          incomplete: false,
          missing: [],
          running: true,
          runKind: 'fill',
          runSpan: { from: '2026-10-24', to: '2026-11-22' },
        }),
      ),
    ).toEqual({
      kind: 'none',
    });
  });

  it('finds the days a run does not cover', () => {
    const span = { from: '2026-03-10', to: '2026-03-20' };
    expect(outsideOf([{ from: '2026-03-01', to: '2026-03-31' }], span)).toEqual([
      { from: '2026-03-01', to: '2026-03-09' },
      { from: '2026-03-21', to: '2026-03-31' },
    ]);
    expect(outsideOf([{ from: '2026-03-12', to: '2026-03-15' }], span)).toEqual([]);
    expect(outsideOf([{ from: '2026-02-01', to: '2026-02-03' }], span)).toEqual([
      { from: '2026-02-01', to: '2026-02-03' },
    ]);
  });
});
