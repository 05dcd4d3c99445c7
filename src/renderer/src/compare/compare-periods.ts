/**
 * The periods the Compare section offers, newest first, each with its first day (what the main process takes) and
 * its name: months in the user's locale, quarters as "Q3 2026", years as "2026". Pure, so the edges are tested.
 */
import type { CompareUnit } from '../../../shared/compare';
import { recentMonths } from '../sales/export';

/** The period lengths offered, in the order the control shows them. */
export const PERIOD_UNITS: { value: CompareUnit; label: string }[] = [
  { value: 'month', label: 'Month' },
  { value: 'quarter', label: 'Quarter' },
  { value: 'year', label: 'Year' },
];

/** One period to choose. */
export interface PeriodChoice {
  value: string;
  label: string;
}

/**
 * The current period of `unit` around `today` (`yyyy-mm-dd`) and the ones before it. The current one is still
 * running, so its name says "so far": it compares part of a period against a whole one.
 */
export function recentPeriods(unit: CompareUnit, today: string, locale?: string): PeriodChoice[] {
  return allPeriods(unit, today, locale).map((period, index) =>
    index === 0 ? { ...period, label: `${period.label} (so far)` } : period,
  );
}

function allPeriods(unit: CompareUnit, today: string, locale?: string): PeriodChoice[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  if (unit === 'month')
    return recentMonths(today, 24, locale).map(({ value, label }) => ({ value: `${value}-01`, label }));
  if (unit === 'year') return Array.from({ length: 6 }, (_, i) => ({ value: `${y - i}-01-01`, label: String(y - i) }));
  const quarter = Math.floor((m - 1) / 3);
  return Array.from({ length: 12 }, (_, i) => {
    const index = y * 4 + quarter - i;
    const year = Math.floor(index / 4);
    const q = index % 4;
    return { value: `${year}-${String(q * 3 + 1).padStart(2, '0')}-01`, label: `Q${q + 1} ${year}` };
  });
}

/** The period people usually review: the last complete one. */
export function defaultPeriod(unit: CompareUnit, today: string): string {
  return recentPeriods(unit, today)[1]?.value ?? `${today.slice(0, 7)}-01`;
}
