/**
 * What the table says about its order when it is sorted by an amount: amounts of different currencies cannot be
 * compared, so the cache sorts them by currency first (codes in alphabetical order, reversed with the amounts), and
 * the table says so rather than look as if it mixed them.
 */
import type { SaleSortColumn, SalesSort } from '../../../../shared/sales-query';

const AMOUNT_NAMES: Partial<Record<SaleSortColumn, string>> = {
  commissionAmount: 'commission',
  transactionAmount: 'transaction amount',
};

/** True for the columns whose sort groups sales by currency first. */
export function sortsWithinCurrency(column: SaleSortColumn): boolean {
  return AMOUNT_NAMES[column] !== undefined;
}

/** "Sorted by currency (A to Z), then by commission, smallest first", or null when the sort needs no words. */
export function sortNote(sort: SalesSort): string | null {
  const amount = AMOUNT_NAMES[sort.column];
  if (amount === undefined) return null;
  return sort.direction === 'asc'
    ? `Sorted by currency (A to Z), then by ${amount}, smallest first`
    : `Sorted by currency (Z to A), then by ${amount}, largest first`;
}
