/**
 * The two rules that keep text from the service harmless in a spreadsheet (TESTPLAN E1, E2). Text that begins with a
 * formula trigger must never be read as a formula: xlsx cells stay typed strings, and CSV fields are quoted and
 * prefixed with an apostrophe, because spreadsheet apps interpret CSV text as they import it. Only `https:` URLs may
 * become links; anything else stays plain text, so a `javascript:`, `file:` or `smb:` value can never be clicked.
 */

/** Characters that make a spreadsheet treat a cell as a formula (or a DDE command) when they start it. */
const FORMULA_TRIGGER = /^[=+\-@\t\r\n]/;

/** Characters that force a CSV field into quotes under RFC 4180. */
const CSV_SPECIAL = /[",\r\n]/;

/** True when a spreadsheet could read `text` as a formula if it were typed or imported as it is. */
export function looksLikeFormula(text: string): boolean {
  return FORMULA_TRIGGER.test(text);
}

/** Quotes a CSV field per RFC 4180: wrapped in double quotes, inner quotes doubled. */
function quoted(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A text value as a CSV field: neutralised when it could start a formula (prefixed with `'` and always quoted),
 * otherwise quoted only when it holds a quote, comma or line break.
 */
export function csvTextField(text: string): string {
  if (looksLikeFormula(text)) return quoted(`'${text}`);
  return CSV_SPECIAL.test(text) ? quoted(text) : text;
}

/**
 * The URL to link to when `text` is an absolute `https:` URL with a host and no user name or password in it, else
 * null. The parsed form is returned, so the link shown is the link followed.
 */
export function httpsLinkTarget(text: string | null): string | null {
  if (text === null || !URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href;
}
