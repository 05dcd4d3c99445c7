/**
 * How current an export's statuses are (T3) and what it did with the sales the service no longer reports
 * (T5), read before the rows are written so the Summary, the command's standard error and the app can all
 * say it. A payments export is the file an accountant reconciles against the bank: a payment that arrived after the
 * open sales were last checked is missing from it, so it warns when they were checked more than 24 hours before.
 */
import Database from 'better-sqlite3';
import type { ExportFreshness, StaleOpenSales } from '../../shared/ipc-contract';
import { parseInput, salesFilterSchema, type SalesFilter } from '../../shared/sales-query';
import { assertAccount, createStatusCheckAge, guardCorruption, OPEN_SALE_SQL, SALE_FROM, whereClause, type SalesCache } from '../cache';

/** Open sales checked longer ago than this make a payments export warn. */
export const STALE_OPEN_SALES_MS = 24 * 60 * 60 * 1000;

export type { ExportFreshness, StaleOpenSales };

/** The cache operations the freshness reads use besides the file. */
export type FreshnessCache = Pick<SalesCache, 'path' | 'catchUpSearch'>;

/** Whether an export reports payments: its range is by payment date (the payments preset sets this). */
export function isPaymentsExport(filter: SalesFilter): boolean {
  return filter.dateBasis === 'payment';
}

/**
 * The open sales that could still be paid within the export's range: made up to its last day, narrowed like the
 * export (currency, sub-ID, …) but whatever their statuses, since an open sale is by definition not yet paid.
 */
export function openSalesScope(filter: SalesFilter): SalesFilter {
  const { to, subids, categories, currencies, collections, products, text } = filter;
  return { dateBasis: 'transaction', to, subids, categories, currencies, collections, products, text };
}

interface StaleRow {
  count: number;
  oldest: string | null;
  never: number;
}

function staleOpenSales(db: Database.Database, account: string, filter: SalesFilter, checkedBefore: Date): StaleOpenSales | null {
  const where = whereClause(account, openSalesScope(filter));
  const row = db
    .prepare<(string | number)[], StaleRow>(
      `SELECT count(*) AS count, min(s.status_checked_at) AS oldest, count(*) - count(s.status_checked_at) AS never
         FROM ${SALE_FROM} ${where.sql} AND ${OPEN_SALE_SQL}
          AND (s.status_checked_at IS NULL OR julianday(s.status_checked_at) < julianday(?))`,
    )
    .get(...where.params, checkedBefore.toISOString());
  if (row === undefined || row.count === 0) return null;
  return { count: row.count, oldestCheck: row.oldest, neverChecked: row.never };
}

function noLongerReported(db: Database.Database, account: string, filter: SalesFilter): number {
  const where = whereClause(account, { ...filter, includeNoLongerReported: true });
  const row = db
    .prepare<(string | number)[], { n: number }>(`SELECT count(*) AS n FROM ${SALE_FROM} ${where.sql} AND s.unreported_at IS NOT NULL`)
    .get(...where.params);
  return row?.n ?? 0;
}

/** What an export of one account reads before its rows: the freshness of its statuses, and how many sales match. */
export interface ExportScope {
  freshness: ExportFreshness;
  /** Sales of the account that match the filter: the rows the export writes. */
  matching: number;
}

/**
 * Reads the freshness of the export of `filter` from `account`'s sales as of `now`, and counts them: the status
 * ages come from one scan of the matching sales, which counts them on the way.
 */
export function readExportScope(cache: FreshnessCache, account: string, filter: SalesFilter, now: Date): ExportScope {
  assertAccount(account);
  const checked = parseInput(salesFilterSchema, filter, 'sales filter');
  // The text filter of the reads below relies on an up-to-date search index.
  if (checked.text !== undefined) cache.catchUpSearch();
  return guardCorruption(() => {
    // Its own read-only connection, as the rows' reader: a scan through the cache's connection would fill that
    // connection's large page cache (tens of megabytes at a million sales) only to count.
    const db = new Database(cache.path, { readonly: true, fileMustExist: true });
    try {
      const age = createStatusCheckAge(db)(account, checked);
      const freshness: ExportFreshness = {
        statusesCheckedAt: age.sales > 0 ? age.oldest : null,
        neverChecked: age.neverChecked,
        staleOpenSales: isPaymentsExport(filter) ? staleOpenSales(db, account, filter, new Date(now.getTime() - STALE_OPEN_SALES_MS)) : null,
        noLongerReported: { included: filter.includeNoLongerReported === true, count: noLongerReported(db, account, filter) },
      };
      return { freshness, matching: age.sales };
    } finally {
      db.close();
    }
  });
}

/** Reads the freshness of the export of `filter` from `account`'s sales, as of `now`. */
export function readExportFreshness(cache: FreshnessCache, account: string, filter: SalesFilter, now: Date): ExportFreshness {
  return readExportScope(cache, account, filter, now).freshness;
}

function oldestOf(times: readonly (string | null)[]): string | null {
  const known = times.filter((t): t is string => t !== null);
  return known.length === 0 ? null : known.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
}

/** The freshness of an export of several accounts: the oldest check of any, and the counts added up. */
export function mergeExportFreshness(parts: readonly ExportFreshness[]): ExportFreshness {
  const stale = parts.map((p) => p.staleOpenSales).filter((p): p is StaleOpenSales => p !== null);
  return {
    statusesCheckedAt: oldestOf(parts.map((p) => p.statusesCheckedAt)),
    neverChecked: parts.reduce((sum, p) => sum + p.neverChecked, 0),
    staleOpenSales:
      stale.length === 0
        ? null
        : {
            count: stale.reduce((sum, p) => sum + p.count, 0),
            oldestCheck: oldestOf(stale.map((p) => p.oldestCheck)),
            neverChecked: stale.reduce((sum, p) => sum + p.neverChecked, 0),
          },
    noLongerReported: {
      included: parts[0]?.noLongerReported.included ?? false,
      count: parts.reduce((sum, p) => sum + p.noLongerReported.count, 0),
    },
  };
}
