/**
 * What the cache remembers about records the service sent that could not be stored (T8): which days they belong to
 * (their own day, or the days asked for when they named none) and why. A day with such a record is never complete
 * (see `coverage-store.ts`), and the About sheet of an export lists them. Each complete walk of a report replaces, over
 * the days it claims, what earlier walks left, so a record the service has since fixed drops out of the list.
 */
import type { UnstoredSpan } from '../../../shared/sales-query-types';
import type Database from 'better-sqlite3';
import { dayNumber, isoDay } from './day-numbers';

/** One record that could not be stored: its day when it named one, its reference when it had one, and why. */
export interface UnstoredRecordInput {
  day: string | null;
  reference: string | null;
  reason: string;
}

/** The records of one page that could not be stored, and the walk they came from. */
export interface UnstoredPage {
  /** The days the walk claims (inclusive); a record of another day is left to the walk that claims it. */
  from: string;
  to: string;
  /** Identifies the walk: what other walks left over the claimed days is replaced (see `createUnstoredRecords`). */
  walk: string;
  /**
   * '' for a walk of every sale of its days. A walk filtered by status names its filter here: it cannot vouch for every
   * sale of a day, so it replaces only what walks with the same filter left.
   */
  scope: string;
  records: readonly UnstoredRecordInput[];
}

export type { UnstoredSpan };

/** The unstored-record operations on one connection. */
export interface UnstoredRecords {
  /** Remembers one page's unstorable records (inside the caller's transaction). */
  note(account: string, page: UnstoredPage, at: string): void;
  /** Spans overlapping [from, to], oldest first. */
  spans(account: string, from: string, to: string): UnstoredSpan[];
  /** Every remembered span of the account, oldest first. */
  allSpans(account: string): UnstoredSpan[];
}

/** Reasons kept per span: enough to say what went wrong without flooding a cell. */
const MAX_REASONS = 3;

type SpanRow = { from_day: string; to_day: string; count: number; reasons: string };

function toSpan(row: SpanRow): UnstoredSpan {
  const reasons = [...new Set(JSON.parse(row.reasons) as string[])].slice(0, MAX_REASONS);
  return { from: row.from_day, to: row.to_day, count: row.count, reasons };
}

/** The days a record is remembered under, or null when another walk claims its day. */
function daysOf(record: UnstoredRecordInput, page: UnstoredPage): [string, string] | null {
  if (record.day === null) return [page.from, page.to];
  const day = dayNumber(record.day);
  return day >= dayNumber(page.from) && day <= dayNumber(page.to) ? [isoDay(day), isoDay(day)] : null;
}

const SPANS = `SELECT from_day, to_day, count(*) AS count, json_group_array(reason) AS reasons FROM unstored_records`;

/** Rows of the account left by other walks of the same scope (a walk of every sale, scope '', matches every scope). */
const OTHERS = "account_id = @account AND walk <> @walk AND (@scope = '' OR scope = @scope)";

/**
 * A complete walk of [from, to] received every readable record of those days, and listed the others itself. So what
 * other walks left inside those days is dropped, and a span that reaches over one end is cut back to the days the walk
 * did not see. A span reaching over both ends is kept whole (a record named no day, and could be on either side).
 */
function prepareReplace(db: Database.Database): (account: string, page: UnstoredPage) => void {
  const inside = db.prepare(`DELETE FROM unstored_records WHERE ${OTHERS} AND from_day >= @from AND to_day <= @to`);
  const overStart = db.prepare(
    `UPDATE unstored_records SET to_day = date(@from, '-1 day') WHERE ${OTHERS} AND from_day < @from AND to_day >= @from AND to_day <= @to`,
  );
  const overEnd = db.prepare(
    `UPDATE unstored_records SET from_day = date(@to, '+1 day') WHERE ${OTHERS} AND from_day >= @from AND from_day <= @to AND to_day > @to`,
  );
  return (account, page) => {
    const values = { account, from: page.from, to: page.to, walk: page.walk, scope: page.scope };
    for (const statement of [inside, overStart, overEnd]) statement.run(values);
  };
}

/** Prepares the statements on `db`. */
export function createUnstoredRecords(db: Database.Database): UnstoredRecords {
  const replace = prepareReplace(db);
  const again = db.prepare('DELETE FROM unstored_records WHERE account_id = ? AND walk = ? AND reference = ?');
  const insert = db.prepare(
    'INSERT INTO unstored_records (account_id, from_day, to_day, reference, reason, walk, scope, seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const overlapping = db.prepare<[string, string, string], SpanRow>(
    `${SPANS} WHERE account_id = ? AND from_day <= ? AND to_day >= ? GROUP BY from_day, to_day ORDER BY from_day, to_day`,
  );
  const all = db.prepare<[string], SpanRow>(
    `${SPANS} WHERE account_id = ? GROUP BY from_day, to_day ORDER BY from_day, to_day`,
  );
  const listedInFull = db.prepare<[string, string, string], number>(
    "SELECT 1 FROM unstored_records WHERE account_id = ? AND scope = '' AND from_day <= ? AND to_day >= ? LIMIT 1",
  );
  return {
    note(account, page, at) {
      replace(account, page);
      for (const record of page.records) {
        const days = daysOf(record, page);
        if (days === null) continue;
        // A walk of every sale of the day already listed what that day's records lack; a walk by status adds nothing.
        if (page.scope !== '' && listedInFull.get(account, days[0], days[1]) !== undefined) continue;
        // A reference received twice in one walk (a repeated page) is one record.
        if (record.reference !== null) again.run(account, page.walk, record.reference);
        insert.run(account, days[0], days[1], record.reference, record.reason.slice(0, 500), page.walk, page.scope, at);
      }
    },
    spans: (account, from, to) => overlapping.all(account, to, from).map(toSpan),
    allSpans: (account) => all.all(account).map(toSpan),
  };
}
