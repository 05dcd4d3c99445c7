/**
 * Turns what the user typed into FTS5 terms: every word must be the start of a word of the sale's reference, product
 * name, collection name or subid. Words are split here the way the index's tokenizer splits them (letters, digits,
 * private-use characters, `-` and `_`), and each is quoted, so nothing typed can inject FTS5 syntax.
 */

const TOKEN = /[\p{L}\p{N}\p{Co}_-]+/gu;

/** The words of `text`, at most 16 (more only slows the query without narrowing it). */
export function searchWords(text: string): string[] {
  return (text.match(TOKEN) ?? []).slice(0, 16);
}

/**
 * One FTS5 prefix term per word of `text` (`"word"*`), or null when it holds no searchable word (then it does not
 * filter). A sale matches when every term matches its entry, its product's name or its collection's name.
 */
export function searchTerms(text: string | undefined): string[] | null {
  if (text === undefined) return null;
  const words = searchWords(text);
  if (words.length === 0) return null;
  return words.map((w) => `"${w.replace(/"/g, '""')}"*`);
}
