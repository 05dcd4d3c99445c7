/**
 * Date helpers shared by main and renderer. The service speaks `dd-mm-yyyy` in records and
 * `YYYY-MM-DDTHH:MM:SS` (no zone) in parameters; the app keeps ISO calendar days `yyyy-mm-dd`.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SERVICE_DAY = /^(\d{2})-(\d{2})-(\d{4})$/;

function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** True when `value` is a real calendar day written `yyyy-mm-dd`. */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  return m !== null && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Converts the service's `dd-mm-yyyy` to `yyyy-mm-dd`; null when it is not a real day in that shape. */
export function serviceDayToIso(value: string): string | null {
  const m = SERVICE_DAY.exec(value.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDay(year, month, day) ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** Converts `yyyy-mm-dd` to the service's `dd-mm-yyyy`. */
export function isoDayToService(value: string): string {
  const [y, m, d] = value.split('-');
  return `${d}-${m}-${y}`;
}

/** Formats a Date as the local calendar day `yyyy-mm-dd` (the user's day, not UTC's). */
export function localIsoDay(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Adds whole days to an ISO day, in calendar terms (no time zone drift). */
export function addDays(isoDay: string, days: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

/** An ISO time as exports and the command print it, in UTC: "2026-04-01 08:00 UTC". */
export function checkTimeText(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Compares two ISO days as strings sort: negative when a is earlier. */
export function compareDays(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A range of days, both ends ISO `yyyy-mm-dd` and inclusive. */
export interface DayRange {
  from: string;
  to: string;
}
