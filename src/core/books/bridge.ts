/**
 * Reads the earned-to-received bridge of a period from the cache (B3), per currency, each sum exact. Sales no longer
 * reported are left out, as payouts leaves them out; a sale without a readable commission adds nothing.
 */
import type { BridgeRow } from '../../shared/bridge';
import type { DayRange } from '../../shared/dates';
import { addDecimals, currencyDigits, decimalText, type ExactDecimal } from '../../shared/money';
import { ExactSum } from '../../shared/money-sum';
import type { CachedSale } from '../../shared/sales-query-types';
import type { SalesFilter, SalesSelection } from '../../shared/sales-query';
import { addCommission } from '../payouts';
import { saleBridge, type SaleBridge } from './sale-bridge';

export type { BridgeRow };

/** The cache read the bridge needs. */
export interface BridgeSource {
  iterateSales(account: string, query: SalesSelection): Iterable<CachedSale>;
}

const LINES = ['opening', 'earned', 'reductions', 'received', 'closing'] as const;
type Line = (typeof LINES)[number];

/** Per line, what was added and what was taken away (only reductions take away). */
type Tally = Record<Line, { plus: ExactSum; minus: ExactSum }>;

const BY_TRANSACTION_DATE = { column: 'transactionDate', direction: 'asc' } as const;

/** Every sale that can enter the bridge of `range`: made up to its end, or paid in it (a payment before the sale). */
export function* bridgeSales(source: BridgeSource, account: string, range: DayRange): Generator<CachedSale> {
  yield* source.iterateSales(account, { filter: { to: range.to }, sort: BY_TRANSACTION_DATE });
  const paidInRange: SalesFilter = { ...range, dateBasis: 'payment', paymentStatuses: ['paid'] };
  for (const sale of source.iterateSales(account, { filter: paidInRange, sort: BY_TRANSACTION_DATE }))
    if (sale.transactionDate > range.to) yield sale;
}

function newTally(digits: number): Tally {
  const pair = () => ({ plus: new ExactSum(digits), minus: new ExactSum(digits) });
  return { opening: pair(), earned: pair(), reductions: pair(), received: pair(), closing: pair() };
}

function addSale(tally: Tally, sale: CachedSale, parts: SaleBridge): void {
  for (const line of LINES) {
    if (parts[line] === 1) addCommission(tally[line].plus, sale);
    if (parts[line] === -1) addCommission(tally[line].minus, sale);
  }
}

function difference(sums: { plus: ExactSum; minus: ExactSum }): ExactDecimal {
  const minus = sums.minus.total();
  return addDecimals(sums.plus.total(), { units: -minus.units, scale: minus.scale });
}

/** The bridge of `account` over `range`, one row per currency with a sale in it, sorted by currency. */
export function readBridge(source: BridgeSource, account: string, range: DayRange): BridgeRow[] {
  const tallies = new Map<string, Tally>();
  for (const sale of bridgeSales(source, account, range)) {
    const parts = saleBridge(sale, range);
    if (LINES.every((line) => parts[line] === 0)) continue;
    let tally = tallies.get(sale.currency);
    if (tally === undefined) tallies.set(sale.currency, (tally = newTally(currencyDigits(sale.currency))));
    addSale(tally, sale, parts);
  }
  return [...tallies.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, tally]) => {
      const text = (line: Line) => decimalText(difference(tally[line]), currencyDigits(currency));
      return {
        currency,
        from: range.from,
        to: range.to,
        opening: text('opening'),
        earned: text('earned'),
        reductions: text('reductions'),
        received: text('received'),
        closing: text('closing'),
      };
    });
}
