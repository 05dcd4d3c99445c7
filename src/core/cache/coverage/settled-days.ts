/**
 * Which days a fetch can settle (D1): only days that were over when the fetch began. A day still under way
 * (today, or a later day) can get more sales after the fetch, so marking it covered would keep those sales out of
 * every later sync that relies on coverage (with the trailing window at 0, nothing else would fetch them).
 */
import { dayNumber } from '../records';

const MS_PER_DAY = 86_400_000;

/**
 * The last day (day number) a fetch that began at `fetchedAt` can settle: the day before both the user's `today` (when
 * the caller knows it) and the UTC day of the fetch, whichever is earlier, so neither calendar can see the day still
 * running.
 */
export function lastSettledDay(fetchedAt: string, today?: string): number {
  const utcDay = Math.floor(Date.parse(fetchedAt) / MS_PER_DAY);
  const userDay = today === undefined ? utcDay : dayNumber(today);
  return Math.min(utcDay, userDay) - 1;
}
