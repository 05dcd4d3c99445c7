/**
 * One sale record of a reply cut out of its text before parsing (R5): a record nested deeper than any reply may be
 * would make the whole page unreadable, and so its month, on every sync. The body scan hands its place here; the record
 * becomes a small object that keeps only its reference and transaction date and says why it was set aside, which the
 * record parser turns into an unstored record of its day, and the rest of the page is read as usual.
 */
import { SET_ASIDE_KEY } from '../../shared/wire-schemas';

const QUOTE = 34;
const COLON = 58;
const COMMA = 44;

/**
 * Index of the quote that closes the string whose text starts at `from` (the text's length when none does; JSON.parse
 * then refuses the body). Found with indexOf, so the strings that make up most of a page cost no per-character loop.
 */
export function stringEnd(text: string, from: number): number {
  for (let at = from; ;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && text.charCodeAt(quote - backslashes - 1) === 92) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** Index just past the containers still open at `from`: `open` of them, closed in turn (the text's length if never). */
export function closingEnd(text: string, from: number, open: number): number {
  let depth = open;
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) i = stringEnd(text, i + 1);
    else if (code === 123 || code === 91) depth += 1;
    else if ((code === 125 || code === 93) && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Keys of a cut record worth keeping: enough to name the sale and its day. */
const KEPT = new Set(['reference', 'transaction_date', 'transaction_dete']);

/** The record's own fields named in {@link KEPT} whose values are plain text or a number, as JSON strings. */
function keptFields(text: string, start: number, end: number): string[] {
  const kept: string[] = [];
  let depth = 0;
  let key: string | null = null;
  let expectKey = false;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const close = stringEnd(text, i + 1);
      const token = text.slice(i, close + 1);
      if (depth === 1 && expectKey) key = JSON.parse(token) as string;
      else if (depth === 1 && key !== null && KEPT.has(key)) kept.push(`${JSON.stringify(key)}:${token}`);
      i = close;
    } else if (code === 123 || code === 91) depth += 1;
    else if (code === 125 || code === 93) depth -= 1;
    else if (depth === 1 && code === COMMA) expectKey = true;
    else if (depth === 1 && code === COLON) expectKey = false;
    else if (depth === 1 && (code === 45 || (code >= 48 && code <= 57)) && key !== null && KEPT.has(key)) {
      let stop = i;
      while (stop < end && /[\d.eE+-]/.test(text[stop] ?? '')) stop += 1;
      kept.push(`${JSON.stringify(key)}:${JSON.stringify(text.slice(i, stop))}`);
      key = null;
      i = stop - 1;
    }
    if (depth === 1 && code === 123) expectKey = true;
  }
  return kept;
}

/** The object that stands for the record at `start`..`end` of `text`, set aside for `reason`. */
export function setAsideRecord(text: string, start: number, end: number, reason: string): string {
  const kept = text.charCodeAt(start) === 123 ? keptFields(text, start, end) : [];
  return `{${[`${JSON.stringify(SET_ASIDE_KEY)}:${JSON.stringify(reason)}`, ...kept].join(',')}}`;
}
