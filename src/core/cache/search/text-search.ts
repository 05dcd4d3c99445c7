/**
 * Runs one search term (a folded word from `searchTerms`) against the searchable texts of the sales: their reference
 * and sub-ID, and the names of their product and collection. The references are read from memory (`sale-texts.ts`),
 * the sub-IDs among the browse index's distinct values and the names from their small lookup tables.
 */
import type Database from 'better-sqlite3';
import { salesContaining } from './sale-texts';
import { foldText } from './search-text';

/** What one term matched by name: product ids and collection ids (the references it matched go to a callback). */
export interface TermHits {
  products: number[];
  collections: number[];
}

/** Each list of distinct values folded, by the list: a dictionary only grows, so its folded copy is extended. */
const foldedLists = new WeakMap<readonly (string | null)[], string[]>();

/**
 * The indexes of the values of `values` (a browse-index dictionary of texts such as sub-IDs, code 0 being null) whose
 * folded text contains `term`. Sub-IDs repeat across sales, so a search looks at each distinct one once instead of at
 * every sale's copy.
 */
export function valuesContaining(values: readonly (string | null)[], term: string): number[] {
  let folded = foldedLists.get(values);
  if (folded === undefined || folded.length > values.length) folded = [];
  for (let code = folded.length; code < values.length; code++) folded.push(foldText(values[code] ?? ''));
  foldedLists.set(values, folded);
  const codes: number[] = [];
  folded.forEach((text, code) => {
    if (values[code] !== null && text.includes(term)) codes.push(code);
  });
  return codes;
}

function namesContaining(db: Database.Database, table: 'products' | 'collections', term: string): number[] {
  const rows = db.prepare<[], [number, string]>(`SELECT id, name FROM ${table} WHERE name IS NOT NULL`).raw().all();
  return rows.filter(([, name]) => foldText(name).includes(term)).map(([id]) => id);
}

/**
 * The hits of `term` among the sales' references and the product and collection names: `onSale` gets the row id of
 * each sale (any account) whose reference holds it, in ascending order. Sub-IDs are matched by the caller among the
 * distinct values it holds ({@link valuesContaining}).
 */
export function searchTerm(db: Database.Database, term: string, onSale: (id: number) => void): TermHits {
  salesContaining(db, term, onSale);
  return { products: namesContaining(db, 'products', term), collections: namesContaining(db, 'collections', term) };
}
