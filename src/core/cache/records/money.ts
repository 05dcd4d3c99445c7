/**
 * Exact money in the cache (T6). Every amount is stored as integer units of its currency's own minor unit
 * (`amount_scale`: JPY 0, EUR 2, KWD 3, per ISO 4217), so sums are integer additions without float drift. An amount
 * those units cannot hold exactly (more decimals than the currency has, or too large for a safe integer) also keeps
 * its exact decimal text; its units are then the rounded value, used only for sorting and charts, and every total
 * adds the exact text instead (`shared/money-sum.ts`).
 */
import { currencyDigits, decimalText, parseDecimal, roundDecimal, type ExactDecimal } from '../../../shared/money';

/**
 * Decimals of the units `currency` is stored in: its ISO 4217 minor unit (2 for codes the table does not list), the
 * same table the app shows amounts with, so display and storage always agree.
 */
export const amountScale = currencyDigits;

/** An amount as stored: its units at the currency's scale, and its exact text when those units are not exact. */
export interface StoredAmount {
  minor: number;
  exact: string | null;
}

/** Largest units kept as a plain integer: sums of two stay exact in a double. */
const MAX_PLAIN_UNITS = 2n ** 52n;

/**
 * Units of `value` at `scale` (rounded half away from zero when it has finer digits) and, when those units are not
 * the exact value or exceed {@link MAX_PLAIN_UNITS}, the exact decimal text.
 */
export function storedAmount(value: ExactDecimal, scale: number): StoredAmount {
  const { units, exact } = roundDecimal(value, scale);
  const magnitude = units < 0n ? -units : units;
  const plain = exact && magnitude <= MAX_PLAIN_UNITS;
  return { minor: Number(units), exact: plain ? null : decimalText(value) };
}

/**
 * The stored form of a plain number, without the decimal arithmetic when it can be spared: when round(|v|·10^s) /
 * 10^s gives back v, v's shortest decimal form has at most s decimals, so those units are exact (the usual case,
 * a million times per full sync). Null when the number needs {@link storedAmount}.
 */
export function plainStoredAmount(value: number, scale: number): StoredAmount | null {
  const magnitude = Math.abs(value);
  const units = Math.round(magnitude * 10 ** scale);
  if (units > Number(MAX_PLAIN_UNITS) || units / 10 ** scale !== magnitude) return null;
  return { minor: value < 0 && units !== 0 ? -units : units, exact: null };
}

/** The exact value of a stored amount. */
export function storedValue(minor: number, exact: string | null, scale: number): ExactDecimal {
  return (exact === null ? null : parseDecimal(exact)) ?? { units: BigInt(minor), scale };
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
  if (!Number.isSafeInteger(minor))
    return Number.isInteger(minor) ? decimalText({ units: BigInt(minor), scale }, minDigits) : String(minor);
  // Plain string work for the usual case: exports format a million amounts.
  const digits = String(Math.abs(minor)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return minor < 0 ? `-${text}` : text;
}

/** Formats stored units of `currency` with the currency's own decimals (more only when the units have them). */
export function formatAmount(minor: number, scale: number, currency: string): string {
  return formatMinor(minor, scale, Math.min(amountScale(currency), scale));
}
