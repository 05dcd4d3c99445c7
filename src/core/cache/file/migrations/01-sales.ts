import type { Migration } from './migration';

const SCHEMA = `
  CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    slug TEXT,
    name TEXT
  );
  CREATE TABLE collections (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    slug TEXT,
    name TEXT,
    url TEXT
  );
  CREATE TABLE sales (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL,
    reference TEXT NOT NULL,
    transaction_date TEXT NOT NULL CHECK (transaction_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    payment_date TEXT CHECK (payment_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    commission_status TEXT NOT NULL CHECK (commission_status IN ('approved', 'declined', 'pending')),
    payment_status TEXT CHECK (payment_status IN ('paid', 'pending')),
    currency TEXT NOT NULL,
    amount_scale INTEGER NOT NULL,
    commission_minor INTEGER NOT NULL,
    transaction_minor INTEGER,
    commission_exact TEXT,
    transaction_exact TEXT,
    category TEXT,
    subid TEXT,
    product_id INTEGER REFERENCES products (id),
    collection_id INTEGER REFERENCES collections (id),
    extra TEXT,
    first_seen TEXT NOT NULL,
    last_changed TEXT NOT NULL,
    UNIQUE (account_id, reference)
  );
  CREATE INDEX sales_by_transaction_date ON sales (account_id, transaction_date);
  CREATE TABLE sale_changes (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL,
    reference TEXT NOT NULL,
    field TEXT NOT NULL CHECK (field IN ('commission_status', 'payment_status')),
    old_value TEXT,
    new_value TEXT,
    changed_at TEXT NOT NULL
  );
  CREATE INDEX sale_changes_by_time ON sale_changes (account_id, changed_at);
`;

/** Cache format 1. */
export const migration01: Migration = {
  version: 1,
  description: 'sales, lookup tables and the status change log',
  up: (db) => db.exec(SCHEMA),
};
