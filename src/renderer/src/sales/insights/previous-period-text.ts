/**
 * The words beside a currency's total for the same period before: "+12.4% vs previous month". Only ever within one
 * currency; nothing when the period before has no commission to measure against.
 */
import type { CompareUnit } from '../../../../shared/compare';

/** How a total moved against the period before. */
export interface PeriodChange {
  /** "+12.4% vs previous month", "No change vs previous quarter". */
  text: string;
  /** The percentage alone ("+12.4%", "No change"), for a narrow place. */
  short: string;
  direction: 'up' | 'down' | 'same';
}

/**
 * The change of `now` against `before` (exact decimal texts of one currency) as a percentage of `before`, to one
 * decimal; null when `before` is missing or zero.
 */
export function periodChange(
  now: string,
  before: string | null,
  unit: CompareUnit,
  locale?: string,
): PeriodChange | null {
  const base = before === null ? 0 : Number(before);
  if (!Number.isFinite(base) || base === 0) return null;
  const ratio = (Number(now) - base) / Math.abs(base);
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const shown = percent.format(ratio);
  // A change too small to show at one decimal reads as no change, whatever its sign.
  const rounded = Math.round(ratio * 1000);
  const direction = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'same';
  const words = direction === 'same' ? 'No change' : shown;
  return { text: `${words} vs previous ${unit}`, short: words, direction };
}
