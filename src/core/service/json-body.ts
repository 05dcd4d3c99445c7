/**
 * Parses a response body as JSON without losing the digits of its numbers. `JSON.parse` turns 0.1234567890123456789
 * or 12345678901234567891 into the nearest double, which is not what the service sent. Before parsing, a plain scan
 * of the text (no recursion, so any nesting is fine) puts quotes around every number whose double would not write
 * back as the same decimal; the record parser reads such numeric text exactly. Numbers of up to 15 digits, which a
 * double always holds, are left alone, so an ordinary page is parsed as it came. The scan also bounds the reply (S13),
 * and sets aside a sale record nested beyond those bounds rather than refusing its page (R5, `record-cut.ts`).
 */
import { decimalOfNumber, parseDecimal } from '../../shared/money';
import { closingEnd, setAsideRecord, stringEnd } from './record-cut';
import { bodyTooLargeError, tooDeepError, tooManyRowsError } from './service-errors';

/** A number token of the JSON grammar; anything else is left for JSON.parse to refuse. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function isNumberChar(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 46 || code === 101 || code === 69 || code === 43 || code === 45;
}

/** True when the double of `token` does not stand for exactly the decimal `token` writes. */
function losesDigits(token: string): boolean {
  if (!JSON_NUMBER.test(token)) return false;
  const sent = parseDecimal(token);
  const held = decimalOfNumber(Number(token));
  return sent === null || held === null || sent.units !== held.units || sent.scale !== held.scale;
}

/** How deep a reply may nest (S13): a report nests 3 levels, a kept field 32 more; far below what any recursive walk survives. */
export const MAX_BODY_DEPTH = 256;
/** Most items in a list at the top of a reply (S13): rows of a page. A page asks for 100; some services send more. */
export const MAX_LIST_ITEMS = 1_000;
/** Most values (keys included) in one reply (S13): a full page has about 3,500; JSON.parse's memory follows this count. */
export const MAX_BODY_VALUES = 1_000_000;

const OPEN_OBJECT = 123;
const OPEN_ARRAY = 91;
const CLOSE_OBJECT = 125;
const CLOSE_ARRAY = 93;
const COMMA = 44;
const QUOTE = 34;
/** t, f and n start the JSON literals true, false and null. */
const LITERAL_STARTS = new Set([116, 102, 110]);

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/** Where the sale record being scanned began, and what the scan had written and counted before it. */
interface RecordStart {
  at: number;
  /** How many containers were open around the record. */
  depth: number;
  parts: number;
  last: number;
  values: number;
}

/** The scan's view of the containers it is in: a bounded stack (see {@link MAX_BODY_DEPTH}). */
interface Scan {
  /** True for a list, false for an object, one per open container. */
  lists: boolean[];
  /** Items so far of the list at each of the two top levels; a first item is counted when it starts. */
  items: number[];
  values: number;
  /** Whether the list open at the second level is the reply's `data`: its items are the sale records. */
  dataList: boolean;
  /** The sale record the scan is in, or null. */
  record: RecordStart | null;
  /** The reply is a sales page: records nested too deep are set aside. */
  records: boolean;
}

/** `data` as the key just before `at` (a list opening in the reply's top object). */
const DATA_KEY = /(?<!\\)"data"\s*:\s*$/;

/** Why a record nested too deep was set aside. */
const TOO_DEEP_RECORD = `The record is nested more than ${MAX_BODY_DEPTH} levels deep, beyond what Commission Desk reads; it was set aside and the rest of its page was stored.`;

function countValue(scan: Scan): void {
  if (++scan.values > MAX_BODY_VALUES)
    throw bodyTooLargeError(`more than ${MAX_BODY_VALUES.toLocaleString('en')} values`);
}

/** Counts an item of a top-level list: at its first character, and at each comma after one. */
function countItem(scan: Scan): void {
  const level = scan.lists.length - 1;
  if (level > 1 || scan.lists[level] !== true) return;
  scan.items[level] = (scan.items[level] ?? 0) + 1;
  if ((scan.items[level] ?? 0) > MAX_LIST_ITEMS) throw tooManyRowsError(MAX_LIST_ITEMS);
}

/**
 * Tracks a container opened or closed at `code`; a list that has just opened counts its first item when it starts.
 * Returns false when the container opened is nested deeper than {@link MAX_BODY_DEPTH}.
 */
