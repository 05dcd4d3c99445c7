/**
 * Payouts in the home currency (L2): each payout (payment date × currency) converted once, at the ECB rate of its
 * payment date — money received is valued on the day it was received — rounded half away from zero to the home
 * currency's minor unit. A currency the ECB does not publish, or a day before the stored rates, is left unconverted.
 */
import type { HomePayout, Payout } from '../../shared/payouts';
import { currencyDigits, decimalText, parseDecimal, roundDecimal } from '../../shared/money';
import type { RateTable } from '../rates';

/** `payouts` converted into `home` with `table`. */
export function homePayouts(payouts: readonly Payout[], table: RateTable, home: string): HomePayout[] {
  const digits = currencyDigits(home);
  return payouts.map((payout) => {
    const minor = roundDecimal(parseDecimal(payout.amount) ?? { units: 0n, scale: 0 }, currencyDigits(payout.currency));
    const converted = table.convert(minor.units, payout.currency, home, payout.paymentDate);
    const base = { paymentDate: payout.paymentDate, currency: payout.currency, home };
    if (!converted.converted)
      return {
        ...base,
        amount: null,
        rateDay: null,
        unconverted:
          converted.reason === 'unknown currency'
            ? `The ECB publishes no rate for ${converted.currency}.`
            : `No stored rate for ${payout.paymentDate} or before.`,
      };
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

const ZERO = { units: 0n, scale: 0 };
