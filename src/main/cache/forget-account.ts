/**
 * Deletes everything the cache holds for one account (sales, search entries, change log, coverage,
 * profile, sync runs) in one transaction: what "Sign out and delete cached sales" promises. The
 * contentless search index forgets a row only when given the text it indexed, so those entries are
 * deleted from the stored values before the sales go.
 */
import type Database from 'better-sqlite3';
import { assertAccount } from './account-id';

/** Removes an account's data; returns how many sales were deleted. */
export function createForgetAccount(db: Database.Database): (account: string) => number {
  const unindex = db.prepare(`
    INSERT INTO sales_fts (sales_fts, rowid, reference, product, collection, subid)
    SELECT 'delete', s.id, s.reference, p.name, c.name, s.subid
    FROM sales s LEFT JOIN products p ON p.id = s.product_id LEFT JOIN collections c ON c.id = s.collection_id
    WHERE s.account_id = ?`);
  const deletions = ['sales', 'sale_changes', 'coverage', 'profiles', 'sync_runs'].map((table) =>
    db.prepare(`DELETE FROM ${table} WHERE account_id = ?`),
  );
  const forget = db.transaction((account: string) => {
    unindex.run(account);
    const [sales, ...rest] = deletions.map((statement) => statement.run(account).changes);
    void rest;
    return sales ?? 0;
  });
  return (account) => {
    assertAccount(account);
    return forget(account);
  };
}
