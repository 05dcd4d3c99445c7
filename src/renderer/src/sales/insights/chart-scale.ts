/**
 * The data shaping of the commission chart, kept pure for tests: every period of the span (empty ones included, so
 * gaps show as gaps), one series per currency (amounts are never stacked across currencies), the rows one
 * currency's chart draws, and the short numbers of its axis.
 */
import { addDays } from '../../../../shared/dates';
import type { SeriesPoint } from '../../../../shared/sales-query-types';

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
export function seriesByCurrency(
  points: readonly SeriesPoint[],
  interval: ChartInterval,
): { periods: string[]; series: CurrencySeries[] } {
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

/** One bar of a currency's chart: its period, its height in major units, and what hovering it says exactly. */
export interface ChartRow {
  period: string;
  /** Commission in major units, only for the bar's height and the axis (the exact amount is `commission`). */
  amount: number;
  /** The exact decimal commission, null for a period without sales. */
  commission: string | null;
  count: number;
}

/** One currency's bars over every period of the span, a period without sales as a zero bar. */
export function chartRows(series: CurrencySeries, periods: readonly string[]): ChartRow[] {
  return periods.map((period, i) => {
    const point = series.points[i] ?? null;
    if (point === null) return { period, amount: 0, commission: null, count: 0 };
    return {
      period,
      amount: point.commissionMinor / 10 ** point.scale,
      commission: point.commission,
      count: point.count,
    };
  });
}

/**
 * An axis amount written short ("1.5K", "123M" in English, the OS locale's own words elsewhere), so a 9-digit
 * amount's label fits beside the chart; the currency is in the chart's title, the exact amount on hover.
 */
export function compactAmount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
