/**
 * Payouts in the home currency (L2): each payout (payment date × currency) converted once, as money received, at the
 * rate the rule gives it (by default its payment date's), rounded half away from zero to the home currency's minor
 * unit. A currency the ECB does not publish, or a day before the stored rates, is left unconverted.
 */
import type { HomePayout, Payout } from '../../shared/payouts';
import { currencyDigits, decimalText, parseDecimal, roundDecimal } from '../../shared/money';
import { convertAt, type HomeConversion } from './home-conversion';

const ZERO = { units: 0n, scale: 0 };

/** `payouts` converted with `conversion`. */
export function homePayouts(payouts: readonly Payout[], conversion: HomeConversion): HomePayout[] {
  const { home } = conversion;
  const digits = currencyDigits(home);
  return payouts.map((payout) => {
    const minor = roundDecimal(parseDecimal(payout.amount) ?? ZERO, currencyDigits(payout.currency));
    const converted = convertAt(conversion, minor.units, payout.currency, 'received', payout.paymentDate);
    const base = { paymentDate: payout.paymentDate, currency: payout.currency, home };
    if ('unconverted' in converted) return { ...base, amount: null, rateDay: null, unconverted: converted.unconverted };
    return {
      ...base,
      amount: decimalText({ units: converted.minorUnits, scale: digits }, digits),
      rateDay: converted.rateDay,
      unconverted: null,
    };
  });
}

/** The sum of the converted amounts, in `home` (every amount already in its minor units). */
export function homeTotal(converted: readonly HomePayout[], home: string): string {
  const digits = currencyDigits(home);
  const units = converted.reduce(
    (sum, payout) =>
      sum + (payout.amount === null ? 0n : roundDecimal(parseDecimal(payout.amount) ?? ZERO, digits).units),
    0n,
  );
  return decimalText({ units, scale: digits }, digits);
}
