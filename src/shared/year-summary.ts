/** The fiscal year summary (B5) as the app, the IPC contract and the command share it. */
import type { RateRule } from './rate-rule';
import { z } from 'zod';

/** One month (or, with `month` "total", the whole year) of one currency. Amounts in the currency's decimals. */
export interface YearRow {
  currency: string;
  /** The calendar month the fiscal month starts in ("2026-04"), or "total" for the whole year. */
  month: string;
  from: string;
  to: string;
  cash: string;
  accrual: string;
  /** accrual − cash. */
  difference: string;
}

/** A fiscal year, named by the year it starts in (absent: the one holding today); the start is the preferred one. */
export const yearQuerySchema = z.strictObject({ year: z.number().int().min(2000).max(2100).optional() });
export type YearQuery = z.infer<typeof yearQuerySchema>;

/** A fiscal year's summary: its days, its start and its rows (twelve months then a total per currency). */
export interface YearSummary {
  year: number;
  from: string;
  to: string;
  startMonth: number;
  startDay: number;
  /** The fiscal year holding today. */
  currentYear: number;
  rows: YearRow[];
}

/**
 * A year summary row in the home currency (L2), approximate: cash converted as money received, accrual as commission
 * earned, at the rates the rule gives them, rounded half away from zero once per sale; null amounts with the reason
 * when the currency could not be converted.
 */
export interface HomeYearRow {
  currency: string;
  home: string;
  month: string;
  cash: string | null;
  accrual: string | null;
  difference: string | null;
  unconverted: string | null;
}

/** The fiscal year in the home currency, or what is missing for it. */
export type HomeYear =
  | { kind: 'converted'; home: string; rule: RateRule; rows: HomeYearRow[] }
  | { kind: 'no home currency' }
  | { kind: 'no rates' };
