import type { Migration } from './migration';

/**
 * Months the user closed (B2), each with the figures it had when closed, per currency, as JSON text; and every close
 * and reopen as it happened, so reopening a month leaves a trace. A reopened month's row goes; its events stay.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS closed_months (
    account_id TEXT NOT NULL,
    month TEXT NOT NULL,
    closed_at TEXT NOT NULL,
    figures TEXT NOT NULL,
    PRIMARY KEY (account_id, month)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS month_close_events (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL,
    month TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('close', 'reopen')),
    at TEXT NOT NULL,
    figures TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS month_close_events_by_account ON month_close_events (account_id, id);
`;

/** Cache format 14. */
export const migration14: Migration = {
  version: 14,
  description: 'months closed by the user, and each close and reopen',
  up: (db) => db.exec(SCHEMA),
};
