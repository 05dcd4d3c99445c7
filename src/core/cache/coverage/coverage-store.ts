/**
 * Which days of which account are fully synced, and as of when (D1). The sync engine marks a window only
 * after every page of it is stored, so a crash can leave sales without coverage (re-fetched next time) but never
 * coverage without sales. Days that were not over when they were fetched are only provisionally covered: they count for
 * "data as of …", but a sync fetches them again (see `settled-days.ts`). A day holding a record the service sent that
 * could not be stored (T8, see `unstored-records.ts`) is never covered, whatever its windows say: it is missing from
 * {@link CoverageReport}, which says why, and a sync fetches it again.
 */
import type { DayRange } from '../../../shared/dates';
import type Database from 'better-sqlite3';
import { assertAccount, createUnstoredRecords, dayNumber, isoDay, isoInstant, type UnstoredSpan } from '../records';
import { invalidInput } from '../cache-errors';
import { coverageOf, mergeWindow, withoutDays, type FetchedSpan } from './coverage-windows';
import { lastSettledDay } from './settled-days';
import type { DataAsOf } from '../../../shared/sales-query-types';

/**
 * Whether a range is fully in the cache; `asOf` is the oldest fetch time among the windows covering any of it. The days
 * of `unstored` (present only when there are some) are among `missing`: they were fetched, but some of the records the
 * service sent for them could not be stored.
 */
export type CoverageReport = DataAsOf;

/** A stored coverage window. */
export interface CoveredWindow extends DayRange {
  fetchedAt: string;
}

/** Coverage operations on one connection. */
export interface CoverageStore {
  /**
   * Records a complete fetch of `from`..`to` begun at `fetchedAt`. Days not over by then (see `lastSettledDay`, with the
   * user's `today` when known) are recorded as provisional only.
   */
  markCovered(account: string, from: string, to: string, fetchedAt: Date | string, today?: string): void;
  /** Coverage as the user sees it: settled windows and provisional days. */
  coverage(account: string, from: string, to: string): CoverageReport;
  /** The parts of `from`..`to` a sync must fetch: every day not settled, provisional ones included. */
  syncGaps(account: string, from: string, to: string): DayRange[];
  /** Days a fetch did not settle, oldest first: fetched while not over yet, or holding a record that could not be stored. */
  provisionalDays(account: string): string[];
  /** The account's covered windows, as fetched. */
  coveredWindows(account: string): CoveredWindow[];
}

/** A provisional range longer than this is cut (a fetch reaching far into the future holds no sales). */
const MAX_PROVISIONAL_DAYS = 400;

function range(from: string, to: string): [number, number] {
  const [a, b] = [dayNumber(from), dayNumber(to)];
  if (a > b) throw invalidInput(`The range ${from}..${to} ends before it starts.`);
  return [a, b];
}

type Row = { from_day: string; to_day: string; fetched_at: string };
type DayRow = { day: string; fetched_at: string };

function toWindow(row: Row): FetchedSpan {
  return { from: dayNumber(row.from_day), to: dayNumber(row.to_day), fetchedAt: row.fetched_at };
}

function dayWindow(row: DayRow): FetchedSpan {
  const day = dayNumber(row.day);
  return { from: day, to: day, fetchedAt: row.fetched_at };
}

function gapsOf(windows: readonly FetchedSpan[], from: number, to: number): { gaps: DayRange[]; asOf: string | null } {
  const { gaps, asOf } = coverageOf(windows, from, to);
  return { gaps: gaps.map(([x, y]) => ({ from: isoDay(x), to: isoDay(y) })), asOf };
}

function holesOf(spans: readonly UnstoredSpan[]): [number, number][] {
  return spans.map((span) => [dayNumber(span.from), dayNumber(span.to)]);
}

/** The days of `spans`, at most {@link MAX_PROVISIONAL_DAYS} from each (a record without a day may span a long report). */
function daysOf(spans: readonly UnstoredSpan[]): string[] {
  return spans.flatMap((span) => {
    const from = dayNumber(span.from);
    const to = Math.min(dayNumber(span.to), from + MAX_PROVISIONAL_DAYS - 1);
    return Array.from({ length: to - from + 1 }, (_, i) => isoDay(from + i));
  });
}

