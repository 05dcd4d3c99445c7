/**
 * Turns "make the cache cover [from, to]" into the date windows to fetch: every day of the range
 * that is not yet covered, plus the trailing window (the last N days up to today) which is always
 * fetched again because statuses change after a sale. Windows are cut to a fixed number of days
 * so each is a short, independent walk through the report that can run in parallel and be marked
 * covered on its own.
 */
import { addDays, type DayRange } from '../../shared/dates';

/** What the planner needs. */
export interface PlanInput {
  from: string;
  to: string;
  today: string;
  /** Ranges of [from, to] the cache does not cover yet. */
  missing: readonly DayRange[];
  /** Days before today always fetched again (0 = none). */
  trailingDays: number;
  /** Largest window, in days. */
  windowDays: number;
}

function clip(window: DayRange, bounds: DayRange): DayRange | null {
  const from = window.from > bounds.from ? window.from : bounds.from;
  const to = window.to < bounds.to ? window.to : bounds.to;
  return from <= to ? { from, to } : null;
}

/** Merges overlapping or touching windows into a sorted, disjoint list. */
export function mergeWindows(windows: readonly DayRange[]): DayRange[] {
  const sorted = [...windows].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const merged: DayRange[] = [];
  for (const w of sorted) {
    const last = merged[merged.length - 1];
    if (last && w.from <= addDays(last.to, 1)) {
      if (w.to > last.to) last.to = w.to;
    } else {
      merged.push({ ...w });
    }
  }
  return merged;
}

/** Cuts a window into pieces of at most `days` days, oldest first. */
export function splitWindow(window: DayRange, days: number): DayRange[] {
  const pieces: DayRange[] = [];
  for (let from = window.from; from <= window.to; from = addDays(from, days)) {
    const end = addDays(from, days - 1);
    pieces.push({ from, to: end < window.to ? end : window.to });
  }
  return pieces;
}

/** The windows to fetch, newest first so recent data appears soonest. */
export function planSyncWindows(input: PlanInput): DayRange[] {
  const bounds = { from: input.from, to: input.to };
  const wanted = [...input.missing];
  if (input.trailingDays > 0) {
    const trailing = clip({ from: addDays(input.today, -input.trailingDays), to: input.today }, bounds);
    if (trailing) wanted.push(trailing);
  }
  const clipped = wanted.flatMap((w) => {
    const c = clip(w, bounds);
    return c ? [c] : [];
  });
  return mergeWindows(clipped)
    .flatMap((w) => splitWindow(w, input.windowDays))
    .reverse();
}
