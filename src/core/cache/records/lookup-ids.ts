/**
 * Products and collections repeat on thousands of sales; the cache stores each distinct one once and refers to it by
 * id. That keeps the file smaller and lets the in-memory browse index use the ids as codes.
 */
import type Database from 'better-sqlite3';

/** Finds or creates lookup rows; ids are remembered per connection. */
export interface LookupIds {
  productId(slug: string | null, name: string | null): number | null;
  collectionId(slug: string | null, name: string | null, url: string | null): number | null;
  /** Drops remembered ids: called after a rollback, which may have removed rows created inside it. */
  forget(): void;
}

/** Ids remembered by their values, one Map level per value, so a lookup builds no key string (two per sale). */
type KnownIds = Map<string | null, KnownIds | number>;

interface LookupTable {
  find: Database.Statement<[string], number>;
  insert: Database.Statement<(string | null)[], number>;
  known: KnownIds;
}

function table(db: Database.Database, name: 'products' | 'collections', columns: string[]): LookupTable {
  const marks = columns.map(() => '?').join(', ');
  return {
    find: db.prepare<[string], number>(`SELECT id FROM ${name} WHERE key = ?`).pluck(),
    insert: db
      .prepare<(string | null)[], number>(
        `INSERT INTO ${name} (key, ${columns.join(', ')}) VALUES (?, ${marks}) RETURNING id`,
      )
      .pluck(),
    known: new Map(),
  };
}

function remembered(known: KnownIds, values: readonly (string | null)[]): number | undefined {
  let level: KnownIds | number | undefined = known;
  for (const value of values) {
    if (level === undefined || typeof level === 'number') return undefined;
    level = level.get(value);
  }
  return typeof level === 'number' ? level : undefined;
}

function remember(known: KnownIds, values: readonly (string | null)[], id: number): void {
  let level = known;
  values.forEach((value, i) => {
    if (i === values.length - 1) {
      level.set(value, id);
      return;
    }
    let next = level.get(value);
    if (next === undefined || typeof next === 'number') {
      next = new Map();
      level.set(value, next);
    }
    level = next;
  });
}

/** The id of `values` (the stored key is their JSON, built only on a miss); null when every value is null. */
function lookupId(lookup: LookupTable, values: (string | null)[]): number | null {
  if (values.every((v) => v === null)) return null;
  let id = remembered(lookup.known, values);
  if (id === undefined) {
    const key = JSON.stringify(values);
    id = lookup.find.get(key);
    if (id === undefined) id = lookup.insert.get(key, ...values) as number;
    remember(lookup.known, values, id);
  }
  return id;
}

/** Prepares the lookup statements on `db`. */
export function createLookupIds(db: Database.Database): LookupIds {
  const products = table(db, 'products', ['slug', 'name']);
  const collections = table(db, 'collections', ['slug', 'name', 'url']);
  return {
    productId: (slug, name) => lookupId(products, [slug, name]),
    collectionId: (slug, name, url) => lookupId(collections, [slug, name, url]),
    forget: () => {
      for (const lookup of [products, collections]) lookup.known.clear();
    },
  };
}
