/**
 * Counts and exact sums of groups of sales, accumulated in typed arrays indexed by group number (a Map per sale cost
 * many times more), and turned into {@link MoneyTotals}. Each group holds
 * a single currency, never more (E4).
 *
 * Exactness (T6): ordinary amounts are integer units of the currency's scale, added in a double; a running
 * sum is moved into a bigint carry before it could pass 2^53, so no addition ever rounds. An amount finer than its
 * currency (0.005 USD) or too large for plain units is added exactly from its decimal text, at its own scale. A total
 * is therefore computed at the finest scale present in its group: 100,000 × 0.005 USD is exactly 500.000. It is shown
 * with the currency's decimals when that is exact ("500.00"), otherwise with every decimal it has ("0.005"), and
 * never rounded; only the `…Minor` units for charts and rankings are rounded to the currency's scale.
 */
import { addDecimals, currencyDigits, decimalText, roundDecimal, type ExactDecimal } from '../../../shared/money';
import type { MoneyTotals } from '../../../shared/sales-query-types';
import { FINE_COMMISSION, FINE_TRANSACTION, type SaleColumns } from './column-store';

/** Beyond this a plain running sum moves into the carry, so that adding one more plain amount (< 2^52) stays exact. */
const CARRY_AT = 2 ** 52;

/** One amount column's sums: plain units per group, plus exact remainders of the few groups that need them. */
interface AmountSums {
  plain: Float64Array;
  /** Carried plain units (at the currency's scale) and exactly added fine amounts, per group. */
  exact: Map<number, { carry: bigint; fine: ExactDecimal }>;
}

/** Per-group running totals. */
export interface GroupSums {
  count: Float64Array;
  commission: AmountSums;
  transaction: AmountSums;
  transactionMissing: Float64Array;
}

function amountSums(n: number): AmountSums {
  return { plain: new Float64Array(n), exact: new Map() };
}

/** Zeroed totals for `groups` groups. */
export function groupSums(groups: number): GroupSums {
  const n = Math.max(1, groups);
  return {
    count: new Float64Array(n),
    commission: amountSums(n),
    transaction: amountSums(n),
    transactionMissing: new Float64Array(n),
  };
}

function exactOf(sums: AmountSums, group: number): { carry: bigint; fine: ExactDecimal } {
  let exact = sums.exact.get(group);
  if (exact === undefined) sums.exact.set(group, (exact = { carry: 0n, fine: { units: 0n, scale: 0 } }));
  return exact;
}

function addPlain(sums: AmountSums, group: number, units: number): void {
  const total = (sums.plain[group] as number) + units;
  if (total < CARRY_AT && total > -CARRY_AT) {
    sums.plain[group] = total;
    return;
  }
  exactOf(sums, group).carry += BigInt(total);
  sums.plain[group] = 0;
}

function addFine(sums: AmountSums, group: number, value: ExactDecimal | null | undefined): void {
  if (value === null || value === undefined) return;
  const exact = exactOf(sums, group);
  exact.fine = addDecimals(exact.fine, value);
}

/**
 * The arrays {@link addSale} reads, in an object of their own: the columns object of a saved index changes its
 * properties from lazy readers to arrays as they are read, which leaves V8 looking each property up by name, and a
 * loop over every sale paid that at every access.
 */
export interface AmountColumns {
  fine: Uint8Array;
  commission: Float64Array;
  transaction: Float64Array;
  fineAmounts: SaleColumns['fineAmounts'];
}

/** The amount arrays of `columns`, in an object with plain fields (read them once, before a loop). */
export function amountColumns(columns: SaleColumns): AmountColumns {
  return {
    fine: columns.fine,
    commission: columns.commission,
    transaction: columns.transaction,
    fineAmounts: columns.fineAmounts,
  };
}

/** Adds the sale at position `p` to `group`. */
export function addSale(sums: GroupSums, group: number, columns: AmountColumns, p: number): void {
  sums.count[group] = (sums.count[group] as number) + 1;
  const fine = columns.fine[p] as number;
  const commission = columns.commission[p] as number;
  if (fine & FINE_COMMISSION) addFine(sums.commission, group, columns.fineAmounts.get(p)?.commission);
  else if (!Number.isNaN(commission)) addPlain(sums.commission, group, commission);
  const transaction = columns.transaction[p] as number;
  if (fine & FINE_TRANSACTION) addFine(sums.transaction, group, columns.fineAmounts.get(p)?.transaction);
  else if (Number.isNaN(transaction)) sums.transactionMissing[group] = (sums.transactionMissing[group] as number) + 1;
  else addPlain(sums.transaction, group, transaction);
}

