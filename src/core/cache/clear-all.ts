/**
 * Empties the cache for every account ("Clear cache" in Settings) in one transaction, then gives
 * the space back to the disk. The next sync fills it again.
 */
import type Database from 'better-sqlite3';
import { forgetSaleTexts } from './search';

const TABLES = [
  'sales',
  'sale_changes',
  'coverage',
  'coverage_provisional',
  'unstored_records',
  'profiles',
  'sync_runs',
  'products',
  'collections',
];

/** Deletes all cached data; returns the number of sales removed. */
export function createClearAll(db: Database.Database): () => number {
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sales');
  const clear = db.transaction(() => {
    const removed = count.get()?.n ?? 0;
    for (const table of TABLES) db.prepare(`DELETE FROM ${table}`).run();
    return removed;
  });
  return () => {
    const removed = clear.immediate();
    forgetSaleTexts(db);
    db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
    return removed;
  };
}
