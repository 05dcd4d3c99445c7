import type { Migration } from './migration';

/**
 * One lease per account held by the sync running it, whichever process that is (the app, a scheduled command): its
 * owner (a token made per run), the process and host, and when it was last renewed. Another process reads it to wait
 * for that sync instead of syncing the same account at the same time, and takes it over only when its owner is gone
 * (see `src/core/sync/sync-lease.ts`). Times are milliseconds since the epoch.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS sync_leases (
    account_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('app', 'command')),
    acquired_at INTEGER NOT NULL,
    renewed_at INTEGER NOT NULL
  ) WITHOUT ROWID;
`;

/** Cache format 11. */
export const migration11: Migration = {
  version: 11,
  description: 'a lease per account held by the sync running it',
  up: (db) => db.exec(SCHEMA),
};
