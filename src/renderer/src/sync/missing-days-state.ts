/**
 * What the banner above the sales says about days of the shown range that are not on this computer. While a sync
 * that fetches those days runs (the first sync, or "Sync the missing days") it says they are being synced, with the
 * header's own progress, rather than calling them missing; offline it says so and offers to sync once the network is
 * back, instead of a button that cannot work.
 */
import { addDays, type DayRange } from '../../../shared/dates';

/** The kind of run going: a period filled (first sync, backfill, missing days), the routine sync, or a re-check. */
export type RunKind = 'fill' | 'routine' | 'recheck';

/** What the banner is told. */
export interface MissingDaysInput {
  /** The shown range is not all on this computer (days not synced, or records that could not be stored). */
  incomplete: boolean;
  /** Days of the shown range that are not synced. */
  missing: readonly DayRange[];
  running: boolean;
  /** The running run's kind, when known. */
  runKind: RunKind | null;
  /** The days the running run covers. */
  runSpan: DayRange | null;
  offline: boolean;
  /** A sync of the missing days waits for the network. */
  waiting: boolean;
}

/** What the banner shows. */
export type MissingDaysState =
  | { kind: 'none' }
  /** A sync fetching (some of) the missing days runs; `outside` lists those it does not cover. */
  | { kind: 'syncing'; outside: DayRange[] }
  /** Days are missing; `busy` while another kind of sync runs (the button waits for it). */
  | { kind: 'missing'; busy: boolean }
  /** Offline: the cached sales stay usable; `waiting` once the missing days are set to sync when back online. */
  | { kind: 'offline'; incomplete: boolean; waiting: boolean };

/** The parts of `ranges` outside `span`. */
export function outsideOf(ranges: readonly DayRange[], span: DayRange): DayRange[] {
  const out: DayRange[] = [];
  for (const range of ranges) {
    if (range.from < span.from)
      out.push({ from: range.from, to: range.to < span.from ? range.to : addDays(span.from, -1) });
    if (range.to > span.to) out.push({ from: range.from > span.to ? range.from : addDays(span.to, 1), to: range.to });
  }
  return out;
}

function overlaps(range: DayRange, span: DayRange): boolean {
  return range.from <= span.to && range.to >= span.from;
}

/** The banner's state. */
export function missingDaysState(input: MissingDaysInput): MissingDaysState {
  const { incomplete } = input;
  const span = input.runSpan;
  if (
    incomplete &&
    input.running &&
    input.runKind === 'fill' &&
    span !== null &&
    input.missing.some((range) => overlaps(range, span))
  ) {
    return { kind: 'syncing', outside: outsideOf(input.missing, span) };
  }
  if (input.offline) return { kind: 'offline', incomplete, waiting: input.waiting };
  if (incomplete) return { kind: 'missing', busy: input.running };
  return { kind: 'none' };
}
