import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '../../../shared/sales-query-types';
import { allPeriods, labelIndexes, nextPeriod, niceCeiling, seriesByCurrency } from './chart-scale';

const point = (period: string, currency: string, commissionMinor: number): SeriesPoint => ({
  period,
  currency,
  scale: 2,
  count: 1,
  commissionMinor,
  commission: (commissionMinor / 100).toFixed(2),
  transactionMinor: 0,
  transaction: '0.00',
  transactionMissing: 0,
});

describe('chart periods', () => {
  it('steps days, weeks and months, across year ends', () => {
    expect(nextPeriod('2026-12-31', 'day')).toBe('2027-01-01');
    expect(nextPeriod('2026-12-28', 'week')).toBe('2027-01-04');
    expect(nextPeriod('2026-12-01', 'month')).toBe('2027-01-01');
    expect(nextPeriod('2026-01-01', 'month')).toBe('2026-02-01');
  });

  it('fills the gaps between the periods that have sales', () => {
    expect(allPeriods(['2026-03-01', '2026-01-01'], 'month')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(allPeriods([], 'day')).toEqual([]);
    expect(allPeriods(['2026-01-01', '2026-12-31'], 'day', 10)).toHaveLength(10);
  });
});

describe('seriesByCurrency', () => {
  it('gives each currency its own bars over the same periods, never adding currencies', () => {
    const { periods, series } = seriesByCurrency([point('2026-01-05', 'USD', 500), point('2026-01-05', 'EUR', 300), point('2026-01-19', 'EUR', 900)], 'week');
    expect(periods).toEqual(['2026-01-05', '2026-01-12', '2026-01-19']);
    expect(series.map((s) => s.currency)).toEqual(['EUR', 'USD']);
    expect(series[0]?.points.map((p) => p?.commissionMinor ?? null)).toEqual([300, null, 900]);
    expect(series[0]?.maxMinor).toBe(900);
    expect(series[1]?.points.map((p) => p?.commissionMinor ?? null)).toEqual([500, null, null]);
  });
});

describe('axis', () => {
  it('rounds the top up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(12)).toBe(20);
    expect(niceCeiling(200)).toBe(200);
    expect(niceCeiling(201)).toBe(500);
    expect(niceCeiling(0.3)).toBe(0.5);
  });

  it('spreads a few labels evenly', () => {
    expect(labelIndexes(3, 6)).toEqual([0, 1, 2]);
    expect(labelIndexes(31, 4)).toEqual([0, 10, 20, 30]);
    expect(labelIndexes(0, 4)).toEqual([]);
  });
});
