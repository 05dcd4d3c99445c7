/**
 * The periods Compare works with (a month, a quarter, a year) and the one before each: plain day arithmetic, apart
 * from Compare's zod schema so the sales screen can tell a whole period at start without building it.
 */
import type { DayRange } from './dates';

export const COMPARE_UNITS = ['month', 'quarter', 'year'] as const;
export type CompareUnit = (typeof COMPARE_UNITS)[number];

const MONTHS: Record<CompareUnit, number> = { month: 1, quarter: 3, year: 12 };

function monthStart(year: number, monthIndex: number): string {
  return new Date(Date.UTC(year, monthIndex, 1)).toISOString().slice(0, 10);
}

/** The period of `unit` starting on `from`, and the one just before it. */
export function comparedPeriods(unit: CompareUnit, from: string): { period: DayRange; previous: DayRange } {
  const [y, m] = from.split('-').map(Number) as [number, number];
  const span = MONTHS[unit];
  const end = (start: number) => new Date(Date.UTC(y, start + span, 0)).toISOString().slice(0, 10);
  return {
    period: { from: monthStart(y, m - 1), to: end(m - 1) },
    previous: { from: monthStart(y, m - 1 - span), to: end(m - 1 - span) },
  };
}

/**
 * The whole month, quarter (any three months) or year (any twelve, so fiscal years too) that `range` is exactly, with
 * the period before it as Compare defines it; null for any other range, a period only partly over included.
 */
export function wholePeriodOf(range: DayRange): { unit: CompareUnit; previous: DayRange } | null {
  if (!/^\d{4}-\d{2}-01$/.test(range.from)) return null;
  for (const unit of COMPARE_UNITS) {
    const { period, previous } = comparedPeriods(unit, range.from);
    if (period.to === range.to) return { unit, previous };
  }
  return null;
}
