/**
 * Runs one search term against the three FTS5 indexes: the sales' own entries (reference and subid) and the names of
 * products and collections. Shared by the in-memory browse path and the SQL export path (`sql-filter.ts`), so both
 * find the same sales.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../../../shared/errors';
import { isCorruptionError } from '../cache-errors';

/** What one term matched: sale row ids (any account), product ids and collection ids. */
export interface TermHits {
  sales: number[];
  products: number[];
  collections: number[];
}

/** The SQL that finds the sale ids matching one term (three parameters, all the term), for use in `IN (…)`. */
export const TERM_MATCH_SQL = `(s.id IN (SELECT rowid FROM sales_fts WHERE sales_fts MATCH ?)
  OR s.product_id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?)
  OR s.collection_id IN (SELECT rowid FROM collections_fts WHERE collections_fts MATCH ?))`;

function ids(db: Database.Database, index: 'sales_fts' | 'products_fts' | 'collections_fts', term: string): number[] {
  return db.prepare<[string], number>(`SELECT rowid FROM ${index} WHERE ${index} MATCH ?`).pluck().all(term);
}

/** The hits of `term` (a quoted prefix term from `searchTerms`). */
export function searchTerm(db: Database.Database, term: string): TermHits {
  try {
    return { sales: ids(db, 'sales_fts', term), products: ids(db, 'products_fts', term), collections: ids(db, 'collections_fts', term) };
  } catch (error) {
    if (isCorruptionError(error)) throw error;
    throw new AppError('INVALID_INPUT', 'The search text cannot be used as typed; try fewer or simpler words.', { cause: error });
  }
}
