import type { Migration } from './migration';

/**
 * Full-text search over reference, product name, collection name and subid. Contentless (the text lives in `sales`
 * and its lookup tables), `detail=none` and no column sizes: the smallest and fastest FTS5 index, enough for the
 * app's "every word is a prefix of some word of the sale" search. `tokenchars '-_'` keeps references such as
 * S-0001234-AB and subids such as yt_review_2025 whole. Rows are written by the search index, in the page store's
 * transaction, with the 'delete' command for updates (a trigger cost 40% more ingest time at a million sales).
 * Since version 4 the product and collection columns stay empty; see below.
 */
const SCHEMA = `
  CREATE VIRTUAL TABLE sales_fts USING fts5 (
    reference, product, collection, subid,
    content = '', detail = none, columnsize = 0,
    tokenize = "unicode61 remove_diacritics 2 tokenchars '-_'"
  );
`;

/** Cache format 3. */
export const migration03: Migration = {
  version: 3,
  description: 'full-text search index',
  up: (db) => db.exec(SCHEMA),
};
