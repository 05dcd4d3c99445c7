/**
 * Keeps the contentless FTS5 index (`sales_fts`) in step with `sales`: each sale's reference and subid (product and
 * collection names are indexed once per lookup row, by `lookup-ids.ts`). A contentless index forgets a row only when
 * given the exact text it indexed, which is why updates pass the old stored values.
 *
 * New sales are not indexed one page at a time: FTS5 writes (and later merges) a new segment at every commit, and a
 * sync commits every page of 100 sales, which made search upkeep 45% of ingest time at a million sales. Instead the
 * watermark `search_progress.indexed_through` says which sales have their entry (all up to it, none above), and
 * {@link SearchIndex.catchUp} indexes everything above it in one statement: the page store calls it every
 * {@link SEARCH_BATCH} new sales, the sync engine after each window, and every text search before it runs.
 *
 * Searches match inside words, which a word index cannot do: they read the sales' texts kept in memory up to the
 * watermark (`sale-texts.ts`). The index keeps its entries all the same, so the file stays what its format says; an
 * updated or deleted sale drops the texts in memory, which the next search reads again.
 */
import type Database from 'better-sqlite3';
import { ROW_VALUE_COLUMNS, type RowValues } from '../records';
import { forgetSaleTexts } from './sale-texts';

/** New sales left unindexed before the page store catches up inside a page's transaction (about 50 ms of work). */
export const SEARCH_BATCH = 20_000;

/** The search upkeep of one connection. */
export interface SearchIndex {
  /** Highest sale id whose entry is written; every sale up to it is indexed, none above it. */
  indexedThrough(): number;
  /** Rewrites the entry of an indexed sale (id <= {@link indexedThrough}) whose searchable text changed. */
  replace(id: number, before: RowValues, after: RowValues): void;
  /** Indexes every sale above the watermark, in one transaction (a savepoint inside another); returns how many. */
  catchUp(): number;
  /** Catches up when at least {@link SEARCH_BATCH} sales above `indexedThrough` wait (the newest is `lastId`). */
  catchUpIfDue(indexedThrough: number, lastId: number): void;
  /** After deleting sales: lowers the watermark to the highest remaining id, so a reused id is indexed again. */
  afterDelete(): void;
}

const REFERENCE_AT = ROW_VALUE_COLUMNS.indexOf('reference');
const SUBID_AT = ROW_VALUE_COLUMNS.indexOf('subid');

/** The entry's four columns: reference, product (empty), collection (empty), subid. */
function searchable(values: RowValues): (string | null)[] {
  return [values[REFERENCE_AT] as string, null, null, values[SUBID_AT] as string | null];
}

function sameText(a: (string | null)[], b: (string | null)[]): boolean {
  return a.every((value, i) => value === b[i]);
}

/** Prepares the index statements on `db`. */
export function createSearchIndex(db: Database.Database): SearchIndex {
  const insert = db.prepare('INSERT INTO sales_fts (rowid, reference, product, collection, subid) VALUES (?, ?, ?, ?, ?)');
  const remove = db.prepare("INSERT INTO sales_fts (sales_fts, rowid, reference, product, collection, subid) VALUES ('delete', ?, ?, ?, ?, ?)");
  const watermark = db.prepare<[], number>('SELECT indexed_through FROM search_progress WHERE id = 1').pluck();
  const highestId = db.prepare<[], number>('SELECT coalesce(max(id), 0) FROM sales').pluck();
  const indexAbove = db.prepare<[number, number]>(`
    INSERT INTO sales_fts (rowid, reference, product, collection, subid)
    SELECT id, reference, NULL, NULL, subid FROM sales WHERE id > ? AND id <= ?`);
  const setWatermark = db.prepare<[number]>('UPDATE search_progress SET indexed_through = ? WHERE id = 1');
  const indexedThrough = (): number => watermark.get() ?? 0;
  const catchUp = db.transaction((): number => {
    const from = indexedThrough();
    const to = highestId.get() ?? 0;
    if (to <= from) return 0;
    const added = indexAbove.run(from, to).changes;
    setWatermark.run(to);
    return added;
  });
  return {
    indexedThrough,
    replace: (id, before, after) => {
      const old = searchable(before);
      const next = searchable(after);
      if (sameText(old, next)) return;
      remove.run(id, ...old);
      insert.run(id, ...next);
      forgetSaleTexts(db);
    },
    catchUp: () => catchUp(),
    catchUpIfDue: (indexedThrough, lastId) => {
      if (lastId - indexedThrough >= SEARCH_BATCH) catchUp();
    },
    afterDelete: () => {
      forgetSaleTexts(db);
      setWatermark.run(Math.min(indexedThrough(), highestId.get() ?? 0));
    },
  };
}
