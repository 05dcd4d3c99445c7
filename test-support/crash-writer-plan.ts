/**
 * The deterministic sync the crash test's child process performs (D1): consecutive 10-day windows, each
 * stored as pages of sales and marked covered once all its pages are in. Parent and child both derive it from here,
 * so the parent knows exactly which sales each printed page held. Not used by the app.
 */
import { addDays } from '../src/shared/dates';
import type { Sale } from '../src/shared/domain';
import { pages, sampleSales } from './cache-kit';

/** The account the child writes to. */
export const CRASH_ACCOUNT = 'crash-test';
const END_DAY = '2026-06-30';
const DAYS = 600;
const WINDOW_DAYS = 10;
const PAGE_SIZE = 250;

/** A window of days and the pages of its sales. */
export interface PlannedWindow {
  from: string;
  to: string;
  pages: Sale[][];
}

/** 60 windows of 10 days, about 80,000 sales in pages of 250. */
export function crashPlan(): PlannedWindow[] {
  const sales = sampleSales({ seed: 17, count: 80_000, endDay: END_DAY, days: DAYS });
  const first = addDays(END_DAY, -(DAYS - 1));
  return Array.from({ length: DAYS / WINDOW_DAYS }, (_, w) => {
    const from = addDays(first, w * WINDOW_DAYS);
    const to = addDays(from, WINDOW_DAYS - 1);
    return {
      from,
      to,
      pages: pages(
        sales.filter((s) => s.transactionDate >= from && s.transactionDate <= to),
        PAGE_SIZE,
      ),
    };
  });
}
