import type Database from 'better-sqlite3';
import type { Migration } from './migration';

/**
 * Every change the service makes to a sale's money is logged, not only its statuses (R2): the change log accepts
 * amounts, currency and dates, keeps the currencies an amount was in before and after (a sale may move from 10 USD
 * to 9.20 EUR), and flags a change to a sale that was paid (status paid, or a payment date) as a restatement of a
 * paid period, with the payment date it had. SQLite cannot change a CHECK, so the table is rebuilt; ids are kept, and
 * logged moves away from "paid" are restatements too.
 */
const CHANGE_LOG = `
  CREATE TABLE sale_changes_v12 (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL,
    reference TEXT NOT NULL,
    field TEXT NOT NULL CHECK (field IN ('commission_status', 'payment_status', 'reported', 'commission_amount',
      'transaction_amount', 'currency', 'payment_date', 'transaction_date')),
    old_value TEXT,
    new_value TEXT,
    old_currency TEXT,
    new_currency TEXT,
    changed_at TEXT NOT NULL,
    restates_paid INTEGER NOT NULL DEFAULT 0 CHECK (restates_paid IN (0, 1)),
    paid_on TEXT
  );
  INSERT INTO sale_changes_v12 (id, account_id, reference, field, old_value, new_value, changed_at, restates_paid)
    SELECT id, account_id, reference, field, old_value, new_value, changed_at,
           field = 'payment_status' AND old_value IS 'paid'
      FROM sale_changes ORDER BY id;
  DROP TABLE sale_changes;
  ALTER TABLE sale_changes_v12 RENAME TO sale_changes;
  CREATE INDEX sale_changes_by_time ON sale_changes (account_id, changed_at);
`;

function hasColumn(db: Database.Database, table: string, column: string): boolean {
  return (db.pragma(`table_info(${table})`) as { name: string }[]).some((c) => c.name === column);
}

/** Cache format 12. */
export const migration12: Migration = {
  version: 12,
  description: 'money changes in the change log, restatements of paid sales flagged',
  up: (db) => {
    // Safe to run on a file that has it already (a file marked older than it is).
    if (!hasColumn(db, 'sale_changes', 'restates_paid')) db.exec(CHANGE_LOG);
  },
};
