import type Database from 'better-sqlite3';

/**
 * When the cache began recording every change of its sales (cache format 13), or null when it recorded each sale
 * from its first sight. Before that moment the cache knows sales only as they were when history began.
 */
export function historyStart(db: Database.Database): string | null {
  const row = db.prepare<[], { began_at: string | null }>('SELECT began_at FROM cache_history WHERE id = 1').get();
  return row?.began_at ?? null;
}
