/**
 * A browse index saved beside the cache, so opening a large cache reads its columns instead of rebuilding them from
 * every row (slow, with many short-lived objects, for a large account). One file per account: a short
 * header (JSON: the stamp it was saved at, the dictionaries, the exact amounts, where each array is and its CRC-32),
 * then the typed arrays as they are in memory, 8-byte aligned, and the sort orders that were in use.
 *
 * Arrays are read when first used, not at open: the first page of the sales table needs three of the seventeen (ids,
 * days, the no-longer-reported flags) and the date order, and a column nobody
 * filters or sorts by is never read. The file stays open while the columns are the ones it holds, so a sort order
 * let go to save memory can be read again, and a file replaced meanwhile (another process saving at its close) cannot
 * mix into them.
 *
 * The file is used only when its stamp equals the cache's (see `browse-stamp.ts`); an array whose CRC does not match
 * is reported through `onDamage`, and the caller rebuilds from SQLite, which stays the only source of truth.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import type { ExactDecimal } from '../../../shared/money';
import { SALE_SORT_COLUMNS, type SaleSortColumn } from '../../../shared/sales-query';
import { sameStamp, type BrowseStamp } from './browse-stamp';
import { createColumns, GROWABLE, type FineAmounts, type Growable, type SaleColumns } from './column-store';
import type { TextDictionary } from './text-dictionary';
import { ALIGN, createLayout, readSideFileHeader, writeSideFile, type FileKind } from '../side-files';

/** The saved file's kind; raise the format whenever the column store changes. */
const KIND: FileKind = { magic: 'CDBROWSE', format: 1 };

const DICTIONARIES = ['commissionStatuses', 'paymentStatuses', 'currencies', 'categories', 'subids', 'times'] as const;
const ARRAYS = [...GROWABLE, 'posById'] as const;
type ArrayName = (typeof ARRAYS)[number];

/**
 * Sort orders worth saving: those that depend on the sales alone. Orders by product or collection name also depend on
 * the lookup tables, which the stamp does not cover.
 */
export const SAVED_ORDERS: readonly SaleSortColumn[] = SALE_SORT_COLUMNS.filter(
  (column) => column !== 'productName' && column !== 'collectionName',
);

const decimalSchema = z.tuple([z.string().regex(/^-?\d+$/), z.number().int().min(0)]).nullable();
/** An array's place in the data part: offset, element count, CRC-32 of its bytes. */
const placeSchema = z.tuple([z.number().int().min(0), z.number().int().min(0), z.number().int().min(0)]);
const headerSchema = z.object({
  account: z.string(),
  stamp: z.object({ cacheId: z.string(), generation: z.number(), maxId: z.number(), schema: z.number() }),
  size: z.number().int().min(0),
  dictionaries: z.record(z.enum(DICTIONARIES), z.array(z.string().nullable())),
  fine: z.array(z.tuple([z.number().int().min(0), decimalSchema, decimalSchema])),
  arrays: z.record(z.enum(ARRAYS), placeSchema),
  orders: z.partialRecord(z.enum(SALE_SORT_COLUMNS), placeSchema),
});
type Header = z.infer<typeof headerSchema>;
type Place = z.infer<typeof placeSchema>;

/** Where the saved indexes of one cache file live: beside it, named after it. */
export interface SavedIndexPlace {
  /** The cache file's path. */
  cachePath: string;
}

function prefixOf(place: SavedIndexPlace): string {
  return `${basename(place.cachePath)}.browse-`;
}

/** The saved index file of `account` (its id hashed, so any account id makes a plain file name). */
export function savedIndexPath(place: SavedIndexPlace, account: string): string {
  const hash = createHash('sha256').update(account).digest('hex').slice(0, 32);
  return join(dirname(place.cachePath), `${prefixOf(place)}${hash}`);
}

/** Deletes the saved index of `account`, or of every account when `account` is null. */
export function removeSavedIndexes(place: SavedIndexPlace, account: string | null): void {
  if (account !== null) {
    rmSync(savedIndexPath(place, account), { force: true });
    return;
  }
  const prefix = prefixOf(place);
  for (const name of readdirSync(dirname(place.cachePath)))
    if (name.startsWith(prefix)) rmSync(join(dirname(place.cachePath), name), { force: true });
}

