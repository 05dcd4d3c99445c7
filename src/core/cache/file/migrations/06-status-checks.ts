import type Database from 'better-sqlite3';
import type { Migration } from './migration';

/**
 * Statuses of old sales kept current (T1, T3, T5):
 *
 * - `sales.status_checked_at`: when the service last confirmed the sale as it is stored. Existing rows get the latest
 *   time the cache can prove: the later of their last write and the fetch time of a coverage window holding their day
 *   (that window's pages were all stored after it began, so the sale was seen then or later) — never a later time.
 * - `sales.unreported_at`: when a complete fetch of the sale's day no longer returned it ("no longer reported"); NULL
 *   while the service reports it. Such sales are kept for audit and left out of totals and exports by default.
 * - `sale_changes` is rebuilt (SQLite cannot change a CHECK) to also accept the field `reported`.
 * - `coverage_provisional`: days fetched while not yet over (today, and later days), remembered apart from the
 *   settled coverage so a sync always fetches them again once more of the day has happened.
 */

/** Existing rows: the latest confirmation the cache can prove (see above). */
const BACKFILL = `
  UPDATE sales SET status_checked_at = max(
    last_changed,
    coalesce((
      SELECT CASE WHEN c.to_day >= sales.transaction_date THEN c.fetched_at END
        FROM coverage c
       WHERE c.account_id = sales.account_id AND c.from_day <= sales.transaction_date
       ORDER BY c.from_day DESC
       LIMIT 1
    ), '')
  )`;

const CHANGE_LOG = `
  CREATE TABLE sale_changes_v6 (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL,
    reference TEXT NOT NULL,
    field TEXT NOT NULL CHECK (field IN ('commission_status', 'payment_status', 'reported')),
    old_value TEXT,
    new_value TEXT,
    changed_at TEXT NOT NULL
  );
  INSERT INTO sale_changes_v6 (id, account_id, reference, field, old_value, new_value, changed_at)
    SELECT id, account_id, reference, field, old_value, new_value, changed_at FROM sale_changes ORDER BY id;
  DROP TABLE sale_changes;
  ALTER TABLE sale_changes_v6 RENAME TO sale_changes;
  CREATE INDEX sale_changes_by_time ON sale_changes (account_id, changed_at);
  CREATE TABLE IF NOT EXISTS coverage_provisional (
    account_id TEXT NOT NULL,
    day TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    PRIMARY KEY (account_id, day)
  ) WITHOUT ROWID;
`;

function hasColumn(db: Database.Database, table: string, column: string): boolean {
  return (db.pragma(`table_info(${table})`) as { name: string }[]).some((c) => c.name === column);
}

/** Cache format 6. Each step checks what is there, so a file whose version was set back can run it again. */
export const migration06: Migration = {
  version: 6,
  description: 'status checks, no-longer-reported sales, provisional coverage',
  up: (db) => {
    if (!hasColumn(db, 'sales', 'unreported_at')) db.exec('ALTER TABLE sales ADD COLUMN unreported_at TEXT');
    if (!hasColumn(db, 'sales', 'status_checked_at')) {
      db.exec('ALTER TABLE sales ADD COLUMN status_checked_at TEXT');
      db.exec(BACKFILL);
    }
    db.exec(CHANGE_LOG);
  },
};
