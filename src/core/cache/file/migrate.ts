/**
 * Brings a cache file to the schema this build writes, one numbered migration per transaction, and refuses a file
 * from a newer build (D3) instead of guessing at a schema it does not know.
 */
import type Database from 'better-sqlite3';
import { CacheTooNewError } from '../cache-errors';
import { APPLICATION_ID, LATEST_VERSION, MIGRATIONS, type Migration } from './migrations';

/** The file's `user_version`: 0 for a new file, otherwise the last migration it ran. */
export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function runOne(db: Database.Database, path: string, migration: Migration): void {
  db.transaction(() => {
    const current = schemaVersion(db);
    if (current > LATEST_VERSION) throw new CacheTooNewError(path, current, LATEST_VERSION);
    if (current >= migration.version) return;
    migration.up(db);
    if (migration.version === 1) db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma(`user_version = ${migration.version}`);
  }).immediate();
}

/**
 * Runs every migration newer than the file's version and returns the version it started from. Each step re-reads
 * the version inside its write lock, so two processes opening the same file cannot run a step twice.
 */
export function migrate(db: Database.Database, path: string): number {
  const start = schemaVersion(db);
  if (start > LATEST_VERSION) throw new CacheTooNewError(path, start, LATEST_VERSION);
  for (const migration of MIGRATIONS) {
    if (migration.version > start) runOne(db, path, migration);
  }
  return start;
}