function decimalOut(value: ExactDecimal | null): [string, number] | null {
  return value === null ? null : [value.units.toString(), value.scale];
}

function decimalIn(value: [string, number] | null): ExactDecimal | null {
  return value === null ? null : { units: BigInt(value[0]), scale: value[1] };
}

function bytesOf(array: Growable, length: number): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, length * array.BYTES_PER_ELEMENT);
}

/** The header and the byte ranges to write after it (offsets relative to the data part). */
function layout(
  account: string,
  stamp: BrowseStamp,
  columns: SaleColumns,
  orders: ReadonlyMap<SaleSortColumn, Int32Array>,
) {
  const parts = createLayout();
  const arrays = {} as Header['arrays'];
  for (const name of ARRAYS) {
    const array = columns[name];
    const length = name === 'posById' ? array.length : columns.size;
    const [offset, , crc] = parts.put(bytesOf(array, length));
    arrays[name] = [offset, length, crc];
  }
  const savedOrders: Header['orders'] = {};
  for (const column of SAVED_ORDERS) {
    const order = orders.get(column);
    if (order === undefined || order.length !== columns.size) continue;
    const [offset, , crc] = parts.put(bytesOf(order, order.length));
    savedOrders[column] = [offset, order.length, crc];
  }
  const header: Header = {
    account,
    stamp,
    size: columns.size,
    dictionaries: Object.fromEntries(
      DICTIONARIES.map((name) => [name, columns[name].values]),
    ) as Header['dictionaries'],
    fine: [...columns.fineAmounts].map(([pos, amounts]) => [
      pos,
      decimalOut(amounts.commission),
      decimalOut(amounts.transaction),
    ]),
    arrays,
    orders: savedOrders,
  };
  return { header, parts };
}

/**
 * Saves `columns` of `account` as they are at `stamp`, with the sort `orders` that can be saved: to a temporary file
 * (0600, like the cache) renamed over the old one, so a reader opens the old file or the new one, never a part.
 */
export function saveColumns(
  place: SavedIndexPlace,
  account: string,
  stamp: BrowseStamp,
  columns: SaleColumns,
  orders: ReadonlyMap<SaleSortColumn, Int32Array>,
): void {
  const { header, parts } = layout(account, stamp, columns, orders);
  writeSideFile(savedIndexPath(place, account), KIND, header, parts);
}

function readExactly(fd: number, bytes: Uint8Array, position: number): boolean {
  let done = 0;
  while (done < bytes.byteLength) {
    const n = readSync(fd, bytes, done, bytes.byteLength - done, position + done);
    if (n === 0) return false;
    done += n;
  }
  return true;
}

function readHeader(fd: number): { header: Header; dataStart: number } | null {
  const read = readSideFileHeader((bytes, position) => readExactly(fd, bytes, position), KIND);
  const parsed = read === null ? null : headerSchema.safeParse(read.header);
  return read !== null && parsed?.success === true ? { header: parsed.data, dataStart: read.dataStart } : null;
}

function dictionary(values: (string | null)[]): TextDictionary {
  const codes = new Map<string, number>();
  values.forEach((value, code) => {
    if (value !== null) codes.set(value, code);
  });
  return { values, codes };
}

/** Saved columns being read: the columns (arrays read on first use), the saved sort orders, and the open file. */
export interface SavedColumns {
  columns: SaleColumns;
  /**
   * The saved ascending order of `column`, or null when none was saved; read into `into` when it has the order's
   * length (an order no longer used), so reading orders again and again does not leave arrays for the GC.
   */
  order(column: SaleSortColumn, into?: Int32Array): Int32Array | null;
  /** True when the file holds the order of `column` and is still open to read it. */
  hasOrder(column: SaleSortColumn): boolean;
  /** Lets go of the file (reading every array not read yet first when `readRest`). */
  close(readRest?: boolean): void;
}

/** A saved array that did not read back; the columns were dropped, and the same call made again rebuilds them. */
export class SavedIndexDamagedError extends Error {
  constructor(detail: string) {
    super(`The browse index saved beside the cache could not be read (${detail}); it is rebuilt from the cache.`);
    this.name = 'SavedIndexDamagedError';
  }
}

