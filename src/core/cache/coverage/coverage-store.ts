/**
 * Which days of which account are fully synced, and as of when (TESTPLAN D1). The sync engine marks a window only
 * after every page of it is stored, so a crash can leave sales without coverage (re-fetched next time) but never
 * coverage without sales.
 */
import type Database from 'better-sqlite3';
import { assertAccount, dayNumber, isoDay, isoInstant } from '../records';
import { invalidInput } from '../cache-errors';
import { coverageOf, mergeWindow, type Window } from './coverage-windows';
import type { DataAsOf, DayRangeDto } from '../../../shared/sales-query-types';

/** Whether a range is fully in the cache; `asOf` is the oldest fetch time among the windows covering any of it. */
export type CoverageReport = DataAsOf;

/** A stored coverage window. */
export interface CoveredWindow extends DayRangeDto {
  fetchedAt: string;
}

/** Coverage operations on one connection. */
export interface CoverageStore {
  markCovered(account: string, from: string, to: string, fetchedAt: Date | string): void;
  coverage(account: string, from: string, to: string): CoverageReport;
  windows(account: string): CoveredWindow[];
}

function range(from: string, to: string): [number, number] {
  const [a, b] = [dayNumber(from), dayNumber(to)];
  if (a > b) throw invalidInput(`The range ${from}..${to} ends before it starts.`);
  return [a, b];
}

type Row = { from_day: string; to_day: string; fetched_at: string };

function toWindow(row: Row): Window {
  return { from: dayNumber(row.from_day), to: dayNumber(row.to_day), fetchedAt: row.fetched_at };
}

/** Prepares coverage statements on `db`. */
export function createCoverageStore(db: Database.Database): CoverageStore {
  const near = db.prepare<[string, string, string], Row>(
    'SELECT from_day, to_day, fetched_at FROM coverage WHERE account_id = ? AND from_day <= ? AND to_day >= ? ORDER BY from_day',
  );
  const all = db.prepare<[string], Row>('SELECT from_day, to_day, fetched_at FROM coverage WHERE account_id = ? ORDER BY from_day');
  const remove = db.prepare('DELETE FROM coverage WHERE account_id = ? AND from_day = ?');
  const insert = db.prepare('INSERT INTO coverage (account_id, from_day, to_day, fetched_at) VALUES (?, ?, ?, ?)');
  const mark = db.transaction((account: string, from: number, to: number, at: string) => {
    const rows = near.all(account, isoDay(to + 1), isoDay(from - 1));
    for (const row of rows) remove.run(account, row.from_day);
    for (const w of mergeWindow(rows.map(toWindow), { from, to, fetchedAt: at })) {
      insert.run(account, isoDay(w.from), isoDay(w.to), w.fetchedAt);
    }
  });
  return {
    markCovered: (account, from, to, fetchedAt) => {
      assertAccount(account);
      mark(account, ...range(from, to), isoInstant(fetchedAt));
    },
    coverage: (account, from, to) => {
      assertAccount(account);
      const [a, b] = range(from, to);
      const { gaps, asOf } = coverageOf(near.all(account, to, from).map(toWindow), a, b);
      return { complete: gaps.length === 0, asOf, missing: gaps.map(([x, y]) => ({ from: isoDay(x), to: isoDay(y) })) };
    },
    windows: (account) => {
      assertAccount(account);
      return all.all(account).map((r) => ({ from: r.from_day, to: r.to_day, fetchedAt: r.fetched_at }));
    },
  };
}
