import type { Migration } from './migration';

/**
 * A stamp that says whether a browse index saved beside the cache (see `saved-columns.ts`) still describes the sales:
 *
 * - `cache_id`: random, made once per file, so an index left from another or an earlier file (a damaged cache set
 *   aside and started anew, a copy) never matches;
 * - `generation`: raised by every update or delete of a sale, whatever connection or tool makes it. Inserts raise the
 *   highest row id instead, which the stamp also holds, so storing new sales costs no trigger (ids only grow: an id can
 *   come back only after its row was deleted, and the delete raised the generation).
 *
 * `status_checked_at` alone is left out of the update trigger: the browse index does not hold it, and a routine sync
 * sets it on every unchanged sale it sees.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS browse_stamp (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    cache_id TEXT NOT NULL,
    generation INTEGER NOT NULL
  );
  INSERT OR IGNORE INTO browse_stamp (id, cache_id, generation) VALUES (1, lower(hex(randomblob(16))), 0);
  CREATE TRIGGER IF NOT EXISTS browse_stamp_update AFTER UPDATE OF id, account_id, reference, transaction_date, payment_date,
    commission_status, payment_status, currency, amount_scale, commission_minor, transaction_minor, commission_exact,
    transaction_exact, category, subid, product_id, collection_id, extra, notices, first_seen, last_changed, unreported_at ON sales
  BEGIN
    UPDATE browse_stamp SET generation = generation + 1 WHERE id = 1;
  END;
  CREATE TRIGGER IF NOT EXISTS browse_stamp_delete AFTER DELETE ON sales
  BEGIN
    UPDATE browse_stamp SET generation = generation + 1 WHERE id = 1;
  END;
`;

/** Cache format 8. */
export const migration08: Migration = {
  version: 8,
  description: 'a stamp for the browse index saved beside the cache',
  up: (db) => db.exec(SCHEMA),
};
