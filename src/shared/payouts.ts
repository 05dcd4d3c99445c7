/**
 * What the Payouts view, the payout statement and the CLI's `payouts` read: money the service reported as paid,
 * grouped by payment date and currency, and what is still to come. Amounts are exact decimal text in the currency's
 * own decimals (more only when a sale carries an amount finer than its currency; never rounded). Currencies are
 * never added together.
 */
import type { DayRange } from './dates';

/** The sales paid on one day in one currency: one transfer as the affiliate sees it on the bank statement. */
export interface Payout {
  paymentDate: string;
  currency: string;
  sales: number;
  amount: string;
}

/** Money of one currency not paid yet: `owed` (approved, unpaid) or `pending` (commission still pending). */
export interface OpenAmount {
  currency: string;
  sales: number;
  amount: string;
}

/**
 * How long this account's sales took from sale to payment, over every paid sale with both dates. The range is the
 * middle half (25th to 75th percentile), a hint of when owed money may arrive, never a promise.
 */
export interface PaymentDelay {
  paidSales: number;
  medianDays: number;
  fromDays: number;
  toDays: number;
}

/** The payouts of a period of payment dates, and what is open now. */
export interface PayoutReport {
  range: DayRange;
  payouts: Payout[];
  /** The period's payouts added up per currency. */
  paid: OpenAmount[];
  /** Sales in the period marked paid whose payment date the service left out: counted, never placed on a day. */
  paidWithoutDate: number;
  owed: OpenAmount[];
  pending: OpenAmount[];
  /** Null when no paid sale has both dates. */
  delay: PaymentDelay | null;
}
