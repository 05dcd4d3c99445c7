/**
 * How fresh the statuses of a set of sales are (T3): the oldest time the service confirmed one of the sales a
 * filter matches, so a screen, a total or an export can say "statuses checked <when>" without overstating. Open sales
 * are reported apart, since only their statuses can still change. Which sales match is the browse index's answer (row
 * ids); only their confirmation times are read here.
 */
import type Database from 'better-sqlite3';
import { idBatches } from '../records';
import type { StaleOpenSales } from '../../../shared/ipc-contract';
import type { StatusCheckAge } from '../../../shared/sales-query-types';
import { isOpenSale, OPEN_SALE_SQL } from './open-sales';

export type { StatusCheckAge };

/** Ids handed to SQLite per statement: an aggregate reads only one small row back per batch. */
const AGGREGATE_BATCH = 10_000;

/** The smaller of two ISO times, either of which may be missing. */
function older(a: string | null, b: string | null): string | null {
  return a === null || (b !== null && b < a) ? b : a;
}

/** The status check ages of the sales `ids`. */
export type ReadStatusCheckAge = (ids: Int32Array) => StatusCheckAge;

/** Prepares the reader on `db`. */
export function createStatusCheckAge(db: Database.Database): ReadStatusCheckAge {
  const statement = db.prepare<[string], StatusCheckAge>(
    `SELECT count(*) AS sales, min(s.status_checked_at) AS oldest,
            min(CASE WHEN ${OPEN_SALE_SQL} THEN s.status_checked_at END) AS oldestOpen,
            count(*) - count(s.status_checked_at) AS neverChecked
       FROM sales s WHERE s.id IN (SELECT value FROM json_each(?))`,
  );
  return (ids) => {
    const age: StatusCheckAge = { sales: 0, oldest: null, oldestOpen: null, neverChecked: 0 };
    for (const batch of idBatches(ids, AGGREGATE_BATCH)) {
      const part = statement.get(batch) as StatusCheckAge;
      age.sales += part.sales;
      age.oldest = older(age.oldest, part.oldest);
      age.oldestOpen = older(age.oldestOpen, part.oldestOpen);
      age.neverChecked += part.neverChecked;
    }
    return age;
  };
}

/** The open sales among `ids` last confirmed before `checkedBefore` (ISO time) or never; null when there are none. */
export type ReadStaleOpenSales = (ids: Int32Array, checkedBefore: string) => StaleOpenSales | null;

/** Prepares the reader on `db`. */
export function createStaleOpenSales(db: Database.Database): ReadStaleOpenSales {
  const statement = db.prepare<[string, string], StaleOpenSales>(
    `SELECT count(*) AS count, min(s.status_checked_at) AS oldestCheck, count(*) - count(s.status_checked_at) AS neverChecked
       FROM sales s WHERE s.id IN (SELECT value FROM json_each(?)) AND ${OPEN_SALE_SQL}
        AND (s.status_checked_at IS NULL OR julianday(s.status_checked_at) < julianday(?))`,
  );
  return (ids, checkedBefore) => {
    const stale: StaleOpenSales = { count: 0, oldestCheck: null, neverChecked: 0 };
    for (const batch of idBatches(ids, AGGREGATE_BATCH)) {
      const part = statement.get(batch, checkedBefore) as StaleOpenSales;
      stale.count += part.count;
      stale.oldestCheck = older(stale.oldestCheck, part.oldestCheck);
      stale.neverChecked += part.neverChecked;
    }
    return stale.count === 0 ? null : stale;
  };
}

/** A sale's statuses and when they were last confirmed, held in memory (a sale as it was at a past moment). */
export interface CheckedSale {
  commissionStatus: string | null;
  paymentStatus: string | null;
  checkedAt: string | null;
}

/** {@link createStatusCheckAge} and {@link createStaleOpenSales} over sales held in memory by id. */
export function checkedSaleReads(sales: ReadonlyMap<number, CheckedSale>): {
  statusCheckAge: ReadStatusCheckAge;
  staleOpenSales: ReadStaleOpenSales;
} {
  const each = (ids: Int32Array, visit: (sale: CheckedSale, open: boolean) => void): void => {
    for (const id of ids) {
      const sale = sales.get(id);
      if (sale !== undefined) visit(sale, isOpenSale(sale.commissionStatus, sale.paymentStatus));
    }
  };
  return {
    statusCheckAge: (ids) => {
      const age: StatusCheckAge = { sales: 0, oldest: null, oldestOpen: null, neverChecked: 0 };
      each(ids, (sale, open) => {
        age.sales++;
        age.oldest = older(age.oldest, sale.checkedAt);
        if (open) age.oldestOpen = older(age.oldestOpen, sale.checkedAt);
        if (sale.checkedAt === null) age.neverChecked++;
      });
      return age;
    },
    staleOpenSales: (ids, checkedBefore) => {
      const stale: StaleOpenSales = { count: 0, oldestCheck: null, neverChecked: 0 };
      const limit = Date.parse(checkedBefore);
      each(ids, (sale, open) => {
        if (!open || (sale.checkedAt !== null && Date.parse(sale.checkedAt) >= limit)) return;
        stale.count++;
        stale.oldestCheck = older(stale.oldestCheck, sale.checkedAt);
        if (sale.checkedAt === null) stale.neverChecked++;
      });
      return stale.count === 0 ? null : stale;
    },
  };
}
