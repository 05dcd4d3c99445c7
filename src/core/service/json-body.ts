/**
 * Parses a response body as JSON without losing the digits of its numbers. `JSON.parse` turns 0.1234567890123456789
 * or 12345678901234567891 into the nearest double, which is not what the service sent. Before parsing, a plain scan
 * of the text (no recursion, so any nesting is fine) puts quotes around every number whose double would not write
 * back as the same decimal; the record parser reads such numeric text exactly. Numbers of up to 15 digits, which a
 * double always holds, are left alone, so an ordinary page is parsed as it came. The scan also bounds the reply (S13).
 */
import { decimalOfNumber, parseDecimal } from '../../shared/money';
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

/** The scan's view of the containers it is in: a bounded stack (see {@link MAX_BODY_DEPTH}). */
interface Scan {
  /** True for a list, false for an object, one per open container. */
  lists: boolean[];
  /** Items so far of the list at each of the two top levels; a first item is counted when it starts. */
  items: number[];
  values: number;
}

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

/** Tracks a container opened or closed at `code`; a list that has just opened counts its first item when it starts. */
function structure(scan: Scan, code: number, firstItem: boolean): void {
  if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
    if (firstItem) countItem(scan);
    countValue(scan);
    scan.lists.push(code === OPEN_ARRAY);
    if (scan.lists.length > MAX_BODY_DEPTH) throw tooDeepError(MAX_BODY_DEPTH);
    if (scan.lists.length <= 2) scan.items[scan.lists.length - 1] = 0;
  } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) scan.lists.pop();
  else if (code === COMMA) countItem(scan);
  else if (firstItem) countItem(scan);
}

/**
 * `text` with every number that a double cannot hold exactly written as a string of its digits. The same plain scan
 * (no recursion) enforces the bounds of a reply before JSON.parse sees it (S13): nesting deeper than
 * {@link MAX_BODY_DEPTH}, a top-level list longer than {@link MAX_LIST_ITEMS} or more than {@link MAX_BODY_VALUES}
 * values throw a typed error, so a hostile body costs a scan of at most the size cap and never a parse.
 */
export function keepNumberDigits(text: string): string {
  const parts: string[] = [];
  const scan: Scan = { lists: [], items: [], values: 0 };
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
    } else structure(scan, code, firstItem);
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts.join('');
}

/**
 * Index of the quote that closes the string whose text starts at `from` (the text's length when none does; JSON.parse
 * then refuses the body). Found with indexOf, so the strings that make up most of a page cost no per-character loop.
 */
function stringEnd(text: string, from: number): number {
  for (let at = from; ;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && text.charCodeAt(quote - backslashes - 1) === 92) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
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

/** Parses `text`; throws SyntaxError when it is not JSON, and a typed ServiceError when it is beyond the bounds (S13). */
export function parseJsonBody(text: string): unknown {
  // What does not open an object or a list (an HTML page, an empty reply) is left for JSON.parse to refuse at once.
  const start = text.trimStart().charCodeAt(0);
  if (start !== OPEN_OBJECT && start !== OPEN_ARRAY) return JSON.parse(text) as unknown;
  return JSON.parse(keepNumberDigits(text)) as unknown;
}
