/**
 * The two rules that keep text from the service harmless in a spreadsheet (E1, E2, S9). Text that could start a
 * formula must never be read as one: xlsx cells stay typed strings, and CSV text is neutralised with an apostrophe,
 * because spreadsheet apps interpret CSV text as they import it. A CSV line is not always split where it was written:
 * a spreadsheet in a locale whose list separator is `;`, or a user who picks tab, starts a cell after any `;` or tab
 * inside a field, and a misread quote can turn a line break inside a field into a new row. So every place where a
 * cell could start is checked, not only a field's first character. Only `https:` URLs may become links; anything
 * else stays plain text, so a `javascript:`, `file:` or `smb:` value can never be clicked.
 */

/**
 * A field start that could be read as a formula (or a DDE command): `= + - @`, tab or a line break, behind any
 * spaces or double quotes an importer may drop (LibreOffice trims spaces on request; a `""` may be read as an empty
 * quoted text followed by the rest).
 */
const FORMULA_AT_START = /^[ "]*[=+\-@\t\r\n]/;

/**
 * A character after which an importer may start a new cell (a comma, semicolon or tab separator, or a line break),
 * followed by a formula trigger behind any spaces or double quotes. The separator or break is a cell start of its
 * own, so only `= + - @` count as triggers after it.
 */
const FORMULA_AFTER_BREAK = /([,;\t\r\n])(?=[ "]*[=+\-@])/g;

/** Characters that force a CSV field into quotes under RFC 4180. */
const CSV_SPECIAL = /[",\r\n]/;

/**
 * `text` with an apostrophe at every place where a spreadsheet splitting it on comma, semicolon or tab could start a
 * formula cell: at its start and right after each such separator or line break. Text with no such place is returned
 * as it is.
 */
export function neutralisedText(text: string): string {
  const inner = text.replace(FORMULA_AFTER_BREAK, "$1'");
  return FORMULA_AT_START.test(inner) ? `'${inner}` : inner;
}

/** Quotes a CSV field per RFC 4180: wrapped in double quotes, inner quotes doubled. */
function quoted(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A text value as a CSV field: neutralised and always quoted when some cell of it could start a formula (see
 * `neutralisedText`), otherwise quoted only when it holds a quote, comma or line break.
 */
export function csvTextField(text: string): string {
  const safe = neutralisedText(text);
  if (safe !== text) return quoted(safe);
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
