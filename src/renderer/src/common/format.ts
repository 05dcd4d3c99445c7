/**
 * Pure display helpers. Every screen formats numbers, money and days the same way, in the user's
 * locale, and never crashes on the odd values the service may send. `locale` is optional so tests
 * can pin one; the app passes nothing and gets the user's own.
 */

import { currencyDigits } from '../../../shared/money';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl-cache';

/** Shown wherever a value is absent, so empty cells look intentional rather than broken. */
export const MISSING = '—';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Formats an amount in the sale's own currency. Amounts are never converted or summed across
 * currencies, so each one carries its code; an unknown code still shows the number and the code.
 */
export function formatMoney(amount: number | null, currency: string | null, locale?: string): string {
  if (amount === null || !Number.isFinite(amount)) return MISSING;
  const code = (currency ?? '').trim().toUpperCase();
  try {
    return numberFormat(locale, { style: 'currency', currency: code }).format(amount);
  } catch {
    const plain = numberFormat(locale, { maximumFractionDigits: 2 }).format(amount);
    return code ? `${plain} ${code}` : plain;
  }
}

/** Formats a count (followers, rows, …) with the locale's grouping. */
export function formatCount(value: number | null, locale?: string): string {
  if (value === null || !Number.isFinite(value)) return MISSING;
  return numberFormat(locale).format(value);
}

/**
 * How every day is written on every screen: the operating system's locale (the renderer's default, which Electron
 * takes from the system) in its medium style ("Nov 5, 2026", "5 nov. 2026"), so a table, a tooltip and a date field
 * side by side never show one day two ways. Times add the locale's short time to the same date.
 */
export const DAY_STYLE = { dateStyle: 'medium' } as const satisfies Intl.DateTimeFormatOptions;

/** A calendar day's format: {@link DAY_STYLE} in UTC (see {@link formatIsoDay}). */
const ISO_DAY_STYLE = { ...DAY_STYLE, timeZone: 'UTC' } as const satisfies Intl.DateTimeFormatOptions;

/** How times relative to now are written ("yesterday", "5 minutes ago"). */
const RELATIVE_STYLE = { numeric: 'auto' } as const satisfies Intl.RelativeTimeFormatOptions;

/**
 * Builds the formatters every first screen uses (amounts, days, "synced 5 minutes ago"): the first number format reads
 * the locale's number data and the first day format its calendar data.
 * Called while the window waits for its start answers and its first rows, the first screen's render does not pay them.
 */
export function prepareFormats(): void {
  numberFormat(undefined).format(0);
  dateTimeFormat(undefined, ISO_DAY_STYLE).format(0);
  relativeTimeFormat(undefined, RELATIVE_STYLE).format(0, 'second');
}

/**
 * Formats an ISO calendar day (`yyyy-mm-dd`) for people. The day is formatted in UTC on purpose:
 * a calendar day has no time zone, and formatting it as local midnight could show the day before.
 */
export function formatIsoDay(isoDay: string | null, locale?: string): string {
  if (isoDay === null) return MISSING;
  const m = ISO_DAY.exec(isoDay);
  if (!m) return isoDay;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime())) return isoDay;
  return dateTimeFormat(locale, ISO_DAY_STYLE).format(date);
}

/** A date picker's value: a `yyyy-mm-dd` day (a time after it is ignored), a Date, or nothing. */
type PickedDay = string | Date | null;

