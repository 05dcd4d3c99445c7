/**
 * Groups the days the routine sync must fetch again (T2) into as few requests as it can: neighbouring days
 * share a window when one walk of both costs no more pages than a walk of each, judged by the sales the cache holds
 * per day (a window's walk also reaches one day past its end, see `window-walk.ts`).
 */
import type { DayRange } from '../../shared/dates';
import { dayNumber, isoDay } from '../cache';

/** How the estimate is made. */
export interface DayWindowOptions {
  /** Rows per page. */
  pageLimit: number;
  /** Longest window, in days. */
  maxDays: number;
}

function pagesOf(counts: ReadonlyMap<string, number>, from: number, to: number, limit: number): number {
  let rows = 0;
  for (let day = from; day <= to + 1; day++) rows += counts.get(isoDay(day)) ?? 0;
  return Math.max(1, Math.ceil(rows / limit));
}

/** Windows covering every day of `days` (and, where it costs nothing, the days between), oldest first. */
export function planDayWindows(
  days: readonly string[],
  salesPerDay: ReadonlyMap<string, number>,
  options: DayWindowOptions,
): DayRange[] {
  const sorted = [...new Set(days)].map(dayNumber).sort((a, b) => a - b);
  const windows: { from: number; to: number }[] = [];
  for (const day of sorted) {
    const last = windows.at(-1);
    const together =
      last !== undefined &&
      day - last.from < options.maxDays &&
      pagesOf(salesPerDay, last.from, day, options.pageLimit) <=
        pagesOf(salesPerDay, last.from, last.to, options.pageLimit) + pagesOf(salesPerDay, day, day, options.pageLimit);
    if (last !== undefined && together) last.to = day;
    else windows.push({ from: day, to: day });
  }
  return windows.map((w) => ({ from: isoDay(w.from), to: isoDay(w.to) }));
}
