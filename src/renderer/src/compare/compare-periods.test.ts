import { describe, expect, it } from 'vitest';
import { defaultPeriod, recentPeriods } from './compare-periods';

describe('the periods to compare', () => {
  it('lists quarters newest first across a year end, each by its first day, the running one "so far"', () => {
    expect(recentPeriods('quarter', '2026-02-10').slice(0, 3)).toEqual([
      { value: '2026-01-01', label: 'Q1 2026 (so far)' },
      { value: '2025-10-01', label: 'Q4 2025' },
      { value: '2025-07-01', label: 'Q3 2025' },
    ]);
  });

  it('lists months by their first day and years by the first of January, and defaults to the last complete period', () => {
    expect(recentPeriods('month', '2026-01-15', 'en-US')[1]).toEqual({ value: '2025-12-01', label: 'December 2025' });
    expect(recentPeriods('year', '2026-06-01')[0]).toEqual({ value: '2026-01-01', label: '2026 (so far)' });
    expect(recentPeriods('month', '2026-01-15', 'en-US')[0]).toEqual({
      value: '2026-01-01',
      label: 'January 2026 (so far)',
    });
    expect(defaultPeriod('month', '2026-03-31')).toBe('2026-02-01');
    expect(defaultPeriod('quarter', '2026-03-31')).toBe('2025-10-01');
    expect(defaultPeriod('year', '2026-03-31')).toBe('2025-01-01');
  });
});
