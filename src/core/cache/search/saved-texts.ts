/**
 * The sales' folded references (`sale-texts.ts`) saved beside the cache when it closes, so the first text search of
 * the next session reads one file instead of every sale of the table. One file per cache: a short header (JSON: the stamp it was saved at, the
 * watermark the texts reach, where each part's arrays are and their CRC-32), then each part's text, starts, ids and
 * the bytes it holds.
 *
 * The file is used only when its stamp equals the cache's (the caller's text for the state of the sales' texts: the
 * browse index's text stamp, which a renamed or deleted sale changes) and every part reads back whole and in order;
 * otherwise it is ignored (and removed when damaged), and the texts are read from SQLite, which stays the only source
 * of truth. Its name starts like the saved browse indexes', so clearing the cache removes it with them.
 */
import { readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { createLayout, readSideFileHeader, writeSideFile, type FileKind, type Place } from '../side-files';

/** The saved file's kind; raise the format whenever what it holds changes. */
const KIND: FileKind = { magic: 'CDTEXTS ', format: 1 };

/** Consecutive sales' folded references, as `sale-texts.ts` keeps them in memory. */
export interface TextPart {
  /** Each reference, folded, one character a byte, followed by a separator byte. */
  text: string;
  /** Where each sale's reference starts in `text`, and one more entry: its length. */
  starts: Int32Array;
  /** The sales' ids, or null when they are `firstId`, `firstId + 1`, … */
  ids: Int32Array | null;
  firstId: number;
  /** 256 entries: 1 for each byte value that occurs in `text`. */
  present: Uint8Array;
}

/** Texts as saved: the parts, and the watermark (highest sale id) they reach. */
export interface SavedTexts {
  through: number;
  parts: TextPart[];
}

/** Where the saved texts of one cache file live. */
export interface SavedTextsPlace {
  cachePath: string;
}

/** A range's place in the data part: offset, byte length, CRC-32 of its bytes. */
const placeSchema = z.tuple([z.number().int().min(0), z.number().int().min(0), z.number().int().min(0)]);
const headerSchema = z.object({
  stamp: z.string(),
  through: z.number().int().min(0),
  parts: z.array(
    z.object({
      firstId: z.number().int(),
      text: placeSchema,
      starts: placeSchema,
      ids: placeSchema.nullable(),
      present: placeSchema,
    }),
  ),
});

/** The saved texts' file of the cache at `place` (named like its saved browse indexes, see `saved-columns.ts`). */
export function savedTextsPath(place: SavedTextsPlace): string {
  return join(dirname(place.cachePath), `${basename(place.cachePath)}.browse-texts`);
}

/** Deletes the saved texts (an account forgotten, a file that does not read back). */
export function removeSavedTexts(place: SavedTextsPlace): void {
  rmSync(savedTextsPath(place), { force: true });
}

const bytesOf = (array: Int32Array): Uint8Array => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/** Writes `texts` as of `stamp` (to a temporary file first, so a reader never sees half of one). */
export function saveTexts(place: SavedTextsPlace, stamp: string, texts: SavedTexts): void {
  const layout = createLayout();
  const parts = texts.parts.map((part) => ({
    firstId: part.firstId,
    text: layout.put(Buffer.from(part.text, 'latin1')),
    starts: layout.put(bytesOf(part.starts)),
    ids: part.ids === null ? null : layout.put(bytesOf(part.ids)),
    present: layout.put(part.present),
  }));
  writeSideFile(savedTextsPath(place), KIND, { stamp, through: texts.through, parts }, layout);
}

/** Bytes `[offset, offset + length)` of the data part when they are there and match their CRC, else null. */
function checked(file: Buffer, dataStart: number, [offset, length, crc]: Place): Buffer | null {
  const start = dataStart + offset;
  if (start + length > file.byteLength) return null;
  const bytes = file.subarray(start, start + length);
  return crc32(bytes) === crc ? bytes : null;
}

/** A copy of `bytes` as 32-bit integers (copied, so the file's buffer can go and no alignment is assumed). */
function int32s(bytes: Buffer): Int32Array | null {
  if (bytes.byteLength % 4 !== 0) return null;
  const array = new Int32Array(bytes.byteLength / 4);
  new Uint8Array(array.buffer).set(bytes);
  return array;
}

/** Starts that rise from 0 to the text's length, and ids (when there) that rise, one per sale. */
function wellFormed(part: TextPart): boolean {
  const { starts, ids, text } = part;
  if (starts.length < 1 || starts[0] !== 0 || starts[starts.length - 1] !== text.length) return false;
  for (let i = 1; i < starts.length; i++) if ((starts[i] as number) <= (starts[i - 1] as number)) return false;
  if (ids === null) return true;
  if (ids.length !== starts.length - 1) return false;
  for (let i = 1; i < ids.length; i++) if ((ids[i] as number) <= (ids[i - 1] as number)) return false;
  return true;
}

function readPart(
  file: Buffer,
  dataStart: number,
  saved: z.infer<typeof headerSchema>['parts'][number],
): TextPart | null {
  const text = checked(file, dataStart, saved.text);
  const startBytes = checked(file, dataStart, saved.starts);
  const idBytes = saved.ids === null ? null : checked(file, dataStart, saved.ids);
  const present = checked(file, dataStart, saved.present);
  if (text === null || startBytes === null || (saved.ids !== null && idBytes === null) || present?.byteLength !== 256)
    return null;
  const starts = int32s(startBytes);
  const ids = idBytes === null ? null : int32s(idBytes);
  if (starts === null || (idBytes !== null && ids === null)) return null;
  const part = { text: text.toString('latin1'), starts, ids, firstId: saved.firstId, present: new Uint8Array(present) };
  return wellFormed(part) ? part : null;
}

function readFile(place: SavedTextsPlace): Buffer | null {
  try {
    return readFileSync(savedTextsPath(place));
  } catch {
    return null;
  }
}

/**
 * The saved texts when their file matches `stamp`, else null. A file that does not read back whole is removed, so the
 * next close saves a good one.
 */
export function openSavedTexts(place: SavedTextsPlace, stamp: string): SavedTexts | null {
  const file = readFile(place);
  if (file === null) return null;
  const damaged = (): null => {
    removeSavedTexts(place);
    return null;
  };
  const readAt = (bytes: Uint8Array, position: number): boolean =>
    position + bytes.byteLength <= file.byteLength &&
    file.copy(bytes, 0, position, position + bytes.byteLength) === bytes.byteLength;
  const read = readSideFileHeader(readAt, KIND);
  const parsed = read === null ? null : headerSchema.safeParse(read.header);
  if (read === null || parsed?.success !== true) return damaged();
  const header = parsed.data;
  if (header.stamp !== stamp) return null;
  const { dataStart } = read;
  const parts: TextPart[] = [];
  for (const saved of header.parts) {
    const part = readPart(file, dataStart, saved);
    if (part === null) return damaged();
    parts.push(part);
  }
  return { through: header.through, parts };
}
