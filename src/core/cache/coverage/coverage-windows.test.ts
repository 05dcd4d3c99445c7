import { describe, expect, it } from 'vitest';
import { coverageOf, mergeWindow, type FetchedSpan } from './coverage-windows';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-02-01T00:00:00.000Z';

describe('coverage windows', () => {
  it('merges adjacent and overlapping windows of the same fetch time', () => {
    let windows: FetchedSpan[] = [];
    windows = mergeWindow(windows, { from: 10, to: 19, fetchedAt: T1 });
    windows = mergeWindow(windows, { from: 20, to: 29, fetchedAt: T1 });
    windows = mergeWindow(windows, { from: 25, to: 35, fetchedAt: T1 });
    expect(windows).toEqual([{ from: 10, to: 35, fetchedAt: T1 }]);
  });

  it('gives re-fetched days the later time and keeps the rest of the older window', () => {
    const windows = mergeWindow([{ from: 10, to: 40, fetchedAt: T1 }], { from: 20, to: 25, fetchedAt: T2 });
    expect(windows).toEqual([
      { from: 10, to: 19, fetchedAt: T1 },
      { from: 20, to: 25, fetchedAt: T2 },
      { from: 26, to: 40, fetchedAt: T1 },
    ]);
    expect(mergeWindow(windows, { from: 15, to: 30, fetchedAt: T1 })).toEqual(windows);
  });

  it('reports gaps and the oldest fetch time of the windows overlapping a range', () => {
    const windows: FetchedSpan[] = [
      { from: 10, to: 19, fetchedAt: T2 },
      { from: 25, to: 29, fetchedAt: T1 },
    ];
    expect(coverageOf(windows, 12, 27)).toEqual({ gaps: [[20, 24]], asOf: T1 });
    expect(coverageOf(windows, 5, 35)).toEqual({ gaps: [[5, 9], [20, 24], [30, 35]], asOf: T1 });
    expect(coverageOf(windows, 11, 18)).toEqual({ gaps: [], asOf: T2 });
    expect(coverageOf(windows, 40, 50)).toEqual({ gaps: [[40, 50]], asOf: null });
  });
});
