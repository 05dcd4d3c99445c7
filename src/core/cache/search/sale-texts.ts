/**
 * Every sale's reference, folded, in memory, for text searches inside words: an index of words cannot find "1234"
 * inside S-0001234-AB, and a scan in SQLite is many times slower than `indexOf` over these texts. References are
 * unique per sale, so nothing smaller would do. (Sub-IDs repeat: they are searched among the browse index's distinct
 * values, `text-search.ts`.) They are read and folded as bytes, and kept as one string per chunk of sales whose
 * characters are those bytes (latin1), which Node keeps outside V8's heap when it is large: read as JavaScript strings
 * and folded as such, the texts grew the heap several times over. A string, rather than the bytes themselves, because
 * String.prototype.indexOf is faster than Buffer.indexOf when a common term matches most sales (a search makes one
 * call per match).
 *
 * Each search reads only the sales stored since the last one (ids above those read; a stored sale keeps its reference).
 * Forgetting an account or clearing the cache drops the texts, and the next search reads them again.
 * Texts that were read are saved beside the cache at close (`saved-texts.ts`), and the next session's first search
 * reads that file instead of the table while no stored reference changed since.
 */
import type Database from 'better-sqlite3';
import { openSavedTexts, saveTexts, type SavedTextsPlace, type TextPart } from './saved-texts';
import { foldText } from './search-text';

/** Sales read per statement run: their references make one string, large enough for Node to keep outside V8's heap. */
const READ_CHUNK = 100_000;
/** Ends each reference in a part: a byte no UTF-8 text holds, so SQLite has nothing to replace inside them. */
const SEPARATOR = 0xff;
const SPACE = 0x20;
const LINE_BREAK = 0x0a;

/**
 * Consecutive sales' references: `text` holds each, folded, as UTF-8 bytes read as latin1 (one character a byte),
 * followed by {@link SEPARATOR}.
 */
type Part = TextPart;

interface SaleTexts {
  /** The highest sale id read. */
  through: number;
  parts: Part[];
  /** The connection's `data_version` when they were read: another connection's write since may have changed them. */
  dataVersion: number;
  /** The stamp of the saved file they match, if any (nothing to save again then). */
  savedAs: string | null;
}

/** Where a connection's texts are saved, what stamps the state of its sales table now, and from how many sales. */
export interface SaleTextsFile {
  place: SavedTextsPlace;
  /** The stamp of the sales table as it is now (null when it has none to trust). */
  stamp: () => string | null;
  /** Fewer sales are read from the table in a moment and not saved. */
  minSales: number;
}

const files = new WeakMap<Database.Database, SaleTextsFile>();

/** Keeps the texts read from `db` in `file` at {@link saveSaleTexts}, and reads them from there first. */
export function keepSaleTextsIn(db: Database.Database, file: SaleTextsFile): void {
  files.set(db, file);
}

const loaded = new WeakMap<Database.Database, SaleTexts>();

/** Forgets the texts read from `db`: a sale's reference changed, or sales were deleted. */
export function forgetSaleTexts(db: Database.Database): void {
  loaded.delete(db);
}

/** The UTF-8 bytes of each character's folded form, by code point; null when it folds to itself. */
const foldedBytes = new Map<number, Uint8Array | null>();

function foldedOf(code: number): Uint8Array | null {
  let bytes = foldedBytes.get(code);
  if (bytes === undefined) {
    const char = String.fromCodePoint(code);
    const folded = foldText(char);
    bytes = folded === char ? null : Buffer.from(folded, 'utf8');
    foldedBytes.set(code, bytes);
  }
  return bytes;
}

/** Length of the UTF-8 sequence a lead byte starts (1 for a byte that starts none). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  return 1;
}

/** The code point of the well-formed sequence of `length` bytes at `at`, or -1. */
function codePointAt(bytes: Uint8Array, at: number, length: number): number {
  if (length === 1 || at + length > bytes.length) return -1;
  let code = (bytes[at] as number) & (0xff >>> (length + 1));
  for (let i = 1; i < length; i++) {
    const next = bytes[at + i] as number;
    if ((next & 0xc0) !== 0x80) return -1;
    code = (code << 6) | (next & 0x3f);
  }
  return code <= 0x10ffff ? code : -1;
}

