/**
 * The layout of the files saved beside the cache (the browse index's columns, the sales' texts): a 20-byte prefix
 * (magic, format, header length, header CRC-32), a JSON header, then byte ranges, each 8-byte aligned, whose places
 * and CRC-32s the header holds. Written to a temporary file first and renamed over the old one, so a reader never sees
 * half a file, and private (0600) from creation.
 */
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';

/** Magic, format, header length, header CRC. */
export const PREFIX_BYTES = 20;
/** A header longer than this is not read: the length came from a damaged or foreign file. */
const MAX_HEADER_BYTES = 256 * 1024 * 1024;
/** Every byte range starts at a multiple of this, so typed arrays can be read where they lie. */
export const ALIGN = 8;

/** A byte range's place in the data part: offset, byte length, CRC-32 of its bytes. */
export type Place = [offset: number, length: number, crc: number];

/** `n` rounded up to {@link ALIGN}. */
export const aligned = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

/** Byte ranges laid out one after another in the data part. */
export interface Layout {
  /** Lays out `bytes` after the ranges put before, and returns their place. */
  put(bytes: Uint8Array): Place;
  readonly chunks: readonly { at: number; bytes: Uint8Array }[];
}

/** An empty layout. */
export function createLayout(): Layout {
  const chunks: { at: number; bytes: Uint8Array }[] = [];
  let at = 0;
  return {
    chunks,
    put: (bytes) => {
      chunks.push({ at, bytes });
      const place: Place = [at, bytes.byteLength, crc32(bytes)];
      at = aligned(at + bytes.byteLength);
      return place;
    },
  };
}

/** The file's kind: an 8-character magic and a format number. */
export interface FileKind {
  magic: string;
  format: number;
}

/** Writes `header` (as JSON) and the ranges of `layout` to `path`. */
export function writeSideFile(path: string, kind: FileKind, header: unknown, layout: Layout): void {
  const json = Buffer.from(JSON.stringify(header));
  const dataStart = aligned(PREFIX_BYTES + json.byteLength);
  const head = Buffer.alloc(dataStart);
  head.write(kind.magic, 0, 'latin1');
  head.writeUInt32LE(kind.format, 8);
  head.writeUInt32LE(json.byteLength, 12);
  head.writeUInt32LE(crc32(json), 16);
  json.copy(head, PREFIX_BYTES);
  const temporary = `${path}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, head, 0, head.byteLength, 0);
    for (const chunk of layout.chunks) writeSync(fd, chunk.bytes, 0, chunk.bytes.byteLength, dataStart + chunk.at);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** Fills `bytes` from `position` of the file; false when the file ends first. */
export type ReadAt = (bytes: Uint8Array, position: number) => boolean;

/**
 * The header (parsed JSON, to be checked by the caller's schema) and where the data part starts, when the file is of
 * `kind` and its header reads back whole; null otherwise.
 */
export function readSideFileHeader(read: ReadAt, kind: FileKind): { header: unknown; dataStart: number } | null {
  const prefix = Buffer.alloc(PREFIX_BYTES);
  if (!read(prefix, 0)) return null;
  if (prefix.toString('latin1', 0, 8) !== kind.magic || prefix.readUInt32LE(8) !== kind.format) return null;
  const length = prefix.readUInt32LE(12);
  if (length > MAX_HEADER_BYTES) return null;
  const json = Buffer.alloc(length);
  if (!read(json, PREFIX_BYTES) || crc32(json) !== prefix.readUInt32LE(16)) return null;
  try {
    return { header: JSON.parse(json.toString('utf8')) as unknown, dataStart: aligned(PREFIX_BYTES + json.byteLength) };
  } catch {
    return null;
  }
}
