/**
 * Reads the dates of sale records. The spec says `dd-mm-yyyy`; a real service also writes `d-m-yyyy`, `dd/mm/yyyy`,
 * `dd.mm.yyyy`, ISO `yyyy-mm-dd` or a date with a time. Each is read when it names one real day without guessing:
 * day-first like the spec, except that `a/b/yyyy` with both numbers 12 or less and different could be month-first
 * (the US order) and is not read. A time part is ignored: the day is the one written, in the service's own calendar.
 */
import { isIsoDay, serviceDayToIso } from './dates';

/** A date read from a record: the ISO day, and whether it was written in the spec's own `dd-mm-yyyy`. */
export interface WireDay {
  day: string;
  exactFormat: boolean;
}

const TIME = String.raw`(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?`;
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})${TIME}$`);
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${TIME}$`);

function iso(year: string, month: string, day: string): string | null {
  const text = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDay(text) ? text : null;
}

function dayFirst(match: RegExpExecArray): string | null {
  const [, first = '', separator, second = '', year = ''] = match;
  const [a, b] = [Number(first), Number(second)];
  if (separator === '/' && a <= 12 && b <= 12 && a !== b) return null;
  return iso(year, second, first);
}

function yearFirst(match: RegExpExecArray): string | null {
  const [, year = '', , month = '', day = ''] = match;
  return iso(year, month, day);
}

/** Days read so far: a page's records share a few dates, and reading one builds a Date to check it is real. */
const readDays = new Map<string, WireDay | null>();
const MAX_READ_DAYS = 4_096;

/** The day `text` names, or null when it names none (or could name two). */
export function readWireDay(text: string): WireDay | null {
  const known = readDays.get(text);
  if (known !== undefined) return known;
  const read = readDay(text);
  const kept = read === null ? null : Object.freeze(read);
  if (readDays.size >= MAX_READ_DAYS) readDays.clear();
  readDays.set(text, kept);
  return kept;
}

function readDay(text: string): WireDay | null {
  const exact = serviceDayToIso(text);
  if (exact !== null) return { day: exact, exactFormat: true };
  const trimmed = text.trim();
  if (trimmed.length > 40) return null;
  const dayMonth = DAY_FIRST.exec(trimmed);
  const yearMonth = dayMonth === null ? YEAR_FIRST.exec(trimmed) : null;
  const day = dayMonth !== null ? dayFirst(dayMonth) : yearMonth !== null ? yearFirst(yearMonth) : null;
  return day === null ? null : { day, exactFormat: false };
}
