/**
 * A period compared with the one before it (the previous month, quarter or year): totals per currency, and one
 * breakdown by category, sub-ID, product or collection. Amounts are exact decimal text in each currency's decimals;
 * the change is this period minus the one before; currencies are never added together.
 */
import { z } from 'zod';
import { COMPARE_UNITS } from './compare-periods';
import type { DayRange } from './dates';

export { comparedPeriods, wholePeriodOf, type CompareUnit } from './compare-periods';

export const BREAKDOWN_DIMENSIONS = ['category', 'subid', 'product', 'collection'] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

/** Which period (its unit and first day) and which breakdown. */
export const compareQuerySchema = z.strictObject({
  unit: z.enum(COMPARE_UNITS),
  /** The period's first day: the first of a month, of a quarter's first month, or of January. */
  from: z
    .string()
    .max(10)
    .regex(/^(20\d\d)-(0[1-9]|1[0-2])-01$/, 'must be the first day of a month from 2000 to 2099, written yyyy-mm-dd'),
  dimension: z.enum(BREAKDOWN_DIMENSIONS),
});
export type CompareQuery = z.infer<typeof compareQuerySchema>;

/** Sales and commission of one group in the period and in the one before. */
export interface ComparedAmounts {
  currency: string;
  sales: number;
  amount: string;
  previousSales: number;
  previousAmount: string;
  /** `amount` minus `previousAmount`, exact. */
  change: string;
}

/** One line of a breakdown: a category, sub-ID, product or collection in one currency. */
export interface BreakdownLine extends ComparedAmounts {
  /** The slug, sub-ID or category; null for sales without one. */
  key: string | null;
  label: string | null;
  /** This line's part of its currency's commission in the period, 0 to 1 (null when the currency's total is 0). */
  share: number | null;
}

/** The comparison of a period with the one before. */
export interface Comparison {
  period: DayRange;
  previous: DayRange;
  totals: ComparedAmounts[];
  lines: BreakdownLine[];
}