type ArrayKind = new (buffer: ArrayBuffer, offset: number, length: number) => Growable;

/**
 * Reads one array of the data part, checked against its length and CRC, into `into` when it is an array of the same
 * kind and length (no new memory), else into a new one; throws when it does not read back.
 */
function readArray(
  fd: number,
  fileSize: number,
  dataStart: number,
  place: Place,
  kind: ArrayKind,
  bytesPer: number,
  into?: Growable,
): Growable {
  const [offset, length, crc] = place;
  const bytes = length * bytesPer;
  if (offset % ALIGN !== 0 || dataStart + offset + bytes > fileSize)
    throw new Error('an array lies beyond the end of the file');
  const array =
    into !== undefined && into.constructor === kind && into.length === length
      ? into
      : new kind(new ArrayBuffer(bytes), 0, length);
  const data = new Uint8Array(array.buffer, array.byteOffset, bytes);
  if (!readExactly(fd, data, dataStart + offset) || crc32(data) !== crc) throw new Error('an array does not read back');
  return array;
}

/**
 * Opens the saved columns of `account` when the file exists, its header reads back and it was saved at `stamp`; null
 * otherwise (then the caller rebuilds). An array that fails its check when first used calls `onDamage` and throws.
 */
export function openSavedColumns(
  place: SavedIndexPlace,
  account: string,
  stamp: BrowseStamp,
  onDamage: () => void,
): SavedColumns | null {
  let fd: number | null;
  try {
    fd = openSync(savedIndexPath(place, account), 'r');
  } catch {
    return null;
  }
  try {
    const read = readHeader(fd);
    if (read === null || read.header.account !== account || !sameStamp(read.header.stamp, stamp))
      throw new Error('stale');
    return lazyColumns(fd, fstatSync(fd).size, read.header, read.dataStart, onDamage);
  } catch {
    closeSync(fd);
    return null;
  }
}

function lazyColumns(
  file: number,
  fileSize: number,
  header: Header,
  dataStart: number,
  onDamage: () => void,
): SavedColumns {
  let fd: number | null = file;
  const columns = createColumns(0);
  const record = columns as unknown as Record<ArrayName, Growable>;
  const unread = new Set<ArrayName>(ARRAYS);
  const read = (place: Place, kind: ArrayKind, bytesPer: number, into?: Growable): Growable => {
    if (fd === null) throw new Error('the saved browse index was closed');
    try {
      return readArray(fd, fileSize, dataStart, place, kind, bytesPer, into);
    } catch (error) {
      onDamage();
      throw new SavedIndexDamagedError((error as Error).message);
    }
  };
  for (const name of ARRAYS) {
    const empty = record[name];
    const [kind, bytesPer] = [empty.constructor as ArrayKind, empty.BYTES_PER_ELEMENT];
    const expected = name === 'posById' ? header.arrays[name][1] : header.size;
    if (header.arrays[name][1] !== expected) throw new Error('an array has the wrong length');
    // Replaced by a plain property once read, so hot loops see an ordinary array field.
    const settle = (value: Growable): void => {
      Object.defineProperty(columns, name, { value, writable: true, enumerable: true, configurable: true });
      unread.delete(name);
    };
    Object.defineProperty(columns, name, {
      enumerable: true,
      configurable: true,
      get: () => {
        const value = read(header.arrays[name], kind, bytesPer);
        settle(value);
        return value;
      },
      set: settle,
    });
  }
  columns.size = header.size;
  for (const name of DICTIONARIES) columns[name] = dictionary(header.dictionaries[name] ?? [null]);
  columns.fineAmounts = new Map<number, FineAmounts>(
    header.fine.map(([pos, commission, transaction]) => [
      pos,
      { commission: decimalIn(commission), transaction: decimalIn(transaction) },
    ]),
  );
  const close = (readRest = false): void => {
    if (readRest) for (const name of [...unread]) void record[name];
    if (fd !== null) closeSync(fd);
    fd = null;
  };
  return {
    columns,
    hasOrder: (column) => header.orders[column] !== undefined && fd !== null,
    order: (column, into) => {
      const place = header.orders[column];
      return place === undefined || fd === null ? null : (read(place, Int32Array, 4, into) as Int32Array);
    },
    close,
  };
}