function prepare(db: Database.Database) {
  return {
    near: db.prepare<[string, string, string], Row>(
      'SELECT from_day, to_day, fetched_at FROM coverage WHERE account_id = ? AND from_day <= ? AND to_day >= ? ORDER BY from_day',
    ),
    all: db.prepare<[string], Row>('SELECT from_day, to_day, fetched_at FROM coverage WHERE account_id = ? ORDER BY from_day'),
    remove: db.prepare('DELETE FROM coverage WHERE account_id = ? AND from_day = ?'),
    insert: db.prepare('INSERT INTO coverage (account_id, from_day, to_day, fetched_at) VALUES (?, ?, ?, ?)'),
    provisional: db.prepare<[string, string, string], DayRow>(
      'SELECT day, fetched_at FROM coverage_provisional WHERE account_id = ? AND day BETWEEN ? AND ? ORDER BY day',
    ),
    allProvisional: db.prepare<[string], string>('SELECT day FROM coverage_provisional WHERE account_id = ? ORDER BY day').pluck(),
    settle: db.prepare('DELETE FROM coverage_provisional WHERE account_id = ? AND day BETWEEN ? AND ?'),
    keep: db.prepare(
      `INSERT INTO coverage_provisional (account_id, day, fetched_at) VALUES (?, ?, ?)
       ON CONFLICT (account_id, day) DO UPDATE SET fetched_at = max(fetched_at, excluded.fetched_at)`,
    ),
  };
}

/** Prepares coverage statements on `db`. */
export function createCoverageStore(db: Database.Database): CoverageStore {
  const s = prepare(db);
  const unstored = createUnstoredRecords(db);
  const settle = (account: string, from: number, to: number, at: string): void => {
    const rows = s.near.all(account, isoDay(to + 1), isoDay(from - 1));
    for (const row of rows) s.remove.run(account, row.from_day);
    for (const w of mergeWindow(rows.map(toWindow), { from, to, fetchedAt: at })) s.insert.run(account, isoDay(w.from), isoDay(w.to), w.fetchedAt);
    s.settle.run(account, isoDay(from), isoDay(to));
  };
  const mark = db.transaction((account: string, from: number, to: number, at: string, last: number) => {
    if (from <= Math.min(to, last)) settle(account, from, Math.min(to, last), at);
    const end = Math.min(to, Math.max(from, last + 1) + MAX_PROVISIONAL_DAYS - 1);
    for (let day = Math.max(from, last + 1); day <= end; day++) s.keep.run(account, isoDay(day), at);
  });
  const settled = (account: string, from: string, to: string): FetchedSpan[] => s.near.all(account, to, from).map(toWindow);
  return {
    markCovered: (account, from, to, fetchedAt, today) => {
      assertAccount(account);
      const at = isoInstant(fetchedAt);
      mark.immediate(account, ...range(from, to), at, lastSettledDay(at, today));
    },
    coverage: (account, from, to) => {
      assertAccount(account);
      const [a, b] = range(from, to);
      const spans = unstored.spans(account, from, to);
      const windows = withoutDays([...settled(account, from, to), ...s.provisional.all(account, from, to).map(dayWindow)], holesOf(spans));
      const { gaps, asOf } = gapsOf(windows, a, b);
      return { complete: gaps.length === 0, asOf, missing: gaps, ...(spans.length > 0 ? { unstored: spans } : {}) };
    },
    syncGaps: (account, from, to) => {
      assertAccount(account);
      const holes = holesOf(unstored.spans(account, from, to));
      return gapsOf(withoutDays(settled(account, from, to), holes), ...range(from, to)).gaps;
    },
    provisionalDays: (account) => {
      assertAccount(account);
      return [...new Set([...s.allProvisional.all(account), ...daysOf(unstored.allSpans(account))])].sort();
    },
    coveredWindows: (account) => {
      assertAccount(account);
      return s.all.all(account).map((r) => ({ from: r.from_day, to: r.to_day, fetchedAt: r.fetched_at }));
    },
  };
}
