import type { Migration } from './migration';

/**
 * Bank statements imported to match payouts (L4), apart from the sales and never touching them: each line once per
 * account, keyed by its content and place so the same file imported twice adds nothing; the layout of each statement
 * format, remembered by its header; and the matches the user made by hand.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS bank_lines (
    account_id TEXT NOT NULL,
    line_key TEXT NOT NULL,
    day TEXT NOT NULL,
    currency TEXT NOT NULL,
    amount TEXT NOT NULL,
    description TEXT NOT NULL,
    file_name TEXT NOT NULL,
    imported_at TEXT NOT NULL,
    UNIQUE (account_id, line_key)
  );
  CREATE INDEX IF NOT EXISTS bank_lines_by_day ON bank_lines (account_id, day);
  CREATE TABLE IF NOT EXISTS bank_layouts (
    header_key TEXT PRIMARY KEY,
    layout TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS bank_manual_matches (
    account_id TEXT NOT NULL,
    payout_key TEXT NOT NULL,
    line_key TEXT NOT NULL,
    PRIMARY KEY (account_id, payout_key)
  ) WITHOUT ROWID;
`;

/** Cache format 16. */
export const migration16: Migration = {
  version: 16,
  description: 'bank statement lines, their layouts and manual matches',
  up: (db) => db.exec(SCHEMA),
};
