/**
 * The date-range presets of the sales screen and the days they stand for on a given "today". Presets are stored by
 * name, not by their days, so a remembered "Last 30 days" still means the last 30 days next week. Ranges that would
 * reach past today stop at today: no sale can be dated in the future, and a range ending today is one the cache can
 * report as fully synced. Quarters are calendar quarters; the fiscal year starts on the 1st of the month the person
 * chose in Settings (January unless told otherwise), so its presets take that month.
 */
import { addDays, isIsoDay, type DayRange } from '../../../../shared/dates';

/** The presets in the order the picker lists them; `custom` keeps the typed days, `all` has no date filter. */
export const DATE_PRESETS = [
  'last7',
  'last30',
  'last90',
  'thisMonth',
  'lastMonth',
  'thisQuarter',
  'lastQuarter',
  'thisYear',
  'lastYear',
  'thisFiscalYear',
  'lastFiscalYear',
  'all',
  'custom',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The presets that stand for days of their own (every one but `all` and `custom`). */
export type DayPreset = Exclude<DatePreset, 'all' | 'custom'>;

/** The presets with days, in the picker's order. */
export const DAY_PRESETS = DATE_PRESETS.filter((p): p is DayPreset => p !== 'all' && p !== 'custom');

/** The picker's words for each preset. */
export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisQuarter: 'This quarter',
  lastQuarter: 'Last quarter',
  thisYear: 'This year',
  lastYear: 'Last year',
  thisFiscalYear: 'This fiscal year',
  lastFiscalYear: 'Last fiscal year',
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

/** The first day of the month `months` months after the given one (negative goes back), across year ends. */
function monthStart(year: number, month: number, months: number): string {
  const index = year * 12 + (month - 1) + months;
  return iso(Math.floor(index / 12), (index % 12) + 1, 1);
}

/** A whole span of months: from the 1st of the first to the day before the month after the last. */
function wholeMonths(year: number, month: number, count: number): DayRange {
  return { from: monthStart(year, month, 0), to: addDays(monthStart(year, month, count), -1) };
}

/** The year and month the fiscal year holding `today` started in. */
function fiscalYearStart(year: number, month: number, startMonth: number): [number, number] {
  return [month >= startMonth ? year : year - 1, startMonth];
}

/** True for a month number 1-12, the fiscal year's first month. */
export function isMonthNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 12;
}

/**
 * The days a preset covers when today is `today` (`yyyy-mm-dd`, the user's local day) and the fiscal year starts in
 * month `fiscalYearStartMonth` (1-12). "Last N days" are the N days ending today, today included; "this …" ends
 * today; "last …" is the whole previous month, quarter or year. Returns null for `all` and `custom`, which have no
 * days of their own.
 */
export function presetRange(preset: DatePreset, today: string, fiscalYearStartMonth = 1): DayRange | null {
  if (!isIsoDay(today)) throw new RangeError('today must be an ISO day yyyy-mm-dd');
  if (!isMonthNumber(fiscalYearStartMonth)) throw new RangeError('the fiscal year must start in a month 1-12');
  const [year, month] = parts(today);
  const quarterMonth = Math.floor((month - 1) / 3) * 3 + 1;
  const [fiscalYear, fiscalMonth] = fiscalYearStart(year, month, fiscalYearStartMonth);
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: iso(year, month, 1), to: today };
    case 'lastMonth':
      return wholeMonths(year, month - 1, 1);
    case 'thisQuarter':
      return { from: iso(year, quarterMonth, 1), to: today };
    case 'lastQuarter':
      return wholeMonths(year, quarterMonth - 3, 3);
    case 'thisYear':
      return { from: iso(year, 1, 1), to: today };
    case 'lastYear':
      return wholeMonths(year - 1, 1, 12);
    case 'thisFiscalYear':
      return { from: iso(fiscalYear, fiscalMonth, 1), to: today };
    case 'lastFiscalYear':
      return wholeMonths(fiscalYear - 1, fiscalMonth, 12);
    case 'all':
    case 'custom':
      return null;
  }
}

/**
 * The first preset with days that covers exactly `range` on `today`, or null: a range picked in the calendar that
 * matches a preset is kept as that preset, so it stays relative like one chosen by name.
 */
export function presetFor(range: DayRange, today: string, fiscalYearStartMonth = 1): DayPreset | null {
  for (const preset of DAY_PRESETS) {
    const days = presetRange(preset, today, fiscalYearStartMonth);
    if (days !== null && days.from === range.from && days.to === range.to) return preset;
  }
  return null;
}

/** A preset as a date picker lists it: its name and the days it covers on the day it is offered. */
export interface PresetChoice {
  label: string;
  value: [string, string];
}

/** Every preset with days, in order, with its days on `today` (the picker's shortcuts list). */
export function presetChoices(today: string, fiscalYearStartMonth = 1): PresetChoice[] {
  return DAY_PRESETS.map((preset) => {
    const days = presetRange(preset, today, fiscalYearStartMonth) as DayRange;
    return { label: DATE_PRESET_LABELS[preset], value: [days.from, days.to] };
  });
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
