import type { Migration } from './migration';

/**
 * Search upkeep that a million-sale sync can afford (FTS5 writes a new segment at every commit, and a sync
 * commits every page of 100 sales, which made search upkeep 45% of the ingest time):
 *
 * - `search_progress.indexed_through`: every sale with an id up to it has its `sales_fts` entry, none above it does.
 *   The page store leaves new sales to a bulk catch-up (the search index): every 20,000 new sales, after each synced
 *   window, and before any text search or export.
 * - Product and collection names are indexed once per lookup row (`products_fts`, `collections_fts`, rowid = lookup
 *   id) instead of once per sale; `sales_fts` keeps only the reference and the subid of each sale (its product and
 *   collection columns stay empty). A word matches a sale when it matches the sale's entry, its product's name or its
 *   collection's name, which is what one entry with all four texts matched before.
 *
 * Upgrading empties `sales_fts` and sets the watermark to 0: the first catch-up rewrites every entry in the new form.
 */
const SCHEMA = `
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

/** Cache format 4. */
export const migration04: Migration = {
  version: 4,
  description: 'search index written in bulk, names indexed per product and collection',
  up: (db) => db.exec(SCHEMA),
};
