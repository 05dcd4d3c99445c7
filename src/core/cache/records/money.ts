/**
 * Exact money: amounts are stored as integers of 10^-scale units of their currency (cents for EUR/USD/GBP), so sums
 * are exact integer additions and never show float drift such as 0.30000000000000004. The conversion reads the
 * number's shortest decimal text instead of multiplying floats (1.005 * 100 is 100.49999999999999).
 */

/** ISO 4217 currencies with three minor digits (and CLF with four); every other currency is kept at two. */
const WIDE_SCALES: Readonly<Record<string, number>> = {
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
};
const digitsCache = new Map<string, number>();

/**
 * Decimal digits kept for `currency`: 2, or 3-4 for the few ISO currencies that need them. Fixed in code rather than
 * read from the runtime's ICU, so a stored amount means the same on every machine and version; two digits even for
 * JPY keeps a 12.5 JPY commission exact.
 */
export function amountScale(currency: string): number {
  return WIDE_SCALES[currency] ?? 2;
}

/** Digits of the currency's official minor unit (JPY 0, EUR 2, KWD 3); 2 when the runtime does not know it. */
export function officialDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** An amount in integer units, and whether it was exact at that scale (false when it had to be rounded). */
export interface MinorAmount {
  minor: number;
  exact: boolean;
}

function plainDecimal(value: number): string {
  const text = String(Math.abs(value));
  if (!/e/i.test(text)) return text;
  return Math.abs(value).toFixed(20).replace(/0+$/, '');
}

/**
 * Converts a finite number to integer units at `scale`, rounding half away from zero when the number has more
 * digits than the scale. Throws RangeError when the result would not be a safe integer. The fast path is exact: when
 * round(|v|·10^s) / 10^s gives back v, v's shortest decimal form has at most s decimals.
 */
export function toMinor(value: number, scale: number): MinorAmount {
  if (!Number.isFinite(value)) throw new RangeError(`Amount ${value} is not a finite number.`);
  const quick = Math.round(Math.abs(value) * 10 ** scale);
  if (Number.isSafeInteger(quick) && quick / 10 ** scale === Math.abs(value)) {
    return { minor: value < 0 && quick !== 0 ? -quick : quick, exact: true };
  }
  const [whole = '0', fraction = ''] = plainDecimal(value).split('.');
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  const rest = fraction.slice(scale);
  let minor = Number(whole + kept);
  if (rest !== '' && rest.charCodeAt(0) >= 53) minor += 1;
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount ${value} is too large to keep exactly.`);
  const signed = value < 0 && minor !== 0 ? -minor : minor;
  return { minor: signed, exact: /^0*$/.test(rest) };
}

/** The number a stored integer amount stands for (the correctly rounded double of minor / 10^scale). */
export function fromMinor(minor: number, scale: number): number {
  return minor / 10 ** scale;
}

/**
 * Formats integer units as a plain decimal string ("-1234.50"), exactly, with at least `minDigits` decimals and no
 * trailing zeros beyond them. No grouping or symbol: the UI localises, exports keep numbers.
 */
export function formatMinor(minor: number, scale: number, minDigits = scale): string {
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative ? `-${text}` : text;
}

/**
 * Formats a stored amount of `currency` at its stored `scale`: the currency's official number of decimals, more only
 * when the amount has them (a 12.5 JPY commission shows as "12.5", 1200 JPY as "1200").
 */
export function formatAmount(minor: number, scale: number, currency: string): string {
  return formatMinor(minor, scale, Math.min(officialDigits(currency), scale));
}
