import { describe, expect, it } from 'vitest';
import { wholePeriodOf } from './compare';

describe('the whole period a date range is', () => {
  it('finds a month, three months or twelve months, with the period before', () => {
    expect(wholePeriodOf({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      unit: 'month',
      previous: { from: '2026-02-01', to: '2026-02-28' },
    });
    expect(wholePeriodOf({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      unit: 'quarter',
      previous: { from: '2025-10-01', to: '2025-12-31' },
    });
    expect(wholePeriodOf({ from: '2025-04-01', to: '2026-03-31' })).toEqual({
      unit: 'year',
      previous: { from: '2024-04-01', to: '2025-03-31' },
    });
  });

  it('is null for a period only partly over or any other range', () => {
    expect(wholePeriodOf({ from: '2026-03-01', to: '2026-03-15' })).toBeNull();
    expect(wholePeriodOf({ from: '2026-03-02', to: '2026-03-31' })).toBeNull();
    expect(wholePeriodOf({ from: '2026-01-01', to: '2026-02-28' })).toBeNull();
  });
});
