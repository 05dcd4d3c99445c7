/**
 * The lines of a ledger file: the payouts of one currency received in the period, one per payment date (or, when
 * split, per payment date and category or collection), each amount rounded once to whole minor units of its
 * currency, since a bank account only ever holds those.
 */
import { currencyDigits, decimalText, parseDecimal, roundDecimal } from '../../shared/money';
import { compareDays } from '../../shared/dates';
import type { LedgerSplit } from '../../shared/ledger';
import type { Payout } from '../../shared/payouts';

/** One payout as a ledger line. */
export interface LedgerLine {
  /** ISO day of the payment. */
  date: string;
  currency: string;
  sales: number;
  /** The amount in minor units of the currency (cents, yen, fils). */
  minorUnits: bigint;
  /** The amount as a plain decimal with a dot and the currency's own decimals. */
  amount: string;
  /** The part of the payout this line holds when split: "category Travel", "collection (none)"; null when whole. */
  part: string | null;
}

/** What became of a period's payouts of one currency. */
export interface LedgerSelection {
  lines: LedgerLine[];
  /** Payouts dated after today: announced, not received, so not on a bank statement yet. */
  scheduled: number;
  /** Payouts whose amount had a fraction of a minor unit, rounded half away from zero once per line. */
  rounded: number;
}

/** The received payouts of `currency` among `payouts`, as ledger lines in payment date order. */
export function ledgerLines(payouts: readonly Payout[], currency: string, split?: LedgerSplit): LedgerSelection {
  const digits = currencyDigits(currency);
  const ofCurrency = payouts.filter((payout) => payout.currency === currency);
  let rounded = 0;
  const lines = ofCurrency
    .filter((payout) => !payout.scheduled)
    .map((payout) => {
      const { units, exact } = roundDecimal(parseDecimal(payout.amount) ?? { units: 0n, scale: 0 }, digits);
      if (!exact) rounded += 1;
      return {
        date: payout.paymentDate,
        currency,
        sales: payout.sales,
        minorUnits: units,
        amount: decimalText({ units, scale: digits }, digits),
        part: split === undefined || payout.part === undefined ? null : `${split} ${payout.part || '(none)'}`,
      };
    })
    .sort((a, b) => compareDays(a.date, b.date));
  return { lines, scheduled: ofCurrency.length - lines.length, rounded };
}
