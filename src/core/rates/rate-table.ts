/**
 * Cross rates through the euro, exact: a rate is a ratio of integers, and an amount is rounded once, half away from
 * zero, to the target currency's minor unit. A day with no published rate uses the last earlier one and says so; a
 * currency the table does not have is never guessed.
 */
import { currencyDigits, type ExactDecimal } from '../../shared/money';
import type { DayRates } from './ecb-rates-file';

/** An amount converted, or why it was not. */
export type Conversion =
  | { converted: true; minorUnits: bigint; rateDay: string; earlierDay: boolean }
  | { converted: false; reason: 'unknown currency' | 'no rate yet'; currency: string };

/** Units of `currency` per euro as a ratio; the euro itself is 1. */
function perEuro(rates: Map<string, ExactDecimal>, currency: string): { num: bigint; den: bigint } | null {
  if (currency === 'EUR') return { num: 1n, den: 1n };
  const rate = rates.get(currency);
  return rate === undefined ? null : { num: rate.units, den: 10n ** BigInt(rate.scale) };
}

/** `num / den` rounded half away from zero. */
function roundedQuotient(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n;
  const [n, d] = [num < 0n ? -num : num, den < 0n ? -den : den];
  const whole = (n * 2n + d) / (d * 2n);
  return negative ? -whole : whole;
}

/** The rates of every published day, looked up by day. */
export class RateTable {
  private readonly days: DayRates[];

  constructor(days: readonly DayRates[]) {
    this.days = [...days].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  }

  /** The last published day on or before `day`, or null before the first. */
  private dayFor(day: string): DayRates | null {
    let low = 0;
    let high = this.days.length - 1;
    let found: DayRates | null = null;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const entry = this.days[mid] as DayRates;
      if (entry.day <= day) {
        found = entry;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }

  /** `minorUnits` of `from` on `day`, in minor units of `to`. */
  convert(minorUnits: bigint, from: string, to: string, day: string): Conversion {
    const known = this.dayFor(day);
    if (known === null) return { converted: false, reason: 'no rate yet', currency: from };
    for (const currency of [from, to]) {
      if (!this.days.some((entry) => currency === 'EUR' || entry.rates.has(currency)))
        return { converted: false, reason: 'unknown currency', currency };
    }
    const source = perEuro(known.rates, from);
    const target = perEuro(known.rates, to);
    if (source === null || target === null)
      return { converted: false, reason: 'unknown currency', currency: source === null ? from : to };
    // amount in `to` = amount / (from per euro) × (to per euro), with both minor units brought in exactly.
    const num = minorUnits * source.den * target.num * 10n ** BigInt(currencyDigits(to));
    const den = source.num * target.den * 10n ** BigInt(currencyDigits(from));
    return {
      converted: true,
      minorUnits: roundedQuotient(num, den),
      rateDay: known.day,
      earlierDay: known.day !== day,
    };
  }
}
