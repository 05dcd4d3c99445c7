/**
 * Final sales re-confirmed in rotation (R3): declined and paid sales are not among the open sales the routine sync
 * re-checks, yet the service may still decline a paid sale or restate its amount. So each routine sync also fetches
 * in full the cached days confirmed longest ago, within a request budget chosen so that the whole cached history
 * before the trailing window is fetched again within `rotationDays` routine syncs (one a day: that many days).
 *
 * The history is cut into pieces of at most one page each (by the sales the cache holds per day; a busier day is a
 * piece of its own); the budget is their pages divided by `rotationDays`; the pieces confirmed longest ago are taken
 * first, and neighbours taken together are fetched as one window.
 */
import { addDays, type DayRange } from '../../shared/dates';
import type { CoveredWindow } from '../cache';
import { dayNumber, isoDay } from '../cache';
import { mergeWindows } from './sync-plan';
import { PAGE_LIMIT } from './window-walk';
import type { SyncDeps } from './sync-types';

/** Default days within which every cached day is fetched again by routine syncs. */
export const DEFAULT_ROTATION_DAYS = 30;

/** A run of days costing about one page, and when its oldest day was last fetched in full. */
interface Piece {
  from: number;
  to: number;
  pages: number;
  fetchedAt: string;
}

/** What the rotation fetches this time. */
export interface RotationPlan {
  windows: DayRange[];
  /** Pages this sync may spend on the rotation. */
  budget: number;
}

/** Day number → when it was last fetched in full, for the covered days before `before`. */
function fetchTimes(windows: readonly CoveredWindow[], before: number): Map<number, string> {
  const times = new Map<number, string>();
  for (const w of windows) {
    for (let day = dayNumber(w.from); day <= Math.min(dayNumber(w.to), before - 1); day++) times.set(day, w.fetchedAt);
  }
  return times;
}

/** Cuts the covered days into pieces of at most one page (a day with more sales is a piece of its own). */
function piecesOf(times: ReadonlyMap<number, string>, counts: ReadonlyMap<number, number>): Piece[] {
  const pieces: Piece[] = [];
  let rows = 0;
  for (const day of [...times.keys()].sort((a, b) => a - b)) {
    const fetchedAt = times.get(day) as string;
    const own = counts.get(day) ?? 0;
    const last = pieces.at(-1);
    if (last !== undefined && last.to === day - 1 && rows + own <= PAGE_LIMIT) {
      last.to = day;
      rows += own;
      if (fetchedAt < last.fetchedAt) last.fetchedAt = fetchedAt;
    } else {
      rows = own;
      pieces.push({ from: day, to: day, pages: Math.max(1, Math.ceil(own / PAGE_LIMIT)), fetchedAt });
    }
  }
  return pieces;
}

/** Pieces taken together: touching ones share a window, of at most `maxDays` days. */
function windowsOf(pieces: readonly Piece[], maxDays: number): DayRange[] {
  const windows: { from: number; to: number }[] = [];
  for (const piece of [...pieces].sort((a, b) => a.from - b.from)) {
    const last = windows.at(-1);
    if (last !== undefined && last.to + 1 === piece.from && piece.to - last.from < maxDays) last.to = piece.to;
    else windows.push({ from: piece.from, to: piece.to });
  }
  return windows.map((w) => ({ from: isoDay(w.from), to: isoDay(w.to) }));
}

/** The days confirmed longest ago among the cached ones before `before`, within the budget. */
export function planRotation(deps: SyncDeps, account: string, before: string, rotationDays: number): RotationPlan {
  const times = fetchTimes(deps.cache.coveredWindows(account), dayNumber(before));
  if (times.size === 0) return { windows: [], budget: 0 };
  const first = isoDay(Math.min(...times.keys()));
  const counts = new Map(deps.cache.salesPerDay(account, first, before).map((d) => [dayNumber(d.day), d.count]));
  const pieces = piecesOf(times, counts);
  const total = pieces.reduce((sum, piece) => sum + piece.pages, 0);
  const budget = Math.ceil(total / Math.max(1, Math.floor(rotationDays)));
  const taken: Piece[] = [];
  let spent = 0;
  for (const piece of [...pieces].sort((a, b) => a.fetchedAt.localeCompare(b.fetchedAt) || a.from - b.from)) {
    // Taken until the budget is spent (the last piece may go over it), so that each sync re-confirms at least a
    // `rotationDays`th of the history and the whole of it is re-confirmed within `rotationDays` syncs.
    if (spent >= budget) break;
    taken.push(piece);
    spent += piece.pages;
  }
  return { windows: windowsOf(taken, deps.windowDays ?? 31), budget };
}

/** The runs of cached days before `before`, oldest first. */
export function cachedSpansBefore(deps: SyncDeps, account: string, before: string): DayRange[] {
  const last = addDays(before, -1);
  const windows = deps.cache
    .coveredWindows(account)
    .filter((w) => w.from < before)
    .map((w) => ({ from: w.from, to: w.to < before ? w.to : last }));
  return mergeWindows(windows);
}
