/**
 * Keeps the contentless FTS5 index (`sales_fts`) in step with `sales`, inside the caller's transaction. A contentless
 * index forgets a row only when given the exact text it indexed, which is why updates pass the old stored values.
 */
import type Database from 'better-sqlite3';
import type { LookupIds } from './lookup-ids';
import { ROW_VALUE_COLUMNS, type RowValues } from './sale-row';

/** Adds and replaces the search entries of stored sales. */
export interface SearchIndex {
  add(id: number, values: RowValues): void;
  replace(id: number, before: RowValues, after: RowValues): void;
}

const REFERENCE_AT = ROW_VALUE_COLUMNS.indexOf('reference');
const SUBID_AT = ROW_VALUE_COLUMNS.indexOf('subid');
const PRODUCT_AT = ROW_VALUE_COLUMNS.indexOf('product_id');
const COLLECTION_AT = ROW_VALUE_COLUMNS.indexOf('collection_id');

function searchable(values: RowValues, lookups: LookupIds): (string | null)[] {
  return [
    values[REFERENCE_AT] as string,
    lookups.productName(values[PRODUCT_AT] as number | null),
    lookups.collectionName(values[COLLECTION_AT] as number | null),
    values[SUBID_AT] as string | null,
  ];
}

function sameText(a: (string | null)[], b: (string | null)[]): boolean {
  return a.every((value, i) => value === b[i]);
}

/** Prepares the index statements on `db`. */
export function createSearchIndex(db: Database.Database, lookups: LookupIds): SearchIndex {
  const insert = db.prepare('INSERT INTO sales_fts (rowid, reference, product, collection, subid) VALUES (?, ?, ?, ?, ?)');
  const remove = db.prepare(
    "INSERT INTO sales_fts (sales_fts, rowid, reference, product, collection, subid) VALUES ('delete', ?, ?, ?, ?, ?)",
  );
  return {
    add: (id, values) => {
      insert.run(id, ...searchable(values, lookups));
    },
    replace: (id, before, after) => {
      const old = searchable(before, lookups);
      const next = searchable(after, lookups);
      if (sameText(old, next)) return;
      remove.run(id, ...old);
      insert.run(id, ...next);
    },
  };
}
