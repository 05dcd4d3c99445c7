/**
 * The cache's open sales (T1): those whose statuses can still change at the service, so the routine sync
 * re-checks them however old they are. Declined sales and approved-and-paid sales are final. Everything else is open:
 * a pending commission, an approved one not yet paid, and any status the spec does not list (the service may still
 * decide it, and it cannot be asked for by a filter, so its day is fetched again instead). Sales the service no longer
 * reports are left out: their day was fetched in full without them.
 */
import type Database from 'better-sqlite3';
import { assertAccount } from '../records';

/** SQL condition (over the alias `s`) that holds for an open sale. */
export const OPEN_SALE_SQL =
  "s.commission_status IS NOT 'declined' AND (s.commission_status IS NOT 'approved' OR s.payment_status IS NOT 'paid')";

/** {@link OPEN_SALE_SQL} for statuses read into memory (a sale as it was at a past moment). */
export function isOpenSale(commissionStatus: string | null, paymentStatus: string | null): boolean {
  return commissionStatus !== 'declined' && (commissionStatus !== 'approved' || paymentStatus !== 'paid');
}

/** An open sale as the routine sync compares it with the service's answer. */
export interface OpenSale {
  reference: string;
  /** Transaction day, yyyy-mm-dd. */
  day: string;
  commissionStatus: string | null;
  paymentStatus: string | null;
}

/** How many sales the cache holds for one day (reported ones only). */
export interface DayCount {
  day: string;
  count: number;
}

/** Open-sale reads on one connection. */
export interface OpenSaleReads {
  /** The transaction day of the oldest open sale before `before` (exclusive), or null when there is none. */
  oldestOpenSaleDay(account: string, before: string): string | null;
  /** The open sales of days `from`..`to` (inclusive). */
  openSales(account: string, from: string, to: string): OpenSale[];
  /**
   * Sales per day over `from`..`to`, days without sales left out; sizes the windows that fetch days again. With
   * `paymentStatus`, only the sales with that payment status: what the service counts for that filter.
   */
  salesPerDay(account: string, from: string, to: string, paymentStatus?: 'pending' | 'paid'): DayCount[];
}

/** Prepares the reads on `db`. */
export function createOpenSaleReads(db: Database.Database): OpenSaleReads {
  const reported = 's.account_id = ? AND s.unreported_at IS NULL';
  const oldest = db
    .prepare<[string, string], string | null>(
      `SELECT min(s.transaction_date) FROM sales s WHERE ${reported} AND s.transaction_date < ? AND ${OPEN_SALE_SQL}`,
    )
    .pluck();
  const open = db.prepare<[string, string, string], OpenSale>(
    `SELECT s.reference, s.transaction_date AS day, s.commission_status AS commissionStatus, s.payment_status AS paymentStatus FROM sales s WHERE ${reported} AND s.transaction_date BETWEEN ? AND ? AND ${OPEN_SALE_SQL}`,
  );
  const perDay = db.prepare<[string, string, string], DayCount>(
    `SELECT s.transaction_date AS day, count(*) AS count FROM sales s WHERE ${reported} AND s.transaction_date BETWEEN ? AND ? GROUP BY s.transaction_date`,
  );
  const perDayPaying = db.prepare<[string, string, string, string], DayCount>(
    `SELECT s.transaction_date AS day, count(*) AS count FROM sales s WHERE ${reported} AND s.transaction_date BETWEEN ? AND ? AND s.payment_status = ? GROUP BY s.transaction_date`,
  );
  return {
    oldestOpenSaleDay: (account, before) => {
      assertAccount(account);
      return oldest.get(account, before) ?? null;
    },
    openSales: (account, from, to) => {
      assertAccount(account);
      return open.all(account, from, to);
    },
    salesPerDay: (account, from, to, paymentStatus) => {
      assertAccount(account);
      return paymentStatus === undefined
        ? perDay.all(account, from, to)
        : perDayPaying.all(account, from, to, paymentStatus);
    },
  };
}