/**
 * Adds the sales at positions `start` to `end` (excluded), each to its group `groups[p - start]`: {@link addSale}'s
 * work with the arrays read once, for passes over every sale. Building a summary's cells added each sale through
 * {@link addSale}, which looks the arrays up through the sums' objects at every sale: half the time of the pass. A sale
 * with an amount finer than its currency, or a sum about to pass 2^52, goes the exact way.
 */
export function addSaleRun(
  sums: GroupSums,
  columns: AmountColumns,
  groups: Int32Array,
  start: number,
  end: number,
): void {
  const { count, transactionMissing: missing } = sums;
  const [commissionPlain, transactionPlain] = [sums.commission.plain, sums.transaction.plain];
  const { fine, commission, transaction } = columns;
  for (let p = start; p < end; p++) {
    const group = groups[p - start] as number;
    if (fine[p] !== 0) {
      addSale(sums, group, columns, p);
      continue;
    }
    count[group] = (count[group] as number) + 1;
    const c = commission[p] as number;
    if (c === c) {
      const total = (commissionPlain[group] as number) + c;
      if (total < CARRY_AT && total > -CARRY_AT) commissionPlain[group] = total;
      else addPlain(sums.commission, group, c);
    }
    const t = transaction[p] as number;
    if (t !== t) missing[group] = (missing[group] as number) + 1;
    else {
      const total = (transactionPlain[group] as number) + t;
      if (total < CARRY_AT && total > -CARRY_AT) transactionPlain[group] = total;
      else addPlain(sums.transaction, group, t);
    }
  }
}

function addAmounts(target: AmountSums, to: number, source: AmountSums, from: number): void {
  addPlain(target, to, source.plain[from] as number);
  const exact = source.exact.get(from);
  if (exact === undefined) return;
  const into = exactOf(target, to);
  into.carry += exact.carry;
  into.fine = addDecimals(into.fine, exact.fine);
}

/** Adds the totals of group `from` of `source` to group `to` of `target`. */
export function addGroup(target: GroupSums, to: number, source: GroupSums, from: number): void {
  target.count[to] = (target.count[to] as number) + (source.count[from] as number);
  addAmounts(target.commission, to, source.commission, from);
  addAmounts(target.transaction, to, source.transaction, from);
  target.transactionMissing[to] =
    (target.transactionMissing[to] as number) + (source.transactionMissing[from] as number);
}

/** Groups that received at least one sale. */
export function usedGroups(sums: GroupSums): number[] {
  const used: number[] = [];
  sums.count.forEach((count, group) => {
    if (count > 0) used.push(group);
  });
  return used;
}

/** The exact sum of one amount column of `group`, at the finest scale present (at least the currency's). */
export function exactTotal(sums: AmountSums, group: number, scale: number): ExactDecimal {
  const exact = sums.exact.get(group);
  const plain = { units: BigInt(sums.plain[group] as number) + (exact?.carry ?? 0n), scale };
  return exact === undefined ? plain : addDecimals(plain, exact.fine);
}

/** The total as shown and as units for charts: exact text with the currency's decimals (more when it has them). */
export function shownTotal(total: ExactDecimal, currency: string): { minor: number; text: string } {
  const scale = currencyDigits(currency);
  return { minor: Number(roundDecimal(total, scale).units), text: decimalText(total, scale) };
}

/** The DTO of `group`, whose sales are all in `currency`. */
export function toMoneyTotals(sums: GroupSums, group: number, currency: string): MoneyTotals {
  const scale = currencyDigits(currency);
  const commission = shownTotal(exactTotal(sums.commission, group, scale), currency);
  const transaction = shownTotal(exactTotal(sums.transaction, group, scale), currency);
  return {
    currency,
    scale,
    count: sums.count[group] as number,
    commissionMinor: commission.minor,
    commission: commission.text,
    transactionMinor: transaction.minor,
    transaction: transaction.text,
    transactionMissing: sums.transactionMissing[group] as number,
  };
}
