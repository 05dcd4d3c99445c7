/**
 * What a saved browse index is checked against before it is used: the file's identity, the generation its update and
 * delete triggers raise, the highest sale id (raised by every insert), and the schema version (see migration 8).
 * Reading it costs three one-row lookups.
 */
import type Database from 'better-sqlite3';

/** The state of the sales table a browse index describes. */
export interface BrowseStamp {
  cacheId: string;
  generation: number;
  maxId: number;
  schema: number;
}

/** The stamp of the file as it is now, or null when the file has none (it was not migrated by this build). */
export function readStamp(db: Database.Database): BrowseStamp | null {
  const row = db
    .prepare<[], { cacheId: string; generation: number }>(
      'SELECT cache_id AS cacheId, generation FROM browse_stamp WHERE id = 1',
    )
    .get();
  if (row === undefined) return null;
  const maxId = db.prepare<[], number | null>('SELECT max(id) FROM sales').pluck().get() ?? 0;
  return { ...row, maxId, schema: db.pragma('user_version', { simple: true }) as number };
}

/**
 * The state of the sales' texts (one reference per sale id) as text: the file's identity, the generation raised only
 * when a reference or id changes or a sale is deleted (see migration 10), and the schema version; null when the file
 * has none. New sales do not change it: they get higher ids, which the texts' own watermark covers.
 */
export function readTextStamp(db: Database.Database): string | null {
  const row = db
    .prepare<[], { cacheId: string; textGeneration: number }>(
      'SELECT cache_id AS cacheId, text_generation AS textGeneration FROM browse_stamp WHERE id = 1',
    )
    .get();
  if (row === undefined) return null;
  return JSON.stringify([row.cacheId, row.textGeneration, db.pragma('user_version', { simple: true })]);
}

/** True when both stamps describe the same state. */
export function sameStamp(a: BrowseStamp, b: BrowseStamp): boolean {
  return a.cacheId === b.cacheId && a.generation === b.generation && a.maxId === b.maxId && a.schema === b.schema;
}
