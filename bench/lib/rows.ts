/**
 * What a case reports: one row per measured figure, each with the baseline measured in the same run (where one fits),
 * the ratio, the target and whether it was met. Targets are written as text in the table and checked here, so the
 * table and the exit code can never disagree.
 */

/** Units the table knows how to print. */
export type Unit = 'ms' | 's' | 'MB' | 'rows';

/** One line of the results table. `pass` is null for figures shown for information only. */
export interface Row {
  metric: string;
  value: number;
  unit: Unit;
  baseline: number | null;
  ratio: number | null;
  target: string | null;
  pass: boolean | null;
}

/** What a case returns from its child process. */
export interface CaseOutput {
  /** The case's size in words, e.g. "100,000 sales". */
  size: string;
  rows: Row[];
  /** Sentences printed under the table (what the baseline is, what a figure includes). */
  notes: string[];
  /** Peak RSS the case asks to be held to, in MB; the runner checks it against the child's own maxRSS. */
  peakRssLimitMb?: number;
}

/** A figure with no target. */
export function info(metric: string, value: number, unit: Unit, baseline: number | null = null): Row {
  return {
    metric,
    value,
    unit,
    baseline,
    ratio: baseline === null || baseline === 0 ? null : value / baseline,
    target: null,
    pass: null,
  };
}

/** A figure that must stay within `limit` times its baseline. */
export function ratioAtMost(metric: string, value: number, unit: Unit, baseline: number, limit: number): Row {
  const ratio = baseline > 0 ? value / baseline : Number.POSITIVE_INFINITY;
  return { metric, value, unit, baseline, ratio, target: `ratio <= ${limit}`, pass: ratio <= limit };
}

/** A figure that must stay at or below `limit` (same unit). */
export function atMost(metric: string, value: number, unit: Unit, limit: number, baseline: number | null = null): Row {
  return { ...info(metric, value, unit, baseline), target: `<= ${formatValue(limit, unit)}`, pass: value <= limit };
}

/** A figure that may exceed its baseline by at most `limit` (same unit); the ratio means nothing here and is left out. */
export function overBaselineAtMost(metric: string, value: number, unit: Unit, baseline: number, limit: number): Row {
  return {
    ...info(metric, value, unit, baseline),
    ratio: null,
    target: `<= baseline + ${formatValue(limit, unit)}`,
    pass: value - baseline <= limit,
  };
}

/** A check that either held or did not, e.g. "scrolled to the last row". */
export function holds(metric: string, value: number, unit: Unit, target: string, pass: boolean): Row {
  return { ...info(metric, value, unit), target, pass };
}

/** `value` in its unit, with thousands separators and a sensible number of decimals. */
export function formatValue(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = unit === 's' ? 2 : unit === 'ms' || unit === 'MB' ? (value < 10 ? 1 : 0) : 0;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return unit === 'rows' ? text : `${text} ${unit}`;
}

/** A count with thousands separators. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}
