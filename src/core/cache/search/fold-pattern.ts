/**
 * The SQL form of a folded search term, for queries that run in SQLite alone (exports read the cache through their
 * own connections, with no JavaScript function registered). SQLite folds only ASCII letters (`lower`), so a text that
 * is plain ASCII is matched with `instr(lower(text), term)`; any other text with a GLOB pattern in which each character
 * of the term is the class of every character that folds to it (`e` → `[eEÈÉÊË…]`), which matches exactly where the
 * folded text contains the term. Both give the same answer as {@link foldText} and `includes`.
 */
import { foldChar, LAST_FOLDED_CHAR } from './search-text';

let preimages: Map<string, string[]> | null = null;

/** For each folded character, the other characters that fold to it (the first call reads the whole table, ~50 ms). */
function foldPreimages(): Map<string, string[]> {
  if (preimages !== null) return preimages;
  const map = new Map<string, string[]>();
  for (let code = 0; code <= LAST_FOLDED_CHAR; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCharCode(code);
    const folded = foldChar(char);
    if (folded === char) continue;
    const list = map.get(folded);
    if (list) list.push(char);
    else map.set(folded, [char]);
  }
  preimages = map;
  return map;
}

/**
 * A GLOB pattern that matches a text exactly when its folded form contains `term` (a folded word: letters, digits,
 * `-`, `_`, none of GLOB's special characters `*`, `?`, `[`, `]`).
 */
export function foldedGlob(term: string): string {
  const table = foldPreimages();
  let pattern = '*';
  for (const char of term) {
    const others = table.get(char);
    pattern += others === undefined ? char : `[${char}${others.join('')}]`;
  }
  return `${pattern}*`;
}

/** The SQL condition "`column`, folded, contains the term", with its two parameters: the term's GLOB and the term. */
export function foldedContains(column: string): string {
  return `(CASE WHEN coalesce(${column}, '') GLOB '*[^ -~]*' THEN ${column} GLOB ? ELSE instr(lower(${column}), ?) > 0 END)`;
}
