import type { Migration } from './migration';

/**
 * Records the service sent that could not be stored (T8), so a day is never called complete while one of its
 * records is missing, and the export's About sheet can say exactly what is missing:
 *
 * - `from_day`..`to_day`: the record's own day, or the days asked for when it named none;
 * - `walk`: the walk of the report that received it; a later complete walk of those days replaces what earlier walks
 *   left (a record fixed at the service disappears from the list, one still broken is listed again);
 * - `scope`: '' for a walk of every sale of its days; the status filter of a walk that asked for some sales only, which
 *   can replace only what walks with the same filter left.
 *
 * Deleted with the account's profile, which both "Sign out and delete cached sales" and "Clear cache" delete, so this
 * table never outlives the account's other data.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS unstored_records (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL,
    from_day TEXT NOT NULL,
    to_day TEXT NOT NULL,
    reference TEXT,
    reason TEXT NOT NULL,
    walk TEXT NOT NULL,
    scope TEXT NOT NULL DEFAULT '',
    seen_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS unstored_records_by_day ON unstored_records (account_id, from_day);
  CREATE TRIGGER IF NOT EXISTS unstored_records_forget AFTER DELETE ON profiles
  BEGIN
    DELETE FROM unstored_records WHERE account_id = OLD.account_id;
  END;
`;

/** Cache format 7. */
export const migration07: Migration = {
  version: 7,
  description: 'records the service sent that could not be stored',
  up: (db) => db.exec(SCHEMA),
};
