/**
 * Deletes everything the cache holds for one account (sales, search entries, change log, coverage,
 * profile, sync runs) in one transaction: what "Sign out and delete cached sales" promises. The
 * contentless search index forgets a row only when given the text it indexed, so those entries are
 * deleted from the stored values before the sales go.
 */
import type Database from 'better-sqlite3';
import { assertAccount } from './records';
import type { SearchIndex } from './search';

/** Removes an account's data; returns how many sales were deleted. */
export function createForgetAccount(db: Database.Database, search: SearchIndex): (account: string) => number {
  // Only sales up to the search watermark have entries to delete; deleting an entry that was never written would
  // damage a contentless index.
  const unindex = db.prepare(`
    INSERT INTO sales_fts (sales_fts, rowid, reference, product, collection, subid)
    SELECT 'delete', s.id, s.reference, NULL, NULL, s.subid
    FROM sales s
    WHERE s.account_id = ? AND s.id <= (SELECT indexed_through FROM search_progress WHERE id = 1)`);
  const deletions = ['sales', 'sale_changes', 'coverage', 'coverage_provisional', 'unstored_records', 'profiles', 'sync_runs'].map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE account_id = ?`),
  );
  const forget = db.transaction((account: string) => {
    unindex.run(account);
    const [sales, ...rest] = deletions.map((statement) => statement.run(account).changes);
    void rest;
    search.afterDelete();
    return sales ?? 0;
  });
  return (account) => {
    assertAccount(account);
    return forget(account);
  };
}
