/**
 * Deletes everything the cache holds for one account (sales, change log, coverage, profile, sync runs, closed months,
 * imported bank lines and manual matches) in one transaction: what "Sign out and delete cached sales" promises.
 * The search's texts in memory are dropped with them.
 */
import type Database from 'better-sqlite3';
import { assertAccount } from './records';
import { forgetSaleTexts } from './search';

/** Removes an account's data; returns how many sales were deleted. */
export function createForgetAccount(db: Database.Database): (account: string) => number {
  const deletions = [
    'sales',
    'sale_changes',
    'coverage',
    'coverage_provisional',
    'unstored_records',
    'profiles',
    'sync_runs',
    'closed_months',
    'month_close_events',
    'bank_lines',
    'bank_manual_matches',
  ].map((table) => db.prepare(`DELETE FROM ${table} WHERE account_id = ?`));
  const forget = db.transaction((account: string) => {
    const [sales, ...rest] = deletions.map((statement) => statement.run(account).changes);
    void rest;
    forgetSaleTexts(db);
    return sales ?? 0;
  });
  return (account) => {
    assertAccount(account);
    return forget.immediate(account);
  };
}
