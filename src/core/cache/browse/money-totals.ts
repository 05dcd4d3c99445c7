/**
 * Counts and integer amounts of groups of sales, accumulated in typed arrays indexed by group number (a million
 * additions cost a few milliseconds; a Map per sale cost ten times that), and turned into {@link MoneyTotals}. Sums of
 * integer units stay exact far beyond any account's size (2^53 cents), and each group holds a single currency.
 */
import { amountScale, formatAmount } from '../records';
import type { MoneyTotals } from '../../../shared/sales-query-types';
import type { SaleColumns } from './column-store';

/** Per-group running totals. */
export interface GroupSums {
  count: Float64Array;
  commission: Float64Array;
  transaction: Float64Array;
  transactionMissing: Float64Array;
}

/** Zeroed totals for `groups` groups. */
export function groupSums(groups: number): GroupSums {
  const n = Math.max(1, groups);
  return { count: new Float64Array(n), commission: new Float64Array(n), transaction: new Float64Array(n), transactionMissing: new Float64Array(n) };
}

/** Adds the sale at position `p` to `group`. */
export function addSale(sums: GroupSums, group: number, columns: SaleColumns, p: number): void {
  sums.count[group] = (sums.count[group] as number) + 1;
  sums.commission[group] = (sums.commission[group] as number) + (columns.commission[p] as number);
  const transaction = columns.transaction[p] as number;
  if (Number.isNaN(transaction)) sums.transactionMissing[group] = (sums.transactionMissing[group] as number) + 1;
  else sums.transaction[group] = (sums.transaction[group] as number) + transaction;
}

/** Adds the totals of group `from` of `source` to group `to` of `target`. */
export function addGroup(target: GroupSums, to: number, source: GroupSums, from: number): void {
  target.count[to] = (target.count[to] as number) + (source.count[from] as number);
  target.commission[to] = (target.commission[to] as number) + (source.commission[from] as number);
  target.transaction[to] = (target.transaction[to] as number) + (source.transaction[from] as number);
  target.transactionMissing[to] = (target.transactionMissing[to] as number) + (source.transactionMissing[from] as number);
}

/** Groups that received at least one sale. */
export function usedGroups(sums: GroupSums): number[] {
  const used: number[] = [];
  sums.count.forEach((count, group) => {
    if (count > 0) used.push(group);
  });
  return used;
}

/** The DTO of `group`, whose sales are all in `currency`. */
export function toMoneyTotals(sums: GroupSums, group: number, currency: string): MoneyTotals {
  const scale = amountScale(currency);
  const commission = sums.commission[group] as number;
  const transaction = sums.transaction[group] as number;
  return {
    currency,
    scale,
    count: sums.count[group] as number,
    commissionMinor: commission,
    commission: formatAmount(commission, scale, currency),
    transactionMinor: transaction,
    transaction: formatAmount(transaction, scale, currency),
    transactionMissing: sums.transactionMissing[group] as number,
  };
}
