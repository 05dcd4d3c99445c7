/**
 * Turns what the user typed into search terms: its words (letters, digits, private-use characters, `-` and `_`),
 * folded. A sale matches when every term appears anywhere inside its reference, sub-ID, product name or collection
 * name, folded the same way: "1234" finds S-0001234-AB, "review" finds yt_review_2025 and "cafe" finds Café.
 *
 * Folding works one character at a time: a character is replaced by its letter without accents, in lower case ("É" → "e",
 * "Σ" → "σ"), when that gives exactly one character; otherwise (combining marks alone, characters outside the Basic
 * Multilingual Plane) it is kept as it is.
 */

const TOKEN = /[\p{L}\p{N}\p{Co}_-]+/gu;
const MARKS = /\p{M}/gu;
/** Any character beyond ASCII: texts without one fold by lower case alone. */
const BEYOND_ASCII = /[^\p{ASCII}]/u;
/** Characters above this are kept as they are (the table of folded characters stays bounded). */
export const LAST_FOLDED_CHAR = 0xffff;

const folded = new Map<string, string>();

/** One character (code point), folded. */
export function foldChar(char: string): string {
  const known = folded.get(char);
  if (known !== undefined) return known;
  let out = char;
  if ((char.codePointAt(0) ?? 0) <= LAST_FOLDED_CHAR) {
    const plain = char.normalize('NFD').replace(MARKS, '').toLowerCase().normalize('NFC');
    if (plain.length === 1) out = plain;
  }
  folded.set(char, out);
  return out;
}

/** Runs of ASCII capitals, and single characters beyond ASCII: the only characters folding changes. */
const FOLDABLE = /[A-Z]+|[^\p{ASCII}]/gu;

/**
 * A text folded character by character (plain ASCII only needs lower case). Only capitals and characters beyond
 * ASCII are touched, so a long text of many sales (see `sale-texts.ts`) folds in one pass.
 */
export function foldText(text: string): string {
  if (!BEYOND_ASCII.test(text)) return text.toLowerCase();
  return text.replace(FOLDABLE, (match) =>
    (match.codePointAt(0) ?? 0) < 0x80 ? match.toLowerCase() : foldChar(match),
  );
}

/** The words of `text`, at most 16 (more only slows the query without narrowing it). */
export function searchWords(text: string): string[] {
  return (text.match(TOKEN) ?? []).slice(0, 16);
}

/**
 * The folded words of `text`, each once, or null when it holds no searchable word (then it does not filter). A sale
 * matches when every term is inside one of its searchable texts.
 */
export function searchTerms(text: string | undefined): string[] | null {
  if (text === undefined) return null;
  const words = searchWords(text);
  if (words.length === 0) return null;
  return [...new Set(words.map(foldText))];
}
