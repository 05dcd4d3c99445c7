/**
 * What the cache's queries return: plain serialisable DTOs, ready to cross IPC. Money appears twice: as exact integer
 * units (`…Minor`, 10^-scale of the currency: cents for EUR) for arithmetic, and as an exact decimal string for
 * display. Totals are always per currency, never summed across currencies. Imports only src/shared.
 */
import type { CommissionColumn } from './commission-columns';
import type { DayRange } from './dates';
import type { CommissionStatusValue, PaymentStatusValue, Sale, SaleNotice } from './domain';

/** Records the service sent that could not be stored, over a span of days: those days are not complete (T8). */
export interface UnstoredSpan {
  /** The record's day, or the first day asked for when it named none. */
  from: string;
  to: string;
  count: number;
  /** Distinct reasons, at most three. */
  reasons: string[];
}

/** "Data as of …" for a query's transaction-date range: complete or not, the oldest fetch, the missing days. */
export interface DataAsOf {
  complete: boolean;
  asOf: string | null;
  missing: DayRange[];
  /** Days among `missing` that were fetched but where some records could not be stored; absent when none. */
  unstored?: UnstoredSpan[];
}

/**
 * A sale as the cache holds it, with exact amounts and when the cache first saw it and last saw it change. The
 * `…Minor` units are at the currency's own scale (JPY 0, EUR 2, KWD 3); when an amount has finer digits they are
 * rounded, and `commissionExact` / `transactionExact` hold the exact amount (a notice flags it).
 */
export interface CachedSale extends Sale {
  amountScale: number;
  commissionMinor: number | null;
  transactionMinor: number | null;
  notices: SaleNotice[];
  firstSeen: string;
  lastChanged: string;
}

/** One window of the sales table. */
export interface SalesPageResult {
  rows: CachedSale[];
  /** Rows matching the filter (the virtual table's length). */
  total: number;
  offset: number;
  /** Null when the filter has no transaction-date range. */
  dataAsOf: DataAsOf | null;
}

/**
 * Count and sums of a group of sales of one currency. `commission` and `transaction` are the exact sums as decimal
 * text, with the currency's decimals, or more when the group holds amounts finer than its currency (a sub-cent sum is
 * shown exactly, never rounded). The `…Minor` units are at `scale`, the currency's own, rounded only in that case:
 * for charts and rankings, never for showing a total.
 */
export interface MoneyTotals {
  currency: string;
  scale: number;
  count: number;
  commissionMinor: number;
  commission: string;
  transactionMinor: number;
  transaction: string;
  /** Sales in the group without a transaction amount (not included in `transaction`). */
  transactionMissing: number;
}

/**
 * Totals per currency, per currency × commission status and per currency × payment status. A status the spec does
 * not list has its own entry under its own name; `commissionStatus` null is a sale without one, `paymentStatus`
 * `none` a sale without a payment status.
 */
export interface SalesSummary {
  byCurrency: MoneyTotals[];
  byCommissionStatus: (MoneyTotals & { commissionStatus: CommissionStatusValue | null })[];
  byPaymentStatus: (MoneyTotals & { paymentStatus: PaymentStatusValue | 'none' })[];
  /**
   * Per currency × commission column (`commission-columns.ts`): the spec's three statuses and every other one
   * together, so a currency's columns add up to its total (R7). A column without sales has no entry.
   */
  byCommissionColumn: (MoneyTotals & { column: CommissionColumn })[];
  /**
   * Commission earned per currency: approved + pending (`EARNED_STATUSES`), the figure every headline shows (A6).
   * Declined and other statuses are in `byCommissionColumn`, never in it. A currency with no earned sale has no entry.
   */
  earned: MoneyTotals[];
  /** Sales of the summary in no commission total: their amount is missing or could not be read (R7). */
  needingAttention: AmountsNeedingAttention;
  dataAsOf: DataAsOf | null;
}

/** Sales whose commission amount is missing or could not be read: kept, but in no total (R7). */
export interface AmountsNeedingAttention {
  count: number;
  /** The first of them, oldest first, each with the notices that say what the service sent. */
  sales: CachedSale[];
}

/** Totals of one period (its first day) in one currency. */
export interface SeriesPoint extends MoneyTotals {
  period: string;
}

/** One of the best collections, products or subids of a currency; `key` is the slug (or subid), null for none. */
export interface TopEntry {
  currency: string;
  key: string | null;
  label: string | null;
  count: number;
  commissionMinor: number;
  commission: string;
}

/** A value of a filter dropdown and how many sales carry it. */
export interface ValueCount {
  value: string | null;
  label: string | null;
  count: number;
}

/** Values present in the cache for the filter dropdowns, with counts, plus the day span of the sales. */
export interface DistinctValues {
  currencies: ValueCount[];
  categories: ValueCount[];
  subids: ValueCount[];
  collections: ValueCount[];
  products: ValueCount[];
  firstDay: string | null;
  lastDay: string | null;
}

/**
 * One change from the change log (R2), with enough of the sale to show it: a status, an amount (commission or
 * transaction, as exact decimal text in the currency named beside it), the currency, a date (yyyy-mm-dd), or whether
 * the service reports the sale.
 */
export interface SaleChange {
  id: number;
  reference: string;
  /** `reported`: the service stopped (or started again) reporting the sale; values `reported` / `no longer reported`. */
  field:
    | 'commissionStatus'
    | 'paymentStatus'
    | 'reported'
    | 'commissionAmount'
    | 'transactionAmount'
    | 'currency'
    | 'paymentDate'
    | 'transactionDate';
  oldValue: string | null;
  newValue: string | null;
  /** The currency of an amount's old and new value (a sale can change both); null for other fields. */
  oldCurrency: string | null;
  newCurrency: string | null;
  changedAt: string;
  /** The sale was paid before this change: the change restates a paid period. */
  restatement: boolean;
  /** The payment date the sale had when it was paid (its payout's period); null when not a restatement or unknown. */
  paidOn: string | null;
  transactionDate: string | null;
  currency: string | null;
  commission: string | null;
}

/** Oldest confirmations among the sales of a filter; null when it matches no sale (or none was ever confirmed). */
export interface StatusCheckAge {
  /** Matching sales. */
  sales: number;
  /** The oldest confirmation among them. */
  oldest: string | null;
  /** The oldest confirmation among the open ones (commission pending, or approved and unpaid). */
  oldestOpen: string | null;
  /** Matching sales never confirmed (none after an upgrade, which fills the time in); counted so they cannot hide. */
  neverChecked: number;
}
