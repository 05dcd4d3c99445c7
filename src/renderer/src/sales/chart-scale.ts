/**
 * The arithmetic of the commission chart, kept pure for tests: every period of the span (empty ones included, so
 * gaps show as gaps), one series per currency (amounts are never stacked across currencies), and a "nice" top of
 * the axis (1, 2 or 5 × 10ⁿ minor units).
 */
import { addDays } from '../../../shared/dates';
import type { SeriesPoint } from '../../../shared/sales-query-types';

/** A chart interval. */
export type ChartInterval = 'day' | 'week' | 'month';

/** The period after `period` (a period's first day). */
export function nextPeriod(period: string, interval: ChartInterval): string {
  if (interval === 'day') return addDays(period, 1);
  if (interval === 'week') return addDays(period, 7);
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Every period from the first to the last one given, in order (capped to `limit` periods). */
export function allPeriods(periods: readonly string[], interval: ChartInterval, limit = 1000): string[] {
  if (periods.length === 0) return [];
  const sorted = [...periods].sort();
  const last = sorted[sorted.length - 1] as string;
  const out: string[] = [];
  for (let p = sorted[0] as string; p <= last && out.length < limit; p = nextPeriod(p, interval)) out.push(p);
  return out;
}

/** One currency's bars. */
export interface CurrencySeries {
  currency: string;
  scale: number;
  /** Per period of `periods`: the point, or null for a period without sales. */
  points: (SeriesPoint | null)[];
  maxMinor: number;
}

/** Splits series points into one series per currency over the same periods. */
export function seriesByCurrency(points: readonly SeriesPoint[], interval: ChartInterval): { periods: string[]; series: CurrencySeries[] } {
  const periods = allPeriods([...new Set(points.map((p) => p.period))], interval);
  const index = new Map(periods.map((p, i) => [p, i]));
  const byCurrency = new Map<string, CurrencySeries>();
  for (const point of points) {
    let series = byCurrency.get(point.currency);
    if (!series) {
      series = { currency: point.currency, scale: point.scale, points: periods.map(() => null), maxMinor: 0 };
      byCurrency.set(point.currency, series);
    }
    const at = index.get(point.period);
    if (at === undefined) continue;
    series.points[at] = point;
    series.maxMinor = Math.max(series.maxMinor, point.commissionMinor);
  }
  const series = [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  return { periods, series };
}

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value` (1 for nothing), the top of a readable axis. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/** Indexes of at most `count` evenly spread labels along `length` bars (first and last included). */
export function labelIndexes(length: number, count: number): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const step = (length - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, i) => Math.round(i * step)))];
}
