import type Database from 'better-sqlite3';

/** One schema step; `version` is the `user_version` the file has after it ran. */
export interface Migration {
  version: number;
  description: string;
  up: (db: Database.Database) => void;
}
