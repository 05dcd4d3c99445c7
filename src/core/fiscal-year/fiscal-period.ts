/**
 * The period rule of a fiscal year, defined once: a fiscal year starting on month M, day D (say 6 April) runs from
 * D M of year Y to the day before D M of Y + 1, and is named by Y, the year it starts in. Its twelve months each run
 * from day D of a calendar month to the day before day D of the next (6 April to 5 May, …, 6 March to 5 April). The
 * start day is at most 28, so every month of every year has it.
 */
import { addDays } from '../../shared/dates';

/** When a fiscal year starts: a month (1–12) and a day (1–28). */
export interface FiscalYearStart {
  month: number;
  day: number;
}

/** One month of a fiscal year: named by the calendar month its first day is in ("2026-04" for 6 April–5 May). */
export interface FiscalMonth {
  month: string;
  from: string;
  to: string;
}

/** A fiscal year: its name (the year it starts in), its first and last day and its twelve months. */
export interface FiscalYear {
  year: number;
  start: FiscalYearStart;
  from: string;
  to: string;
  months: FiscalMonth[];
}

/** The calendar year's start: 1 January. */
export const CALENDAR_YEAR_START: FiscalYearStart = { month: 1, day: 1 };

/** The latest day a fiscal year can start on in its month. */
export const LATEST_START_DAY = 28;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** Reads "MM-DD" (month 01–12, day 01–28); null for anything else. */
export function parseFiscalStart(text: string): FiscalYearStart | null {
  const match = /^(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12 || day < 1 || day > LATEST_START_DAY) return null;
  return { month, day };
}

/** The day a fiscal month starting `offset` months after the year's start begins. */
function monthStart(year: number, start: FiscalYearStart, offset: number): string {
  const index = start.month - 1 + offset;
  return `${pad(year + Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}-${pad(start.day)}`;
}

/** The fiscal year named `year` (the year it starts in) that starts on `start`. */
export function fiscalYear(year: number, start: FiscalYearStart = CALENDAR_YEAR_START): FiscalYear {
  const months = Array.from({ length: 12 }, (_, offset) => {
    const from = monthStart(year, start, offset);
    return { month: from.slice(0, 7), from, to: addDays(monthStart(year, start, offset + 1), -1) };
  });
  return { year, start, from: months[0]!.from, to: months[11]!.to, months };
}

/** The month of `year` that holds `day`, or null for a day outside the year. */
export function fiscalMonthOf(year: FiscalYear, day: string): FiscalMonth | null {
  if (day < year.from || day > year.to) return null;
  return year.months.findLast((month) => month.from <= day) ?? null;
}

/** The name of the fiscal year starting on `start` that holds `day`: its year, or the one before. */
export function fiscalYearOf(day: string, start: FiscalYearStart = CALENDAR_YEAR_START): number {
  const year = Number(day.slice(0, 4));
  return day >= fiscalYear(year, start).from ? year : year - 1;
}
