/**
 * Resuming a re-check (T4). A re-check fetches every day of a period again; cancelled (or cut short by a quit, a
 * network loss) it must be resumable without starting over. The cache knows, per range, when its days were last
 * fetched ("data as of", the oldest fetch among them), so the months fetched since the re-check began are done and
 * the resumed run fetches only the span of the months that are not.
 */
import { z } from 'zod/mini';
import { addDays, type DayRange } from '../../../shared/dates';

/** A re-check the person started and that has not finished yet. */
export const pendingRecheckSchema = z.object({
  /** The period being re-checked. */
  from: z.string().check(z.maxLength(10)),
  to: z.string().check(z.maxLength(10)),
  /** When it began (ISO): days fetched after this are done. */
  startedAt: z.string().check(z.maxLength(40)),
  /** True while its run (the first or a resumed one) is going; false once it stopped before the end. */
  running: z.boolean(),
  /** "All history" rather than one period, for the words shown. */
  all: z.boolean(),
});
export type PendingRecheck = z.infer<typeof pendingRecheckSchema>;

/** The pending re-check as local storage keeps it: one, or none. */
export const storedPendingRecheck = z.nullable(pendingRecheckSchema);

/** The months of `range`, each clipped to it, oldest first. */
export function monthSpans(range: DayRange): DayRange[] {
  const spans: DayRange[] = [];
  let from = range.from;
  while (from <= range.to && spans.length < 1200) {
    const nextMonth = addDays(`${from.slice(0, 7)}-01`, 32).slice(0, 7);
    const end = addDays(`${nextMonth}-01`, -1);
    const to = end < range.to ? end : range.to;
    spans.push({ from, to });
    from = addDays(to, 1);
  }
  return spans;
}

/**
 * What is left of a re-check begun at `startedAt`: the span from the first to the last month not fetched since (the
 * oldest fetch of each month in `fetchedAt`, null for a month with nothing cached, which needs no re-check), or null
 * when every month is done.
 */
export function remainingSpan(
  months: readonly DayRange[],
  fetchedAt: readonly (string | null)[],
  startedAt: string,
): DayRange | null {
  const began = Date.parse(startedAt);
  const left = months.filter((_, i) => {
    const at = fetchedAt[i] ?? null;
    return at !== null && Date.parse(at) < began;
  });
  const first = left[0];
  const last = left.at(-1);
  return first && last ? { from: first.from, to: last.to } : null;
}
