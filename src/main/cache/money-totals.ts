/**
 * Accumulates counts and integer amounts of groups of sales and turns them into {@link MoneyTotals}. Sums of integer
 * units stay exact far beyond any account's size (2^53 cents), and each group holds a single currency.
 */
import { amountScale, formatAmount } from './money';
import type { MoneyTotals } from './query-types';
import type { SaleColumns } from './sale-columns';

/** Running totals of one group. */
export interface Accumulator {
  count: number;
  commission: number;
  transaction: number;
  transactionMissing: number;
}

/** A zeroed accumulator. */
export function emptyTotals(): Accumulator {
  return { count: 0, commission: 0, transaction: 0, transactionMissing: 0 };
}

/** Adds the sale at position `p`. */
export function addSale(totals: Accumulator, columns: SaleColumns, p: number): void {
  totals.count++;
  totals.commission += columns.commission[p] as number;
  const transaction = columns.transaction[p] as number;
  if (Number.isNaN(transaction)) totals.transactionMissing++;
  else totals.transaction += transaction;
}

/** The DTO for a group of `currency`. */
export function toMoneyTotals(currency: string, totals: Accumulator): MoneyTotals {
  const scale = amountScale(currency);
  return {
    currency,
    scale,
    count: totals.count,
    commissionMinor: totals.commission,
    commission: formatAmount(totals.commission, scale, currency),
    transactionMinor: totals.transaction,
    transaction: formatAmount(totals.transaction, scale, currency),
    transactionMissing: totals.transactionMissing,
  };
}

/** Accumulators keyed by an integer group key, created on first use. */
export function groupTotals(): { get(key: number): Accumulator; entries(): [number, Accumulator][] } {
  const groups = new Map<number, Accumulator>();
  return {
    get: (key) => {
      let totals = groups.get(key);
      if (totals === undefined) groups.set(key, (totals = emptyTotals()));
      return totals;
    },
    entries: () => [...groups.entries()],
  };
}
