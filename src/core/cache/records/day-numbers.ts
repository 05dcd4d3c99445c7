/**
 * Calendar days as integers (days since 1970-01-01, UTC calendar). The cache compares, buckets and sorts days in
 * tight loops; integers make that cheap while the stored form stays ISO `yyyy-mm-dd`.
 */
import { isIsoDay } from '../../../shared/dates';
import { invalidInput } from '../cache-errors';

const MS_PER_DAY = 86_400_000;

/** Days since the epoch for an ISO day; throws INVALID_INPUT when `day` is not a real `yyyy-mm-dd` day. */
export function dayNumber(day: string): number {
  if (!isIsoDay(day)) throw invalidInput(`"${day}" is not a real day written yyyy-mm-dd.`);
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / MS_PER_DAY;
}

/** The ISO day of a day number. */
export function isoDay(dayNum: number): string {
  return new Date(dayNum * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The Monday starting the ISO week that holds `dayNum` (1970-01-01 was a Thursday). */
export function weekStart(dayNum: number): number {
  return dayNum - ((((dayNum + 3) % 7) + 7) % 7);
}

/** The first day of the calendar month that holds `dayNum`. */
export function monthStart(dayNum: number): number {
  const date = new Date(dayNum * MS_PER_DAY);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / MS_PER_DAY;
}

/**
 * Normalises an instant to the one text form the cache stores (`toISOString`, UTC, milliseconds), so stored times
 * compare correctly as strings. Throws INVALID_INPUT for an unparseable value.
 */
export function isoInstant(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw invalidInput(`"${String(value)}" is not a valid time.`);
  return date.toISOString();
}
