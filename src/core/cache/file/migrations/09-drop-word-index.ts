import type { Migration } from './migration';

/**
 * The word index goes: text searches match inside words (a reference's digits, part of a product name), which a
 * word index cannot answer, so the sales screen reads the sales' folded texts in memory and exports match in SQL
 * (`search/text-search.ts`). Nothing has read `sales_fts`, `products_fts` or `collections_fts` since, yet every
 * stored sale still paid for their upkeep. `search_progress.indexed_through` stays: it now says up to which sale
 * the in-memory texts may be read.
 */
const SCHEMA = `
  DROP TABLE IF EXISTS sales_fts;
  DROP TABLE IF EXISTS products_fts;
  DROP TABLE IF EXISTS collections_fts;
`;

/** Cache format 9. */
export const migration09: Migration = {
  version: 9,
  description: 'the unread word index dropped',
  up: (db) => db.exec(SCHEMA),
};
