/**
 * Counts the sales an export will write, with one SQL COUNT on a read-only connection of the cache file. The cache's
 * own count goes through its in-memory browse index, which the sales screen keeps warm in the app but which the
 * headless command would build only to count: at a million sales that alone costs more memory than the export.
 */
import Database from 'better-sqlite3';
import type { SalesFilter } from '../../shared/sales-query';
import { guardCorruption, SALE_FROM, whereClause } from '../cache';

/** The number of `account`'s sales in the cache file at `path` that match `filter`. */
export function countMatching(path: string, account: string, filter: SalesFilter): number {
  return guardCorruption(() => {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      const where = whereClause(account, filter);
      const row = db.prepare<(string | number)[], { n: number }>(`SELECT COUNT(*) AS n FROM ${SALE_FROM} ${where.sql}`).get(...where.params);
      return row?.n ?? 0;
    } finally {
      db.close();
    }
  });
}
