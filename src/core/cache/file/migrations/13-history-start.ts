import type { Migration } from './migration';

/**
 * When the cache began recording every change of a sale (B1), so a report "as of" a past moment can say whether it
 * knows that moment. A cache made before this format holds sales whose earlier values were never logged: its history
 * starts now. A cache with no sales yet records each sale from its first sight: its history is complete (NULL).
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS cache_history (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    began_at TEXT
  );
  INSERT OR IGNORE INTO cache_history (id, began_at)
    SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM sales) THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END;
`;

/** Cache format 13. */
export const migration13: Migration = {
  version: 13,
  description: 'when the cache began recording every change of a sale',
  up: (db) => db.exec(SCHEMA),
};
