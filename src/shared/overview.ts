/**
 * One line per saved account for the Overview: how current its cache is and where its money stands, each amount
 * in its own currency (never added across currencies or accounts). Read from the cache only, so it works offline
 * and never needs an account's credentials.
 */
import type { OpenAmount } from './payouts';
import type { StatusCheckAge } from './sales-query-types';

/** An account's standing in the Overview. */
export interface AccountOverview {
  accountId: string;
  label: string;
  /** Sales cached for the account. */
  sales: number;
  /** When the last sync that finished without error ended; null when none has. */
  lastSyncedAt: string | null;
  statuses: StatusCheckAge;
  owed: OpenAmount[];
  pending: OpenAmount[];
  /** Payouts whose payment date is in the current month, per currency. */
  paidThisMonth: OpenAmount[];
}