/**
 * Folds the references of `sales` sales in place, one character at a time as {@link foldText} does, without making a
 * string of them: ASCII capitals to lower case, and each character beyond ASCII to its folded form. Folding seldom
 * lengthens a character's UTF-8 (É → e is one byte shorter), so each reference is written again from its start, and
 * the bytes it freed become spaces before its separator: no search term holds a space, so every match stays what it
 * was. Returns where each sale's reference starts, or null when the chunk cannot be folded so (a character folds
 * longer, Ⱥ → ⱥ, or the separators are not one per sale: a reference holds bytes that are not UTF-8).
 */
function foldInPlace(bytes: Buffer, sales: number): Int32Array | null {
  const starts = new Int32Array(sales + 1);
  let write = 0;
  let separators = 0;
  for (let read = 0; read < bytes.length;) {
    if (write === read) {
      read = lowerAsciiRun(bytes, read);
      write = read;
      if (read === bytes.length) break;
    }
    const byte = bytes[read] as number;
    if (byte < 0x80) {
      bytes[write++] = isCapital(byte) ? byte + 0x20 : byte;
      read++;
    } else if (byte === SEPARATOR) {
      while (write < read) bytes[write++] = SPACE;
      bytes[write++] = SEPARATOR;
      read++;
      separators++;
      if (separators > sales) return null;
      starts[separators] = write;
    } else {
      const length = sequenceLength(byte);
      const code = codePointAt(bytes, read, length);
      const folded = code < 0 ? null : foldedOf(code);
      if (folded !== null && folded.byteLength > length) return null;
      const size = folded === null ? (code < 0 ? 1 : length) : folded.byteLength;
      for (let i = 0; i < size; i++)
        bytes[write + i] = folded === null ? (bytes[read + i] as number) : (folded[i] as number);
      write += size;
      read += code < 0 ? 1 : length;
    }
  }
  return separators === sales ? starts : null;
}

const isCapital = (byte: number): boolean => (byte - 0x41) >>> 0 < 26;

/** Lower-cases the ASCII bytes from `from` on, in place, up to the first other byte; returns where that is. */
function lowerAsciiRun(bytes: Uint8Array, from: number): number {
  let at = from;
  for (; at < bytes.length; at++) {
    const byte = bytes[at] as number;
    if (byte >= 0x80) break;
    if (isCapital(byte)) bytes[at] = byte + 0x20;
  }
  return at;
}

/** The sales of a chunk (id > ?, id <= ?, in id order, at most a read's worth). */
const CHUNK = `FROM (SELECT id, reference FROM sales WHERE id > ? AND id <= ? ORDER BY id LIMIT ${READ_CHUNK})`;

/** First id, last id, count and texts of a chunk. */
type ChunkRow = [number | null, number | null, number, Buffer | null];

/**
 * Reads a chunk of sales as a few values SQLite builds itself, not an array per sale (reading row by row was slow,
 * mostly in making and collecting those arrays), and the references as bytes, joined with separators SQLite adds as
 * they are: lower-casing them and replacing line breaks in them in SQL was slower.
 */
