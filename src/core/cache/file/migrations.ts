/**
 * The cache's schema as an ordered list of numbered migrations. Each runs in its own transaction together with the
 * `user_version` bump, so a crash leaves the file at one version or the next, never between. Append only: a shipped
 * migration is never edited, a change is a new entry.
 */
import type Database from 'better-sqlite3';

/** `PRAGMA application_id` of a Commission Desk cache ("CDsk"), so a foreign SQLite file is recognised as foreign. */
export const APPLICATION_ID = 0x4344736b;

/** One schema step; `version` is the `user_version` the file has after it ran. */
export interface Migration {
  version: number;
  description: string;
  up: (db: Database.Database) => void;
}

const SALES_SCHEMA = `
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

const SYNC_SCHEMA = `
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

/**
 * Full-text search over reference, product name, collection name and subid. Contentless (the text lives in `sales`
 * and its lookup tables), `detail=none` and no column sizes: the smallest and fastest FTS5 index, enough for the
 * app's "every word is a prefix of some word of the sale" search. `tokenchars '-_'` keeps references such as
 * S-0001234-AB and subids such as yt_review_2025 whole. Rows are written by `search-index.ts`, in the page store's
 * transaction, with the 'delete' command for updates (a trigger cost 40% more ingest time at a million sales).
 * Since version 4 the product and collection columns stay empty; see below.
 */
const SEARCH_SCHEMA = `
  CREATE VIRTUAL TABLE sales_fts USING fts5 (
    reference, product, collection, subid,
    content = '', detail = none, columnsize = 0,
    tokenize = "unicode61 remove_diacritics 2 tokenchars '-_'"
  );
`;

/**
 * Search upkeep that a million-sale sync can afford (issue 8: FTS5 writes a new segment at every commit, and a sync
 * commits every page of 100 sales, which made search upkeep 45% of the ingest time):
 *
 * - `search_progress.indexed_through`: every sale with an id up to it has its `sales_fts` entry, none above it does.
 *   The page store leaves new sales to a bulk catch-up (`search-index.ts`): every 20,000 new sales, after each synced
 *   window, and before any text search or export.
 * - Product and collection names are indexed once per lookup row (`products_fts`, `collections_fts`, rowid = lookup
 *   id) instead of once per sale; `sales_fts` keeps only the reference and the subid of each sale (its product and
 *   collection columns stay empty). A word matches a sale when it matches the sale's entry, its product's name or its
 *   collection's name, which is what one entry with all four texts matched before.
 *
 * Upgrading empties `sales_fts` and sets the watermark to 0: the first catch-up rewrites every entry in the new form.
 */
const SEARCH_UPKEEP_SCHEMA = `
  CREATE TABLE search_progress (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    indexed_through INTEGER NOT NULL
  );
  INSERT INTO search_progress (id, indexed_through) VALUES (1, 0);
  INSERT INTO sales_fts (sales_fts) VALUES ('delete-all');
  CREATE VIRTUAL TABLE products_fts USING fts5 (
    name, content = '', detail = none, columnsize = 0, tokenize = "unicode61 remove_diacritics 2 tokenchars '-_'"
  );
  CREATE VIRTUAL TABLE collections_fts USING fts5 (
    name, content = '', detail = none, columnsize = 0, tokenize = "unicode61 remove_diacritics 2 tokenchars '-_'"
  );
  INSERT INTO products_fts (rowid, name) SELECT id, name FROM products WHERE name IS NOT NULL;
  INSERT INTO collections_fts (rowid, name) SELECT id, name FROM collections WHERE name IS NOT NULL;
`;

/** Every migration, in order. The last entry's version is the newest cache format this build reads and writes. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, description: 'sales, lookup tables and the status change log', up: (db) => db.exec(SALES_SCHEMA) },
  { version: 2, description: 'coverage windows, profiles and sync runs', up: (db) => db.exec(SYNC_SCHEMA) },
  { version: 3, description: 'full-text search index', up: (db) => db.exec(SEARCH_SCHEMA) },
  { version: 4, description: 'search index written in bulk, names indexed per product and collection', up: (db) => db.exec(SEARCH_UPKEEP_SCHEMA) },
];

/** The cache format this build writes. */
export const LATEST_VERSION = MIGRATIONS.at(-1)?.version ?? 0;
