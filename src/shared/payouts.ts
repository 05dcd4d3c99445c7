/**
 * What the Payouts view, the payout statement and the CLI's `payouts` read: money the service reported as paid,
 * grouped by payment date and currency, and what is still to come. Amounts are exact decimal text in the currency's
 * own decimals (more only when a sale carries an amount finer than its currency; never rounded). Currencies are
 * never added together.
 */
import type { RateRule } from './rate-rule';
import type { DayRange } from './dates';
import type { CachedSale } from './sales-query-types';

/** The sales paid on one day in one currency: one transfer as the affiliate sees it on the bank statement. */
export interface Payout {
  paymentDate: string;
  currency: string;
  sales: number;
  amount: string;
  /** Dated after today: announced by the service, not received yet (A8). */
  scheduled: boolean;
  /** When payouts are split by category or collection: the one these sales share ('' for none). */
  part?: string;
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

/** Open sales whose statuses were last confirmed too long before a payments export or a period's end. */
export interface StaleOpenSales {
  count: number;
  /** The oldest confirmation among them (ISO time); null when none of them was ever confirmed. */
  oldestCheck: string | null;
  /** How many of them were never confirmed. */
  neverChecked: number;
}

/**
 * Whether the payments of a period are complete in the cache: the days whose sales could have been paid in it that
 * were never synced, and the open sales not confirmed since the period ended.
 */
export interface PaymentHistory {
  /** The first day checked: a year before the period. */
  from: string;
  /** The period's last day. */
  to: string;
  /** Days of `from`..`to` the cache never synced; their sales' payments are not counted. */
  missing: DayRange[];
  /** Open sales made up to `to` last confirmed before the period ended (or over a day ago), or never; null when none. */
  staleOpenSales: StaleOpenSales | null;
  /** True when nothing is missing and no open sale is stale. */
  complete: boolean;
}

/** The aging buckets, by whole days from the sale date to the as-of day. */
export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** One currency's aging bucket: commission owed (approved, not paid) and pending there. */
export interface AgingRow {
  currency: string;
  bucket: AgingBucket;
  owedSales: number;
  owed: string;
  pendingSales: number;
  pending: string;
}

/** The sales owed or pending for more than 90 days on `asOf`, oldest first: those behind the aging's last bucket. */
export interface OverdueSales {
  asOf: string;
  /** All such sales; `sales` holds the first of them when there are very many. */
  total: number;
  sales: CachedSale[];
}

/** The payouts of a period of payment dates, and what is open now. */
export interface PayoutReport {
  range: DayRange;
  payouts: Payout[];
  /** The period's payouts received by today, added up per currency. */
  paid: OpenAmount[];
  /** The period's payouts dated after today, added up per currency: scheduled, not received. */
  scheduled: OpenAmount[];
  /** Sales in the period marked paid whose payment date the service left out: counted, never placed on a day. */
  paidWithoutDate: number;
  /** The day (`yyyy-mm-dd`, local) the report was read: owed and pending are as of this day, whatever the period. */
  asOf: string;
  /** The past moment (an ISO instant) the report shows the sales as of (B1); null: as they are now. */
  moment: string | null;
  owed: OpenAmount[];
  pending: OpenAmount[];
  /** Null when no paid sale has both dates. */
  delay: PaymentDelay | null;
  /** Whether the period's payments are complete, and what is missing when not. */
  history: PaymentHistory;
  /** The same, as sentences to show above the totals; empty when complete. */
  warnings: string[];
  /** What is owed and pending today, by days since the sale. */
  aging: AgingRow[];
}

/**
 * A payout in the home currency (L2), approximate: its amount converted once at the ECB reference rate the rule gives
 * money received (the last earlier published day when that day has none, and `rateDay` says which), or null with the
 * reason.
 */
export interface HomePayout {
  paymentDate: string;
  currency: string;
  home: string;
  amount: string | null;
  rateDay: string | null;
  unconverted: string | null;
}

/** The month's payouts in the home currency, or what is missing for them. */
export type HomePayouts =
  | { kind: 'converted'; home: string; rule: RateRule; payouts: HomePayout[]; total: string }
  | { kind: 'no home currency' }
  | { kind: 'no rates' };