function pickedDay(value: PickedDay, locale?: string): string {
  if (value === null) return '';
  if (value instanceof Date) {
    const local = `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
    return formatIsoDay(local, locale);
  }
  return formatIsoDay(value.slice(0, 10), locale);
}

/**
 * The `valueFormatter` of Mantine's date pickers (`DatePickerInput`): the picked day, days or range written as
 * {@link formatIsoDay} writes days everywhere else, instead of the picker's own dayjs pattern.
 */
export function formatPickedDays({
  type,
  date,
  labelSeparator,
}: {
  type: 'default' | 'multiple' | 'range';
  date: PickedDay | PickedDay[];
  labelSeparator: string;
}): string {
  if (!Array.isArray(date)) return pickedDay(date);
  if (type === 'multiple') return date.map((d) => pickedDay(d)).join(', ');
  const [from = null, to = null] = date;
  if (from === null) return '';
  return to === null
    ? `${pickedDay(from)} ${labelSeparator} `
    : `${pickedDay(from)} ${labelSeparator} ${pickedDay(to)}`;
}

/**
 * Names a two-letter country code in English and keeps the code ("Germany (DE)"), so people
 * recognise it and support can still match the raw value. Unknown codes are shown as sent.
 */
export function formatCountry(code: string | null): string {
  const trimmed = (code ?? '').trim();
  if (!trimmed) return MISSING;
  const upper = trimmed.toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return trimmed;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(upper);
    return name && name !== upper ? `${name} (${upper})` : upper;
  } catch {
    return upper;
  }
}

/** Up to two initials for an avatar fallback, from the display name or the handle. */
export function initialsOf(...names: (string | null)[]): string {
  const source = names.find((n) => n !== null && n.trim() !== '')?.trim() ?? '';
  const words = source
    .replace(/^@/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters
    .map((w) => Array.from(w ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * True only for well-formed `https:` URLs. Images from the service are shown only over HTTPS,
 * matching the page's content policy, so a plain-HTTP or odd address falls back to a placeholder.
 */
export function isHttpsUrl(value: string | null): value is string {
  return parseHttps(value) !== null;
}

/**
 * True for HTTPS image addresses worth requesting. Hosts under `.invalid` (reserved by RFC 2606
 * never to resolve, and used by the demo data) are skipped: loading them can only fail, and
 * each failure would be logged as an error.
 */
export function isLoadableImageUrl(value: string | null): value is string {
  const url = parseHttps(value);
  if (url === null) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return host !== 'invalid' && !host.endsWith('.invalid');
}

function parseHttps(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** "1 sale" / "3 sales": counts in sentences read naturally. */
export function pluralize(count: number, singular: string, plural: string, locale?: string): string {
  return `${formatCount(count, locale)} ${count === 1 ? singular : plural}`;
}

/** The notice shown when the service sent records the app could not read. */
export function unreadableRecordsNotice(count: number, locale?: string): string {
  return count === 1
    ? `${formatCount(count, locale)} record could not be read and is not shown`
    : `${formatCount(count, locale)} records could not be read and are not shown`;
}

/** Sentence case for status words from the service ("pending" -> "Pending"). */
export function capitalize(value: string | null): string {
  if (!value) return MISSING;
  return value.charAt(0).toUpperCase() + value.slice(1);
}

const CHANNEL_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  threads: 'Threads',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  twitter: 'Twitter',
  x: 'X',
  youtube: 'YouTube',
};

/** A social platform's name as the platform writes it ("youtube" -> "YouTube"); others as sent. */
export function channelName(channel: string | null): string {
  const key = (channel ?? '').trim().toLowerCase();
  return CHANNEL_NAMES[key] ?? capitalize(channel?.trim() ?? null);
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Writes integer minor units at `scale` as an exact decimal string ("12345", 2 -> "123.45"), so amounts the cache
 * stores exactly are shown exactly, never through a float.
 */
export function minorToDecimal(minor: number, scale: number): string {
  if (!Number.isSafeInteger(minor) || !Number.isInteger(scale) || scale < 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(scale + 1, '0');
  if (scale === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * Decimals shown for an amount of `currency` whose written fraction has `fraction` digits: the currency's own (as
 * Intl shows it: JPY and HUF 0, KWD 3), so every amount of one currency lines up; more only when the value has
 * non-zero digits beyond them, and then at least the ISO 4217 minor unit the cache stores ("HUF 1,234.50").
 */
function shownDigits(fraction: string, official: number, currency: string): number {
  const significant = fraction.replace(/0+$/, '').length;
  return significant <= official ? official : Math.max(significant, currencyDigits(currency));
}

/**
 * Formats an exact decimal string ("1234.50") as money in its currency. Intl formats decimal strings exactly (no
 * float on the way); every non-zero digit the string carries is shown, so a total is never silently rounded, and
 * zeros beyond the currency's decimals are not. An unknown code keeps the number and the code.
 */
export function formatDecimalMoney(decimal: string | null, currency: string | null, locale?: string): string {
  if (decimal === null) return MISSING;
  const m = DECIMAL.exec(decimal.trim());
  if (!m) return decimal;
  const fraction = m[3] ?? '';
  const code = (currency ?? '').trim().toUpperCase();
  const value = decimal.trim() as unknown as number; // Intl.NumberFormat formats numeric strings exactly.
  try {
    const probe = numberFormat(locale, { style: 'currency', currency: code });
    const digits = shownDigits(fraction, probe.resolvedOptions().maximumFractionDigits ?? 2, code);
    return numberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    const digits = fraction.length;
    const plain = numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
    return code ? `${plain} ${code}` : plain;
  }
}

/** "+€14.50" or "−€4.00": a change with its sign, in its currency; zero has no sign. */
export function formatSignedMoney(change: string, currency: string, locale?: string): string {
  const negative = change.startsWith('-');
  const amount = formatDecimalMoney(negative ? change.slice(1) : change, currency, locale);
  return /^-?0(\.0+)?$/.test(change) ? amount : `${negative ? '−' : '+'}${amount}`;
}

/** Formats an amount stored as minor units of `currency`, exactly. */
export function formatMinorMoney(
  minor: number | null,
  scale: number,
  currency: string | null,
  locale?: string,
): string {
  if (minor === null) return MISSING;
  return formatDecimalMoney(minorToDecimal(minor, scale), currency, locale);
}

/** Formats an instant (ISO date-time) as the user's local date and time, e.g. for "fetched at" and tooltips. */
export function formatDateTime(instant: string | null, locale?: string): string {
  if (instant === null) return MISSING;
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return dateTimeFormat(locale, { ...DAY_STYLE, timeStyle: 'short' }).format(date);
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * "3 minutes ago", "yesterday": how long ago an instant was, relative to `now`. Under ten seconds reads "just now",
 * so a fresh sync does not show a ticking seconds count.
 */
export function formatRelativeTime(instant: string | null, now: Date = new Date(), locale?: string): string {
  if (instant === null) return 'never';
  const then = new Date(instant).getTime();
  if (Number.isNaN(then)) return instant;
  let value = (then - now.getTime()) / 1000;
  if (Math.abs(value) < 10) return 'just now';
  const format = relativeTimeFormat(locale, RELATIVE_STYLE);
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

/** A short duration for an ETA: "45 s", "3 min", "1 h 20 min". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return MISSING;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A file size for people: "812 KB", "1.4 GB" (powers of 1024, one decimal above 10 only when useful). */
export function formatBytes(bytes: number | null, locale?: string): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return MISSING;
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${numberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** The last part of `filePath`, with either separator: the name a person gave the file, without its folder. */
export function fileNameOf(filePath: string): string {
  return filePath.split(/[\\/]/).pop() ?? filePath;
}
