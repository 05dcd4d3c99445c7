/**
 * The date-range presets of the sales screen and the days they stand for on a given "today". Presets are stored by
 * name, not by their days, so a remembered "Last 30 days" still means the last 30 days next week. Ranges that would
 * reach past today stop at today: no sale can be dated in the future, and a range ending today is one the cache can
 * report as fully synced.
 */
import { addDays, isIsoDay, type DayRange } from '../../../shared/dates';

/** The presets in the order the picker lists them; `custom` keeps the typed days, `all` has no date filter. */
export const DATE_PRESETS = ['last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'thisQuarter', 'thisYear', 'all', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The picker's words for each preset. */
export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisQuarter: 'This quarter',
  thisYear: 'This year',
  all: 'All cached sales',
  custom: 'Custom range',
};

function parts(isoDay: string): [number, number, number] {
  return isoDay.split('-').map(Number) as [number, number, number];
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The last day of a month (1-12), leap years included. */
function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The days a preset covers when today is `today` (`yyyy-mm-dd`, the user's local day). "Last N days" are the N
 * days ending today, today included. Returns null for `all` and `custom`, which have no days of their own.
 */
export function presetRange(preset: DatePreset, today: string): DayRange | null {
  if (!isIsoDay(today)) throw new RangeError('today must be an ISO day yyyy-mm-dd');
  const [year, month] = parts(today);
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: iso(year, month, 1), to: today };
    case 'lastMonth': {
      const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
      return { from: iso(y, m, 1), to: iso(y, m, lastDayOfMonth(y, m)) };
    }
    case 'thisQuarter': {
      const firstMonth = Math.floor((month - 1) / 3) * 3 + 1;
      return { from: iso(year, firstMonth, 1), to: today };
    }
    case 'thisYear':
      return { from: iso(year, 1, 1), to: today };
    case 'all':
    case 'custom':
      return null;
  }
}

/** True when `value` names a preset (stored preferences are checked before use). */
export function isDatePreset(value: unknown): value is DatePreset {
  return typeof value === 'string' && (DATE_PRESETS as readonly string[]).includes(value);
}

/** The first day of the span `months` calendar months before `today` (the backfill's start), clamped to month ends. */
export function monthsBefore(today: string, months: number): string {
  const [year, month, day] = parts(today);
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return iso(y, m, Math.min(day, lastDayOfMonth(y, m)));
}
