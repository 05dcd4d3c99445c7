import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '../../../../shared/sales-query-types';
import { allPeriods, chartRows, compactAmount, nextPeriod, seriesByCurrency } from './chart-scale';

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
    const { periods, series } = seriesByCurrency(
      [point('2026-01-05', 'USD', 500), point('2026-01-05', 'EUR', 300), point('2026-01-19', 'EUR', 900)],
      'week',
    );
    expect(periods).toEqual(['2026-01-05', '2026-01-12', '2026-01-19']);
    expect(series.map((s) => s.currency)).toEqual(['EUR', 'USD']);
    expect(series[0]?.points.map((p) => p?.commissionMinor ?? null)).toEqual([300, null, 900]);
    expect(series[0]?.maxMinor).toBe(900);
    expect(series[1]?.points.map((p) => p?.commissionMinor ?? null)).toEqual([500, null, null]);
  });
});

describe('chartRows', () => {
  it('gives every period a bar in major units, keeping the exact amount and a zero bar for an empty period', () => {
    const yen = { ...point('2026-01-12', 'JPY', 123456789), scale: 0, commission: '123456789', count: 3 };
    const { periods, series } = seriesByCurrency([point('2026-01-05', 'CHF', 1234567), yen], 'week');
    const [chf, jpy] = series;
    if (chf === undefined || jpy === undefined) throw new Error('two currencies expected');
    expect(chartRows(chf, periods)).toEqual([
      { period: '2026-01-05', amount: 12345.67, commission: '12345.67', count: 1 },
      { period: '2026-01-12', amount: 0, commission: null, count: 0 },
    ]);
    expect(chartRows(jpy, periods)[1]).toEqual({
      period: '2026-01-12',
      amount: 123456789,
      commission: '123456789',
      count: 3,
    });
  });
});

describe('compactAmount', () => {
  it('writes axis amounts short enough to fit, 9-digit ones included', () => {
    expect(compactAmount(0, 'en-US')).toBe('0');
    expect(compactAmount(950, 'en-US')).toBe('950');
    expect(compactAmount(1500, 'en-US')).toBe('1.5K');
    expect(compactAmount(123456789, 'en-US')).toBe('123.5M');
    expect(compactAmount(2_000_000_000, 'de-CH').replace(/\s/gu, ' ')).toBe('2 Mrd.');
  });
});
