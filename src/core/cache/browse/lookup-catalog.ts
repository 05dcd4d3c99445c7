/**
 * The product and collection lookup tables held in memory (they are small: one row per distinct product or
 * collection), so filters by slug, sorts by name and top lists can work on ids.
 */
import type Database from 'better-sqlite3';

/** Slug and name of a product or collection id. */
export interface LookupEntry {
  slug: string | null;
  name: string | null;
}

/** Entries by id (index 0 and gaps are undefined). */
export interface LookupCatalog {
  products: (LookupEntry | undefined)[];
  collections: (LookupEntry | undefined)[];
}

function loadTable(db: Database.Database, table: 'products' | 'collections'): (LookupEntry | undefined)[] {
  const entries: (LookupEntry | undefined)[] = [];
  for (const row of db.prepare<[], { id: number } & LookupEntry>(`SELECT id, slug, name FROM ${table}`).iterate()) {
    entries[row.id] = { slug: row.slug, name: row.name };
  }
  return entries;
}

/** Reads both lookup tables. */
export function loadCatalog(db: Database.Database): LookupCatalog {
  return { products: loadTable(db, 'products'), collections: loadTable(db, 'collections') };
}

/**
 * A membership table over ids: 1 where the entry's slug is one of `slugs`. Id 0 (no product/collection at all) and
 * entries without a slug count as slug null, as `LEFT JOIN … WHERE slug IS NULL` does in SQL.
 */
export function slugMembership(
  entries: readonly (LookupEntry | undefined)[],
  slugs: readonly (string | null)[],
): Uint8Array {
  const wanted = new Set(slugs);
  const table = new Uint8Array(Math.max(1, entries.length));
  table[0] = wanted.has(null) ? 1 : 0;
  entries.forEach((entry, id) => {
    if (entry !== undefined && wanted.has(entry.slug)) table[id] = 1;
  });
  return table;
}
