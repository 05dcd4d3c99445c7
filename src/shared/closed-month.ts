/**
 * A month the user closed (B2): the figures it had when closed, per currency, kept as they were whatever the service
 * reports later. Amounts are exact decimal text in the currency's own decimals; `sales` counts the month's sales.
 */

import type { SaleChange } from './sales-query-types';

/** One currency's figures of a closed month. */
export interface ClosedMonthFigures {
  currency: string;
  sales: number;
  earned: string;
  declined: string;
  received: string;
  receivable: string;
}

/** A month as closed: `month` is `YYYY-MM`, `closedAt` an ISO time. */
export interface ClosedMonth {
  account: string;
  month: string;
  closedAt: string;
  figures: ClosedMonthFigures[];
}

/** A close or a reopen, as logged; a reopen carries the figures the month had been closed with. */
export interface MonthCloseEvent {
  account: string;
  month: string;
  action: 'close' | 'reopen';
  at: string;
  figures: ClosedMonthFigures[];
}

/**
 * A change seen after a month was closed to one of that month's sales, with its effect on the month's net commission
 * (earned less declined) per currency; a change with no effect on money has an empty `effect`.
 */
export interface Adjustment {
  month: string;
  reference: string;
  field: SaleChange['field'];
  before: string | null;
  after: string | null;
  seenAt: string;
  effect: { currency: string; commission: string }[];
}
