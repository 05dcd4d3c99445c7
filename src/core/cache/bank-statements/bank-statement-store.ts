/**
 * Imported bank statement lines, remembered layouts and manual matches (L4), in the cache file, apart from the sales.
 * Read back through schemas: a row written by another build is checked, not trusted.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  STATEMENT_DATE_FORMATS,
  STATEMENT_SEPARATORS,
  type BankLine,
  type StatementLayout,
} from '../../../shared/bank';
import { assertAccount } from '../records';

/** Bank statement operations on one connection. */
export interface BankStatementStore {
  /** Stores `lines` of `account` not stored yet; returns how many were new. */
  addBankLines(account: string, lines: readonly BankLine[], fileName: string, at: Date): number;
  /** The stored lines of `account` dated `from`..`to`, in day order. */
  bankLines(account: string, from: string, to: string): BankLine[];
  /** Remembers how statements with this header are read. */
  rememberLayout(headerKey: string, layout: StatementLayout): void;
  /** The layout remembered for this header, if any. */
  layoutFor(headerKey: string): StatementLayout | null;
  /** Matches `payoutKey` to `lineKey` by hand, or forgets the manual match with null. */
  setManualMatch(account: string, payoutKey: string, lineKey: string | null): void;
  /** The manual matches of `account`: payout key → line key. */
  manualMatches(account: string): Map<string, string>;
}

const LINE = z.object({
  key: z.string(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: z.string().regex(/^-?\d+(\.\d+)?$/),
  description: z.string(),
});

const column = z.number().int().min(0).max(200);
const LAYOUT = z.object({
  separator: z.enum(STATEMENT_SEPARATORS),
  encoding: z.enum(['utf-8', 'windows-1252']),
  decimalComma: z.boolean(),
  dateFormat: z.enum(STATEMENT_DATE_FORMATS),
  date: column,
  description: column,
  amount: column,
  currency: column.nullable(),
});

/** Prepares the statements on `db`. */
export function createBankStatementStore(db: Database.Database): BankStatementStore {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO bank_lines (account_id, line_key, day, currency, amount, description, file_name, imported_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const lines = db.prepare<[string, string, string], Record<string, unknown>>(
    `SELECT line_key AS key, day, currency, amount, description FROM bank_lines
     WHERE account_id = ? AND day BETWEEN ? AND ? ORDER BY day, rowid`,
  );
  const saveLayout = db.prepare('INSERT OR REPLACE INTO bank_layouts (header_key, layout) VALUES (?, ?)');
  const layout = db.prepare<[string], { layout: string }>('SELECT layout FROM bank_layouts WHERE header_key = ?');
  const setMatch = db.prepare(
    'INSERT OR REPLACE INTO bank_manual_matches (account_id, payout_key, line_key) VALUES (?, ?, ?)',
  );
  const dropMatch = db.prepare('DELETE FROM bank_manual_matches WHERE account_id = ? AND payout_key = ?');
  const matches = db.prepare<[string], { payout_key: string; line_key: string }>(
    'SELECT payout_key, line_key FROM bank_manual_matches WHERE account_id = ?',
  );
  const add = db.transaction((account: string, rows: readonly BankLine[], fileName: string, at: string) => {
    let added = 0;
    for (const line of rows)
      added += insert.run(
        account,
        line.key,
        line.day,
        line.currency,
        line.amount,
        line.description,
        fileName,
        at,
      ).changes;
    return added;
  });
  return {
    addBankLines: (account, rows, fileName, at) => {
      assertAccount(account);
      return add.immediate(account, rows, fileName, at.toISOString());
    },
    bankLines: (account, from, to) => lines.all(account, from, to).map((row) => LINE.parse(row)),
    rememberLayout: (headerKey, value) => void saveLayout.run(headerKey, JSON.stringify(value)),
    layoutFor: (headerKey) => {
      const row = layout.get(headerKey);
      if (row === undefined) return null;
      const parsed = LAYOUT.safeParse(JSON.parse(row.layout));
      return parsed.success ? parsed.data : null;
    },
    setManualMatch: (account, payoutKey, lineKey) => {
      assertAccount(account);
      if (lineKey === null) dropMatch.run(account, payoutKey);
      else setMatch.run(account, payoutKey, lineKey);
    },
    manualMatches: (account) => new Map(matches.all(account).map((row) => [row.payout_key, row.line_key])),
  };
}
