import { describe, expect, it } from 'vitest';
import { planDayWindows } from './day-windows';

const OPTIONS = { pageLimit: 100, maxDays: 31 };

describe('windows for the days to fetch again', () => {
  it('T2: joins neighbouring days when one walk costs no more pages than one walk each', () => {
    const perDay = new Map([
      ['2026-01-01', 10],
      ['2026-01-02', 10],
      ['2026-01-03', 10],
      ['2026-01-05', 10],
    ]);
    expect(planDayWindows(['2026-01-05', '2026-01-01', '2026-01-03', '2026-01-01'], perDay, OPTIONS)).toEqual([
      { from: '2026-01-01', to: '2026-01-05' },
    ]);
  });

  it('T2: keeps days apart when the days between them hold many sales, and never exceeds the longest window', () => {
    const busy = new Map([
      ['2026-01-01', 60],
      ['2026-01-03', 500],
      ['2026-01-05', 60],
    ]);
    expect(planDayWindows(['2026-01-01', '2026-01-05'], busy, OPTIONS)).toEqual([
      { from: '2026-01-01', to: '2026-01-01' },
      { from: '2026-01-05', to: '2026-01-05' },
    ]);
    // The day after a window is fetched with it, so a busy next day weighs on the single-day window too.
    expect(planDayWindows(['2026-01-02', '2026-01-04'], busy, OPTIONS)).toEqual([
      { from: '2026-01-02', to: '2026-01-04' },
    ]);
    expect(planDayWindows(['2026-01-01', '2026-02-15'], new Map(), OPTIONS)).toEqual([
      { from: '2026-01-01', to: '2026-01-01' },
      { from: '2026-02-15', to: '2026-02-15' },
    ]);
    expect(planDayWindows([], new Map(), OPTIONS)).toEqual([]);
  });
});