function chunkReader(db: Database.Database): (after: number, upTo: number) => { part: Part; last: number } | null {
  const texts = db
    .prepare<[number, number], ChunkRow>(
      `SELECT min(id), max(id), count(*), CAST(group_concat(reference || x'ff', '') AS BLOB) ${CHUNK}`,
    )
    .raw();
  // Only read when the chunk's ids have gaps: 4-byte big-endian integers, in id order.
  const ids = db
    .prepare<[number, number], Buffer | null>(`SELECT unhex(group_concat(printf('%08x', id), '')) ${CHUNK}`)
    .pluck();
  // References that cannot be folded in place: folded as a string, line breaks inside made spaces (no term holds either).
  const asString = db
    .prepare<[number, number], string | null>(
      `SELECT group_concat(replace(reference, char(10), ' ') || char(10), '') ${CHUNK}`,
    )
    .pluck();
  return (after, upTo) => {
    const [first, last, count, joined] = texts.get(after, upTo) ?? [null, null, 0, null];
    if (first === null || last === null || joined === null) return null;
    let bytes = joined;
    let starts = foldInPlace(bytes, count);
    if (starts === null) [bytes, starts] = foldedAsString(asString.get(after, upTo) ?? '', count);
    const text = bytes.toString('latin1');
    const present = bytesPresent(bytes);
    release(bytes);
    release(joined);
    const packed = last - first === count - 1 ? null : ids.get(after, upTo);
    return {
      part: {
        text,
        starts,
        ids: packed === null || packed === undefined ? null : unpackIds(packed),
        firstId: first,
        present,
      },
      last,
    };
  };
}

/**
 * Frees a buffer SQLite's value was copied into, now rather than at V8's next full collection: the texts would
 * otherwise stay allocated twice, as bytes and as strings, until then. Only a buffer that is all of its memory
 * (never a slice of Node's shared pool, which other buffers use).
 */
function release(bytes: Buffer): void {
  const memory = bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer; detached?: boolean };
  if (bytes.byteOffset !== 0 || memory.byteLength !== bytes.byteLength || memory.detached === true) return;
  memory.transfer?.(0);
}

/** The references folded as a string, their line breaks made separators, and where each sale's reference starts. */
function foldedAsString(text: string, sales: number): [Buffer, Int32Array] {
  const bytes = Buffer.from(foldText(text), 'utf8');
  const starts = new Int32Array(sales + 1);
  let breaks = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== LINE_BREAK) continue;
    bytes[i] = SEPARATOR;
    starts[++breaks] = i + 1;
  }
  return [bytes, starts];
}

/**
 * Which byte values occur in `bytes` (1 where one does). A term holding a byte that no reference of a part holds cannot
 * match there, and the part is not scanned: references are often digits and a fixed pattern (S-0001234-AB), so most
 * words typed in the search box hold a letter none of them has.
 */
function bytesPresent(bytes: Uint8Array): Uint8Array {
  const present = new Uint8Array(256);
  for (let i = 0; i < bytes.length; i++) present[bytes[i] as number] = 1;
  return present;
}

function unpackIds(packed: Buffer): Int32Array {
  const ids = new Int32Array(packed.byteLength / 4);
  for (let i = 0; i < ids.length; i++) ids[i] = packed.readInt32BE(i * 4);
  return ids;
}

function readPart(db: Database.Database, after: number, upTo: number): Part[] {
  const read = chunkReader(db);
  const parts: Part[] = [];
  for (let chunk = read(after, upTo); chunk !== null; chunk = read(chunk.last, upTo)) parts.push(chunk.part);
  return parts;
}

const salesIn = (part: Part): number => part.starts.length - 1;
const idAt = (part: Part, row: number): number => (part.ids === null ? part.firstId + row : (part.ids[row] as number));

function joinParts(parts: readonly Part[]): Part {
  const starts = new Int32Array(parts.reduce((n, p) => n + salesIn(p), 0) + 1);
  const ids = new Int32Array(starts.length - 1);
  let at = 0;
  let offset = 0;
  for (const part of parts) {
    for (let i = 0; i < salesIn(part); i++) {
      starts[at + i] = (part.starts[i] as number) + offset;
      ids[at + i] = idAt(part, i);
    }
    at += salesIn(part);
    offset += part.text.length;
  }
  starts[at] = offset;
  const firstId = ids[0] ?? 0;
  const gapless = ids.length === 0 || (ids[ids.length - 1] as number) - firstId === ids.length - 1;
  const present = new Uint8Array(256);
  for (const part of parts)
    for (let byte = 0; byte < 256; byte++) present[byte] = (present[byte] as number) | (part.present[byte] as number);
  return { text: parts.map((p) => p.text).join(''), starts, ids: gapless ? null : ids, firstId, present };
}

