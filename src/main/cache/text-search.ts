/**
 * Runs a text search against the FTS5 index and returns the matching row ids. Shared by the in-memory browse path
 * and the SQL export path through {@link matchExpression}, so both find the same sales.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../../shared/errors';
import { isCorruptionError } from './cache-errors';

/** Row ids (any account) whose indexed text matches the MATCH expression. */
export function searchIds(db: Database.Database, expression: string): number[] {
  try {
    return db.prepare<[string], number>('SELECT rowid FROM sales_fts WHERE sales_fts MATCH ?').pluck().all(expression);
  } catch (error) {
    if (isCorruptionError(error)) throw error;
    throw new AppError('INVALID_INPUT', 'The search text cannot be used as typed; try fewer or simpler words.', { cause: error });
  }
}
