/**
 * The months the user closed and the log of every close and reopen (B2), in the cache file. A close and its log entry
 * are one transaction, as are a reopen and its entry, so the log never disagrees with the closed months.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { ClosedMonth, ClosedMonthFigures, MonthCloseEvent } from '../../../shared/closed-month';
import { AppError } from '../../../shared/errors';
import { assertAccount } from '../records';

/** Close and reopen operations on one connection. */
export interface ClosedMonthStore {
  /** Records `month` as closed with `figures` at `at`; refused when it is closed already. */
  closeMonth(account: string, month: string, figures: readonly ClosedMonthFigures[], at: Date): ClosedMonth;
  /** Reopens `month`, logging the figures it had; refused when it is not closed. */
  reopenMonth(account: string, month: string, at: Date): void;
  /** The account's closed months, oldest first. */
  closedMonths(account: string): ClosedMonth[];
  /** Every close and reopen of the account, in the order they happened. */
  monthCloseLog(account: string): MonthCloseEvent[];
}

// The file is read back through a schema: a figure written by another build is checked, not trusted.
const FIGURES = z.array(
  z.object({
    currency: z.string(),
    sales: z.number().int(),
    earned: z.string(),
    declined: z.string(),
    received: z.string(),
    receivable: z.string(),
  }),
);

interface MonthRow {
  account_id: string;
  month: string;
  closed_at: string;
  figures: string;
}

interface EventRow extends Omit<MonthRow, 'closed_at'> {
  action: 'close' | 'reopen';
  at: string;
}

const figuresOf = (text: string): ClosedMonthFigures[] => FIGURES.parse(JSON.parse(text));

function toMonth(row: MonthRow): ClosedMonth {
  return { account: row.account_id, month: row.month, closedAt: row.closed_at, figures: figuresOf(row.figures) };
}

/** Prepares the closed-month statements on `db`. */
export function createClosedMonthStore(db: Database.Database): ClosedMonthStore {
  const one = db.prepare<[string, string], MonthRow>('SELECT * FROM closed_months WHERE account_id = ? AND month = ?');
  const all = db.prepare<[string], MonthRow>('SELECT * FROM closed_months WHERE account_id = ? ORDER BY month');
  const events = db.prepare<[string], EventRow>('SELECT * FROM month_close_events WHERE account_id = ? ORDER BY id');
  const insert = db.prepare('INSERT INTO closed_months (account_id, month, closed_at, figures) VALUES (?, ?, ?, ?)');
  const remove = db.prepare('DELETE FROM closed_months WHERE account_id = ? AND month = ?');
  const log = db.prepare(
    'INSERT INTO month_close_events (account_id, month, action, at, figures) VALUES (?, ?, ?, ?, ?)',
  );
  const close = db.transaction((account: string, month: string, figures: string, at: string) => {
    if (one.get(account, month)) throw new AppError('INVALID_INPUT', `${month} is closed already.`);
    insert.run(account, month, at, figures);
    log.run(account, month, 'close', at, figures);
  });
  const reopen = db.transaction((account: string, month: string, at: string) => {
    const row = one.get(account, month);
    if (!row) throw new AppError('INVALID_INPUT', `${month} is not closed.`);
    remove.run(account, month);
    log.run(account, month, 'reopen', at, row.figures);
  });
  return {
    closeMonth: (account, month, figures, at) => {
      assertAccount(account);
      const text = JSON.stringify(figures);
      close.immediate(account, month, text, at.toISOString());
      return { account, month, closedAt: at.toISOString(), figures: figuresOf(text) };
    },
    reopenMonth: (account, month, at) => {
      assertAccount(account);
      reopen.immediate(account, month, at.toISOString());
    },
    closedMonths: (account) => all.all(account).map(toMonth),
    monthCloseLog: (account) =>
      events.all(account).map((row) => ({
        account: row.account_id,
        month: row.month,
        action: row.action,
        at: row.at,
        figures: figuresOf(row.figures),
      })),
  };
}
