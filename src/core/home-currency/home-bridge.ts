/**
 * The bridge in the home currency (L2). Each sale enters the bridge as whole multiples of its commission (see the
 * books' sale bridge), so converting that commission once, at its earned rate (by default its sale date's), and
 * taking the same multiples keeps the bridge exact; received money is converted at its received rate (by default its
 * payment date's), and the difference between the two conversions of what was received is the exchange difference
 * line. Conversions round half away from zero, once per sale. A currency the rates do not cover, or a sale dated
 * before the first rate, leaves its whole currency unconverted, said so, never guessed.
 */
import type { HomeBridgeRow } from '../../shared/bridge';
import type { DayRange } from '../../shared/dates';
import { currencyDigits, decimalText } from '../../shared/money';
import type { CachedSale } from '../../shared/sales-query-types';
import { bridgeSales, saleBridge, type BridgeSource } from '../books';
import { commissionMinor, convertAt, type HomeConversion } from './home-conversion';

const LINES = ['opening', 'earned', 'reductions', 'received', 'exchangeDifference', 'closing'] as const;
type Line = (typeof LINES)[number];

interface Tally {
  lines: Record<Line, bigint>;
  earlierRates: number;
  unconverted: string | null;
}

/** Adds `sale`'s part of the bridge of `range`, converted, to `tally`. */
function addSale(tally: Tally, sale: CachedSale, range: DayRange, conversion: HomeConversion): void {
  const parts = saleBridge(sale, range);
  const minor = commissionMinor(sale);
  if (minor === null || LINES.every((line) => line === 'exchangeDifference' || parts[line] === 0)) return;
  const earned = convertAt(conversion, minor, sale.currency, 'earned', sale.transactionDate);
  if ('unconverted' in earned) {
    tally.unconverted ??= earned.unconverted;
    return;
  }
  if (earned.earlierDay) tally.earlierRates += 1;
  for (const line of ['opening', 'earned', 'reductions', 'received', 'closing'] as const)
    tally.lines[line] += BigInt(parts[line]) * earned.minorUnits;
  if (parts.received === 0 || sale.paymentDate === null) return;
  const received = convertAt(conversion, minor, sale.currency, 'received', sale.paymentDate);
  if ('unconverted' in received) {
    tally.unconverted ??= received.unconverted;
    return;
  }
  if (received.earlierDay) tally.earlierRates += 1;
  tally.lines.received += received.minorUnits - earned.minorUnits;
  tally.lines.exchangeDifference += received.minorUnits - earned.minorUnits;
}

/** The bridge of `range` per currency, converted with `conversion`. */
export function readHomeBridge(
  source: BridgeSource,
  account: string,
  range: DayRange,
  conversion: HomeConversion,
): HomeBridgeRow[] {
  const { home } = conversion;
  const tallies = new Map<string, Tally>();
  for (const sale of bridgeSales(source, account, range)) {
    let tally = tallies.get(sale.currency);
    if (tally === undefined) {
      const lines = { opening: 0n, earned: 0n, reductions: 0n, received: 0n, exchangeDifference: 0n, closing: 0n };
      tallies.set(sale.currency, (tally = { lines, earlierRates: 0, unconverted: null }));
    }
    addSale(tally, sale, range, conversion);
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
