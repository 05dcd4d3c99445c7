/**
 * The criteria of the Summary's COUNTIFS/SUMIFS formulas. Spreadsheets compare criteria without regard to case, read
 * `*`, `?` and `~` as patterns and a leading `<`, `>` or `=` as a comparison, and may read a word as a number, date
 * or boolean. A status the spec does not list can be any text (`Approved` next to `approved`, `on*hold`), so a
 * status is put in a criterion only when it is a plain word and no other status of the currency differs from it in
 * case alone; otherwise the currency's totals are written as values the app computed (and the sheet says why).
 */

/** A criterion of a COUNTIFS/SUMIFS: the criteria range's column and the criterion text (a formula expression). */
export type Criterion = [column: string, expression: string];

/** Most criteria pairs in one formula (Excel allows 127). */
const MAX_CRITERIA = 100;

/** A text criterion: the value in quotes, quotes doubled. */
export function textCriterion(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

/** Criteria selecting the days of `month` (`yyyy-mm`), or blank cells for '' (sales without a date on the basis). */
export function monthCriteria(column: string, month: string): Criterion[] {
  if (month === '') return [[column, '""']];
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? [year + 1, 1] : [year, number + 1];
  return [
    [column, `">="&DATE(${year},${number},1)`],
    [column, `"<"&DATE(${next[0]},${next[1]},1)`],
  ];
}

/** A value a criterion matches literally: a word of letters, digits and underscores, starting with a letter, not a boolean. */
export function isPlainWord(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(value) && !/^(true|false)$/i.test(value);
}

/** True when criteria can tell every one of `values` apart: plain words, none equal to another but for case. */
export function criteriaSeparate(values: Iterable<string>): boolean {
  const seen = new Set<string>();
  for (const value of values) {
    if (!isPlainWord(value) || seen.has(value.toLowerCase())) return false;
    seen.add(value.toLowerCase());
  }
  return seen.size <= MAX_CRITERIA;
}

/** Criteria selecting approved + pending among `statuses`: every other status present is excluded. */
export function earnableCriteria(column: string, statuses: readonly string[]): Criterion[] {
  const others = statuses.filter((s) => s !== 'approved' && s !== 'pending' && s !== 'declined');
  return [[column, '"<>declined"'], ...others.map((s): Criterion => [column, textCriterion(`<>${s}`)])];
}

/** Criteria selecting every status but the spec's three. */
export function otherCriteria(column: string): Criterion[] {
  return ['approved', 'pending', 'declined'].map((s): Criterion => [column, textCriterion(`<>${s}`)]);
}
