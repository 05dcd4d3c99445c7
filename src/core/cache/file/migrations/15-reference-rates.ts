import type { Migration } from './migration';

/**
 * The reference rates the user imported or fetched (L1): each published day's rate of each currency per euro, as
 * exact decimal text, and where and when the stored table came from. An import replaces the whole table, so one
 * source row describes it.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS reference_rates (
    day TEXT NOT NULL,
    currency TEXT NOT NULL,
    per_euro TEXT NOT NULL,
    PRIMARY KEY (day, currency)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS reference_rates_source (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    kind TEXT NOT NULL CHECK (kind IN ('file', 'ecb')),
    origin TEXT NOT NULL,
    imported_at TEXT NOT NULL
  );
`;

/** Cache format 15. */
export const migration15: Migration = {
  version: 15,
  description: 'reference rates per euro, and where and when they came from',
  up: (db) => db.exec(SCHEMA),
};
