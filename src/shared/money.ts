/**
 * Exact money for the parser, the cache and the exports: an amount is integer units at a scale (value = units /
 * 10^scale) held in a bigint, so no amount is too large or too fine to keep, and it is read from the service's text
 * without passing through a float. Each currency's number of decimals follows ISO 4217, from a table in code so a
 * stored amount means the same on every machine and runtime.
 */

/** ISO 4217 currencies whose minor unit is not two digits; every other code has two. */
const ISO_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** The ISO 4217 code for "no currency": amounts whose currency could not be read are kept under it, never added to a real one. */
export const NO_CURRENCY = 'XXX';

/** Decimals of `currency`'s minor unit per ISO 4217 (JPY 0, EUR 2, KWD 3); 2 for codes the table does not list. */
export function currencyDigits(currency: string): number {
  return ISO_DIGITS[currency] ?? 2;
}

/** An exact decimal: `units / 10^scale`, scale >= 0. */
export interface ExactDecimal {
  units: bigint;
  scale: number;
}

/** Longest amount read, in digits before plus after the point: beyond it a value is not an amount but noise. */
export const MAX_AMOUNT_DIGITS = 60;

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

/** The decimal with trailing zeros of its fraction removed (the canonical form, so equal values compare equal). */
export function normalizeDecimal(value: ExactDecimal): ExactDecimal {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

function digitCount(units: bigint): number {
  return (units < 0n ? -units : units).toString().length;
}

/**
 * Reads a plain decimal number written as text ("12.5", "-0.005", "1e15", " 7 "); null for anything else (grouping
 * separators, currency signs, words) and for values longer than {@link MAX_AMOUNT_DIGITS} digits.
 */
export function parseDecimal(text: string): ExactDecimal | null {
  if (text.length > 200) return null;
  const match = DECIMAL_TEXT.exec(text.trim());
  if (match === null) return null;
  const [, sign = '', whole = '', fraction = '', exponent] = match;
  if (whole === '' && fraction === '') return null;
  let units = BigInt(whole + fraction);
  let scale = fraction.length - Number(exponent ?? 0);
  if (scale < 0) {
    if (digitCount(units) - scale > MAX_AMOUNT_DIGITS) return null;
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  const normal = normalizeDecimal({ units: sign === '-' ? -units : units, scale });
  return Math.max(digitCount(normal.units), normal.scale) > MAX_AMOUNT_DIGITS ? null : normal;
}

/** The decimal a finite number stands for: its shortest round-trip text, as JSON and `String` write it. */
export function decimalOfNumber(value: number): ExactDecimal | null {
  return Number.isFinite(value) ? parseDecimal(String(value)) : null;
}

/** `value` at a finer (or equal) scale. */
export function rescaleDecimal(value: ExactDecimal, scale: number): ExactDecimal {
  return scale <= value.scale ? value : { units: value.units * 10n ** BigInt(scale - value.scale), scale };
}

/** The exact sum of two decimals, at the finer of their scales. */
export function addDecimals(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescaleDecimal(a, scale).units + rescaleDecimal(b, scale).units, scale };
}

/** Units of `value` at `scale`, rounded half away from zero when it has finer digits; `exact` says whether it had to. */
export function roundDecimal(value: ExactDecimal, scale: number): { units: bigint; exact: boolean } {
  if (value.scale <= scale) return { units: rescaleDecimal(value, scale).units, exact: true };
  const divisor = 10n ** BigInt(value.scale - scale);
  const magnitude = value.units < 0n ? -value.units : value.units;
  let units = magnitude / divisor;
  const rest = magnitude % divisor;
  if (rest * 2n >= divisor) units += 1n;
  return { units: value.units < 0n ? -units : units, exact: rest === 0n };
}

/** Plain decimal text ("-1234.50"), exact, with at least `minScale` decimals and no trailing zeros beyond them. */
export function decimalText(value: ExactDecimal, minScale = 0): string {
  const normal = normalizeDecimal(value);
  const scale = Math.max(normal.scale, minScale);
  const units = rescaleDecimal(normal, scale).units;
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale === 0 ? whole : `${whole}.${digits.slice(digits.length - scale)}`;
  return units < 0n ? `-${text}` : text;
}

/** The nearest double of `value` (JavaScript reads decimal text correctly rounded). */
export function decimalToNumber(value: ExactDecimal): number {
  return Number(decimalText(value));
}

/** True when the nearest double of `value` writes back as `value` itself, so a plain number can carry it. */
export function numberHolds(value: ExactDecimal): boolean {
  const back = decimalOfNumber(decimalToNumber(value));
  const normal = normalizeDecimal(value);
  return back !== null && back.units === normal.units && back.scale === normal.scale;
}

/** Decimals needed to write `value` exactly. */
export function decimalsOf(value: ExactDecimal): number {
  return normalizeDecimal(value).scale;
}
