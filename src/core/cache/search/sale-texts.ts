/**
 * Every sale's reference and sub-ID, folded, in memory, for the sales screen's searches inside words: an index of
 * words cannot find "1234" inside S-0001234-AB, and SQLite needs 300 ms or more to scan a million sales for it, where
 * `indexOf` over these texts takes about 15 ms. References are unique per sale, so nothing smaller would do; a million
 * sales take about 30 MB.
 *
 * The texts cover the sales up to the search index's watermark (`search_progress.indexed_through`), which every text
 * search first brings up to date: the sales above the last load are read at the next search. A sale whose text
 * changes below the watermark is reported by the search index (`search-index.ts`), and sales deleted by forgetting an
 * account or clearing the cache lower the watermark: either drops the texts, and the next search reads them again.
 */
import type Database from 'better-sqlite3';
import { foldText } from './search-text';

/** Rows read per statement run. */
const READ_CHUNK = 50_000;
/**
 * Parts kept apart before they are joined into one: each search walks every part, which costs next to nothing, while
 * joining a million sales' texts briefly holds them twice.
 */
const MAX_PARTS = 64;

/** Consecutive sales' texts: `text` holds each sale's reference and sub-ID, each followed by a line break. */
interface Part {
  text: string;
  /** Where each sale's texts start in `text`, and one more entry: its length. */
  starts: Int32Array;
  ids: Int32Array;
}

interface SaleTexts {
  /** The highest sale id read. */
  through: number;
  parts: Part[];
}

const loaded = new WeakMap<Database.Database, SaleTexts>();

/** Forgets the texts read from `db`: a sale's text changed, or sales were deleted. */
export function forgetSaleTexts(db: Database.Database): void {
  loaded.delete(db);
}

/**
 * Reads a chunk of sales as three values SQLite builds itself (the ids as a JSON array, the texts joined, the last id)
 * instead of an array per sale: reading a million sales row by row took 1.5-4 s, mostly in making and collecting
 * those arrays. A line break inside a reference or sub-ID becomes a space (no search term holds either, so matches do
 * not change), so each sale's texts end at its next two line breaks. Folding keeps a text's length (one UTF-16 unit
 * for one), so the joined texts fold as a whole.
 */
function readChunk(
  chunk: Database.Statement<[number, number], [string, string | null, number | null]>,
  from: number,
  upTo: number,
): { part: Part; last: number } | null {
  const [idsJson, joined, last] = chunk.raw().get(from, upTo) ?? ['[]', null, null];
  if (joined === null || last === null) return null;
  const ids = Int32Array.from(JSON.parse(idsJson) as number[]);
  const text = foldText(joined);
  const starts = new Int32Array(ids.length + 1);
  let at = 0;
  for (let i = 0; i < ids.length; i++) {
    starts[i] = at;
    at = text.indexOf('\n', text.indexOf('\n', at) + 1) + 1;
  }
  starts[ids.length] = text.length;
  return { part: { text, starts, ids }, last };
}

function readPart(db: Database.Database, after: number, upTo: number): Part[] {
  const chunk = db.prepare<[number, number], [string, string | null, number | null]>(
    // Both aggregates visit the rows in the same order, so the n-th id and the n-th text belong to the same sale.
    // SQLite's lower() changes ASCII capitals only, as folding does; foldText then folds what is beyond ASCII.
    `SELECT json_group_array(id),
       group_concat(replace(lower(reference), char(10), ' ') || char(10) || replace(lower(ifnull(subid, '')), char(10), ' ') || char(10), ''),
       max(id)
     FROM (SELECT id, reference, subid FROM sales WHERE id > ? AND id <= ? ORDER BY id LIMIT ${READ_CHUNK})`,
  );
  const parts: Part[] = [];
  for (let read = readChunk(chunk, after, upTo); read !== null; read = readChunk(chunk, read.last, upTo)) parts.push(read.part);
  return parts;
}

function joinParts(parts: readonly Part[]): Part {
  const starts = new Int32Array(parts.reduce((n, p) => n + p.ids.length, 0) + 1);
  const ids = new Int32Array(starts.length - 1);
  let at = 0;
  let offset = 0;
  for (const part of parts) {
    for (let i = 0; i < part.ids.length; i++) starts[at + i] = (part.starts[i] as number) + offset;
    ids.set(part.ids, at);
    at += part.ids.length;
    offset += part.text.length;
  }
  starts[at] = offset;
  return { text: parts.map((p) => p.text).join(''), starts, ids };
}

/** The texts of every sale up to the watermark, reading only what the last call did not. */
function current(db: Database.Database): SaleTexts {
  const watermark = db.prepare<[], number>('SELECT indexed_through FROM search_progress WHERE id = 1').pluck().get() ?? 0;
  let texts = loaded.get(db);
  if (texts === undefined || watermark < texts.through) texts = { through: 0, parts: [] };
  if (watermark > texts.through) {
    const parts = [...texts.parts, ...readPart(db, texts.through, watermark)];
    texts = { through: watermark, parts: parts.length > MAX_PARTS ? [joinParts(parts)] : parts };
  }
  loaded.set(db, texts);
  return texts;
}

/** Ids of the sales (of any account) whose folded reference or sub-ID contains `term`, a folded word. */
export function salesContaining(db: Database.Database, term: string): number[] {
  const out: number[] = [];
  for (const { text, starts, ids } of current(db).parts) {
    let row = 0;
    for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, starts[row] as number)) {
      // Matches come in increasing order, so the sale holding one is found by walking forward.
      while ((starts[row + 1] as number) <= at) row++;
      out.push(ids[row] as number);
      row++;
      if (row >= ids.length) break;
    }
  }
  return out;
}
