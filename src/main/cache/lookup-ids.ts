/**
 * Products and collections repeat on thousands of sales; the cache stores each distinct one once and refers to it by
 * id. That keeps a million-sale file a third smaller and lets the in-memory browse index use the ids as codes.
 */
import type Database from 'better-sqlite3';

/** Finds or creates lookup rows; ids and names are remembered per connection. */
export interface LookupIds {
  productId(slug: string | null, name: string | null): number | null;
  collectionId(slug: string | null, name: string | null, url: string | null): number | null;
  /** The name stored for a product id (what the search index holds), null for none. */
  productName(id: number | null): string | null;
  /** The name stored for a collection id, null for none. */
  collectionName(id: number | null): string | null;
  /** Drops remembered ids: called after a rollback, which may have removed rows created inside it. */
  forget(): void;
}

interface LookupTable {
  find: Database.Statement<[string], number>;
  insert: Database.Statement<(string | null)[], number>;
  nameOf: Database.Statement<[number], string | null>;
  known: Map<string, number>;
  names: Map<number, string | null>;
}

function table(db: Database.Database, name: 'products' | 'collections', columns: string[]): LookupTable {
  const marks = columns.map(() => '?').join(', ');
  return {
    find: db.prepare<[string], number>(`SELECT id FROM ${name} WHERE key = ?`).pluck(),
    insert: db
      .prepare<(string | null)[], number>(`INSERT INTO ${name} (key, ${columns.join(', ')}) VALUES (?, ${marks}) RETURNING id`)
      .pluck(),
    nameOf: db.prepare<[number], string | null>(`SELECT name FROM ${name} WHERE id = ?`).pluck(),
    known: new Map(),
    names: new Map(),
  };
}

/** A cheap in-memory key (a million lookups per ingest); the stored key is the values' JSON, built only on a miss. */
function memoryKey(a: string | null, b: string | null, c: string | null): string {
  return `${a ?? '\u0001'}\u0000${b ?? '\u0001'}\u0000${c ?? '\u0001'}`;
}

function lookupId(lookup: LookupTable, values: (string | null)[]): number | null {
  const [a = null, b = null, c = null] = values;
  if (a === null && b === null && c === null) return null;
  const memory = memoryKey(a, b, c);
  let id = lookup.known.get(memory);
  if (id === undefined) {
    const key = JSON.stringify(values);
    id = lookup.find.get(key) ?? (lookup.insert.get(key, ...values) as number);
    lookup.known.set(memory, id);
    lookup.names.set(id, values[1] ?? null);
  }
  return id;
}

function nameOf(lookup: LookupTable, id: number | null): string | null {
  if (id === null) return null;
  let name = lookup.names.get(id);
  if (name === undefined) {
    name = lookup.nameOf.get(id) ?? null;
    lookup.names.set(id, name);
  }
  return name;
}

/** Prepares the lookup statements on `db`. */
export function createLookupIds(db: Database.Database): LookupIds {
  const products = table(db, 'products', ['slug', 'name']);
  const collections = table(db, 'collections', ['slug', 'name', 'url']);
  return {
    productId: (slug, name) => lookupId(products, [slug, name]),
    collectionId: (slug, name, url) => lookupId(collections, [slug, name, url]),
    productName: (id) => nameOf(products, id),
    collectionName: (id) => nameOf(collections, id),
    forget: () => {
      for (const lookup of [products, collections]) {
        lookup.known.clear();
        lookup.names.clear();
      }
    },
  };
}