/**
 * `parts` followed by `fresh`, a small last part joined with the next while they hold no more than a read's sales
 * together: a sync adds a few sales between searches, and thousands of tiny parts would each cost a search a call,
 * while joining only small parts never holds more than a read's texts twice.
 */
function appendParts(parts: readonly Part[], fresh: readonly Part[]): Part[] {
  const out = [...parts];
  for (const part of fresh) {
    const last = out[out.length - 1];
    if (last !== undefined && salesIn(last) + salesIn(part) <= READ_CHUNK)
      out[out.length - 1] = joinParts([last, part]);
    else out.push(part);
  }
  return out;
}

const dataVersionOf = (db: Database.Database): number => db.pragma('data_version', { simple: true }) as number;

/** The texts saved when `db`'s sales table was as it is now, if there are. */
function fromFile(db: Database.Database, dataVersion: number): SaleTexts | null {
  const file = files.get(db);
  const stamp = file?.stamp() ?? null;
  const saved = file === undefined || stamp === null ? null : openSavedTexts(file.place, stamp);
  return saved === null ? null : { ...saved, dataVersion, savedAs: stamp };
}

/** The texts of every stored sale, reading only what the last call did not. */
function current(db: Database.Database): SaleTexts {
  const newest = db.prepare<[], number>('SELECT coalesce(max(id), 0) FROM sales').pluck().get() ?? 0;
  const dataVersion = dataVersionOf(db);
  let texts = loaded.get(db);
  if (texts?.dataVersion !== dataVersion) texts = fromFile(db, dataVersion) ?? undefined;
  if (texts === undefined || newest < texts.through) texts = { through: 0, parts: [], dataVersion, savedAs: null };
  if (newest > texts.through) {
    texts = {
      through: newest,
      parts: appendParts(texts.parts, readPart(db, texts.through, newest)),
      dataVersion,
      savedAs: null,
    };
  }
  loaded.set(db, texts);
  return texts;
}

/**
 * Saves the texts read from `db` in its file (see {@link keepSaleTextsIn}), unless that file holds them already, none
 * were read, they are few, or another connection wrote since they were read. Call before closing.
 */
export function saveSaleTexts(db: Database.Database): void {
  const file = files.get(db);
  const texts = loaded.get(db);
  if (file === undefined || texts === undefined || texts.dataVersion !== dataVersionOf(db)) return;
  const stamp = file.stamp();
  if (
    stamp === null ||
    stamp === texts.savedAs ||
    texts.parts.reduce((n, part) => n + salesIn(part), 0) < file.minSales
  )
    return;
  saveTexts(file.place, stamp, texts);
  texts.savedAs = stamp;
}

/**
 * Calls `onSale` with the id of each sale (of any account) whose folded reference contains `term`, a folded word, in
 * ascending id order. A callback rather than a list: a common word can match a good share of the sales. UTF-8
 * never starts a character inside another, and no term holds a separator, so a match of the term's bytes is a match of
 * whole characters inside one reference.
 */
export function salesContaining(db: Database.Database, term: string, onSale: (id: number) => void): void {
  const bytes = Buffer.from(term, 'utf8');
  const needle = bytes.toString('latin1');
  for (const part of current(db).parts) {
    if (bytes.some((byte) => part.present[byte] !== 1)) continue;
    const { text, starts } = part;
    const sales = salesIn(part);
    let row = 0;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, starts[row] as number)) {
      // Matches come in increasing order, so the sale holding one is found by walking forward.
      while ((starts[row + 1] as number) <= at) row++;
      onSale(idAt(part, row));
      row++;
      if (row >= sales) break;
    }
  }
}
