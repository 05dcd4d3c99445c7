import type { Migration } from './migration';

const SCHEMA = `
  CREATE TABLE coverage (
    account_id TEXT NOT NULL,
    from_day TEXT NOT NULL,
    to_day TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    PRIMARY KEY (account_id, from_day)
  ) WITHOUT ROWID;
  CREATE TABLE profiles (
    account_id TEXT PRIMARY KEY,
    profile TEXT NOT NULL,
    fetched_at TEXT NOT NULL
  );
  CREATE TABLE sync_runs (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL,
    from_day TEXT NOT NULL,
    to_day TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    status TEXT NOT NULL CHECK (status IN ('running', 'completed', 'cancelled', 'failed')),
    pages INTEGER NOT NULL DEFAULT 0,
    records INTEGER NOT NULL DEFAULT 0,
    checkpoint TEXT,
    error TEXT
  );
  CREATE INDEX sync_runs_by_account ON sync_runs (account_id, started_at);
`;

/** Cache format 2. */
export const migration02: Migration = {
  version: 2,
  description: 'coverage windows, profiles and sync runs',
  up: (db) => db.exec(SCHEMA),
};
