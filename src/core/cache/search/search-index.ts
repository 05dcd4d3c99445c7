/**
 * Keeps the sales screen's text search in step with `sales`. Searches match inside words, so they read every sale's
 * folded reference from memory (`sale-texts.ts`); sub-IDs are matched among the browse index's distinct values, and
 * product and collection names are read from their lookup tables at each search. What this module keeps is when those
 * in-memory references may be read again:
 *
 * - the watermark `search_progress.indexed_through` says up to which sale the texts may be read. Moving it is one
 *   small update, done by {@link SearchIndex.catchUp}: by the page store every {@link SEARCH_BATCH} new sales, by the
 *   sync engine after each window, and before every text search and export;
 * - a stored sale whose reference changes, and deleted sales, drop the references held in memory, which the next search
 *   reads again.
 *
 * (Until cache format 9 the watermark also said which sales had an entry in an FTS5 word index; that index was never
 * read after searches learnt to match inside words, and its upkeep was the largest part of storing a sale.)
 */
import type Database from 'better-sqlite3';
import { forgetSaleTexts } from './sale-texts';

/** New sales stored before the page store moves the watermark inside a page's transaction. */
export const SEARCH_BATCH = 20_000;

/** The search upkeep of one connection. */
export interface SearchIndex {
  /** Highest sale id whose texts a search may read; every sale up to it is searchable, none above it. */
  indexedThrough(): number;
  /** Tells the search that an indexed sale (id <= {@link indexedThrough}) was rewritten with another reference. */
  referenceChanged(): void;
  /** Makes every stored sale searchable (a savepoint inside another transaction); returns how many became so. */
  catchUp(): number;
  /** Catches up when at least {@link SEARCH_BATCH} sales above `indexedThrough` wait (the newest is `lastId`). */
  catchUpIfDue(indexedThrough: number, lastId: number): void;
  /** After deleting sales: lowers the watermark to the highest remaining id, so a reused id is read again. */
  afterDelete(): void;
}

/** Prepares the watermark statements on `db`. */
export function createSearchIndex(db: Database.Database): SearchIndex {
  const watermark = db.prepare<[], number>('SELECT indexed_through FROM search_progress WHERE id = 1').pluck();
  const highestId = db.prepare<[], number>('SELECT coalesce(max(id), 0) FROM sales').pluck();
  const setWatermark = db.prepare<[number]>('UPDATE search_progress SET indexed_through = ? WHERE id = 1');
  const indexedThrough = (): number => watermark.get() ?? 0;
  const catchUp = db.transaction((): number => {
    const from = indexedThrough();
    const to = highestId.get() ?? 0;
    if (to <= from) return 0;
    setWatermark.run(to);
    return to - from;
  });
  return {
    indexedThrough,
    referenceChanged: () => forgetSaleTexts(db),
    catchUp: () => catchUp.immediate(),
    catchUpIfDue: (indexedThrough, lastId) => {
      if (lastId - indexedThrough >= SEARCH_BATCH) catchUp.immediate();
    },
    afterDelete: () => {
      forgetSaleTexts(db);
      setWatermark.run(Math.min(indexedThrough(), highestId.get() ?? 0));
    },
  };
}