function structure(scan: Scan, code: number, firstItem: boolean): boolean {
  if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
    if (firstItem) countItem(scan);
    countValue(scan);
    scan.lists.push(code === OPEN_ARRAY);
    if (scan.lists.length > MAX_BODY_DEPTH) return false;
    if (scan.lists.length <= 2) scan.items[scan.lists.length - 1] = 0;
  } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
    scan.lists.pop();
    if (scan.record !== null && scan.lists.length === scan.record.depth) scan.record = null;
  } else if (code === COMMA) countItem(scan);
  else if (firstItem) countItem(scan);
  return true;
}

/** Notes where a list opens, and where a sale record (a container in the reply's `data` list) begins. */
function noteStart(scan: Scan, text: string, at: number, parts: number, last: number): void {
  const depth = scan.lists.length;
  if (!scan.records) return;
  if (depth === 1 && text.charCodeAt(at) === OPEN_ARRAY)
    scan.dataList = scan.lists[0] === false && DATA_KEY.test(text.slice(Math.max(0, at - 40), at));
  else if (depth === 2 && scan.lists[1] === true && scan.dataList)
    scan.record = { at, depth, parts, last, values: scan.values };
}

/**
 * `text` with every number that a double cannot hold exactly written as a string of its digits. The same plain scan
 * (no recursion) enforces the bounds of a reply before JSON.parse sees it (S13): nesting deeper than
 * {@link MAX_BODY_DEPTH}, a top-level list longer than {@link MAX_LIST_ITEMS} or more than {@link MAX_BODY_VALUES}
 * values throw a typed error, so a hostile body costs a scan of at most the size cap and never a parse. With `records`,
 * a sale record of the reply's `data` nested too deep is set aside instead (R5): only that record is lost, not its page.
 */
export function keepNumberDigits(text: string, records = false): string {
  const parts: string[] = [];
  const scan: Scan = { lists: [], items: [], values: 0, dataList: false, record: null, records };
  let last = 0;
  let listOpened = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) continue;
    const firstItem = listOpened && code !== CLOSE_ARRAY;
    listOpened = code === OPEN_ARRAY;
    if (code === QUOTE || LITERAL_STARTS.has(code)) {
      if (firstItem) countItem(scan);
      countValue(scan);
      if (code === QUOTE) i = stringEnd(text, i + 1);
    } else if (code === 45 || (code >= 48 && code <= 57)) {
      if (firstItem) countItem(scan);
      countValue(scan);
      const end = numberEnd(text, i + 1);
      if (mayLoseDigits(text, i, end) && losesDigits(text.slice(i, end))) {
        parts.push(text.slice(last, i), `"${text.slice(i, end)}"`);
        last = end;
      }
      i = end - 1;
    } else {
      if (code === OPEN_OBJECT || code === OPEN_ARRAY) noteStart(scan, text, i, parts.length, last);
      if (structure(scan, code, firstItem)) continue;
      const record = scan.record;
      if (record === null) throw tooDeepError(MAX_BODY_DEPTH);
      // The record alone is set aside: its text gives way to a small object saying why (see `record-cut.ts`).
      const end = closingEnd(text, i + 1, scan.lists.length - record.depth);
      parts.length = record.parts;
      parts.push(text.slice(record.last, record.at), setAsideRecord(text, record.at, end, TOO_DEEP_RECORD));
      last = end;
      scan.lists.length = record.depth;
      scan.values = record.values + 1;
      scan.record = null;
      listOpened = false;
      i = end - 1;
    }
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts.join('');
}

/** Index just past the number token starting before `from`. */
function numberEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && isNumberChar(text.charCodeAt(end))) end += 1;
  return end;
}

/** False for the usual number (at most 15 characters, no exponent), which a double always writes back as sent. */
function mayLoseDigits(text: string, start: number, end: number): boolean {
  if (end - start > 15) return true;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 101 || code === 69) return true;
  }
  return false;
}

/**
 * Parses `text`; throws SyntaxError when it is not JSON, and a typed ServiceError when it is beyond the bounds (S13).
 * With `records` (a sales page), a record of its `data` nested too deep is set aside instead (R5).
 */
export function parseJsonBody(text: string, records = false): unknown {
  // What does not open an object or a list (an HTML page, an empty reply) is left for JSON.parse to refuse at once.
  const start = text.trimStart().charCodeAt(0);
  if (start !== OPEN_OBJECT && start !== OPEN_ARRAY) return JSON.parse(text) as unknown;
  return JSON.parse(keepNumberDigits(text, records)) as unknown;
}
