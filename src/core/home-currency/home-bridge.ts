/**
 * The bridge in the home currency (L2). Each sale enters the bridge as whole multiples of its commission (see the
 * books' sale bridge), so converting that commission once, at the rate of the sale's date, and taking the same
 * multiples keeps the bridge exact; received money is converted at the rate of its payment date, and the difference
 * between the two conversions of what was received is the exchange difference line. Conversions round half away from
 * zero, once per sale. A currency the rates do not cover, or a sale dated before the first rate, leaves its whole
 * currency unconverted, said so, never guessed.
 */
import type { HomeBridgeRow } from '../../shared/bridge';
import type { DayRange } from '../../shared/dates';
import { currencyDigits, decimalText, roundDecimal } from '../../shared/money';
import { ExactSum } from '../../shared/money-sum';
import type { CachedSale } from '../../shared/sales-query-types';
import { bridgeSales, saleBridge, type BridgeSource } from '../books';
import { addCommission } from '../payouts';
import type { RateTable } from '../rates';

const LINES = ['opening', 'earned', 'reductions', 'received', 'exchangeDifference', 'closing'] as const;
type Line = (typeof LINES)[number];

interface Tally {
  lines: Record<Line, bigint>;
  earlierRates: number;
  unconverted: string | null;
}

/** A sale's commission in minor units of its currency, or null when it has none readable. */
function commissionMinor(sale: CachedSale): bigint | null {
  const sum = new ExactSum(currencyDigits(sale.currency));
  if (!addCommission(sum, sale)) return null;
  return roundDecimal(sum.total(), currencyDigits(sale.currency)).units;
}

function reason(currency: string, day: string, why: 'unknown currency' | 'no rate yet'): string {
  return why === 'unknown currency'
    ? `The ECB publishes no rate for ${currency}: shown unconverted.`
    : `No stored rate for ${day} or before: import a rates file that reaches back that far.`;
}

/** Adds `sale`'s part of the bridge of `range`, converted, to `tally`. */
function addSale(tally: Tally, sale: CachedSale, range: DayRange, table: RateTable, home: string): void {
  const parts = saleBridge(sale, range);
  const minor = commissionMinor(sale);
  if (minor === null || LINES.every((line) => line === 'exchangeDifference' || parts[line] === 0)) return;
  const atSale = table.convert(minor, sale.currency, home, sale.transactionDate);
  if (!atSale.converted) {
    tally.unconverted ??= reason(atSale.currency, sale.transactionDate, atSale.reason);
    return;
  }
  if (atSale.earlierDay) tally.earlierRates += 1;
  for (const line of ['opening', 'earned', 'reductions', 'received', 'closing'] as const)
    tally.lines[line] += BigInt(parts[line]) * atSale.minorUnits;
  if (parts.received === 0 || sale.paymentDate === null) return;
  const atPayment = table.convert(minor, sale.currency, home, sale.paymentDate);
  if (!atPayment.converted) {
    tally.unconverted ??= reason(atPayment.currency, sale.paymentDate, atPayment.reason);
    return;
  }
  if (atPayment.earlierDay) tally.earlierRates += 1;
  tally.lines.received += atPayment.minorUnits - atSale.minorUnits;
  tally.lines.exchangeDifference += atPayment.minorUnits - atSale.minorUnits;
}

/** The bridge of `range` per currency, converted into `home` with `table`. */
export function readHomeBridge(
  source: BridgeSource,
  account: string,
  range: DayRange,
  table: RateTable,
  home: string,
): HomeBridgeRow[] {
  const tallies = new Map<string, Tally>();
  for (const sale of bridgeSales(source, account, range)) {
    let tally = tallies.get(sale.currency);
    if (tally === undefined) {
      const lines = { opening: 0n, earned: 0n, reductions: 0n, received: 0n, exchangeDifference: 0n, closing: 0n };
      tallies.set(sale.currency, (tally = { lines, earlierRates: 0, unconverted: null }));
    }
    addSale(tally, sale, range, table, home);
  }
  const digits = currencyDigits(home);
  const text = (minor: bigint) => decimalText({ units: minor, scale: digits }, digits);
  return [...tallies.entries()]
    .filter(([, tally]) => tally.unconverted !== null || LINES.some((line) => tally.lines[line] !== 0n))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, tally]) => {
      const amount = (line: Line) => (tally.unconverted === null ? text(tally.lines[line]) : null);
      return {
        currency,
        home,
        opening: amount('opening'),
        earned: amount('earned'),
        reductions: amount('reductions'),
        received: amount('received'),
        exchangeDifference: amount('exchangeDifference'),
        closing: amount('closing'),
        earlierRates: tally.earlierRates,
        unconverted: tally.unconverted,
      };
    });
}
