/**
 * Small integer codes for repeated texts (currencies, categories, subids, fetch times), so the in-memory browse index
 * stores a million sales in typed arrays and compares codes instead of strings. Code 0 is always "absent" (null).
 */

/** Values by code, and codes by value. */
export interface TextDictionary {
  values: (string | null)[];
  codes: Map<string, number>;
}

/** A dictionary holding only the null code. */
export function createDictionary(): TextDictionary {
  return { values: [null], codes: new Map() };
}

/** The code of `value`, adding it when new. */
export function encode(dictionary: TextDictionary, value: string | null): number {
  if (value === null) return 0;
  let code = dictionary.codes.get(value);
  if (code === undefined) {
    code = dictionary.values.length;
    dictionary.values.push(value);
    dictionary.codes.set(value, code);
  }
  return code;
}

/**
 * A table over codes, 1 where the code's value is in `wanted` (null included when wanted holds null). Filters test
 * membership with one array read per sale.
 */
export function membership(dictionary: TextDictionary, wanted: readonly (string | null)[]): Uint8Array {
  const table = new Uint8Array(dictionary.values.length);
  for (const value of wanted) {
    const code = value === null ? 0 : dictionary.codes.get(value);
    if (code !== undefined) table[code] = 1;
  }
  return table;
}

/** Orders texts by code unit with null (absent) first: the one order of the screen's and the files' listed values. */
export function compareTexts(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}
