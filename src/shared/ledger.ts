/**
 * The ledger files' choices (L3), shared by the app, its settings and the command line: the formats a bookkeeping
 * program imports, how their dates are written, and the accounts a journal posts to until the user names theirs.
 */

/** The bookkeeping formats a ledger file is written in. */
export const LEDGER_FORMATS = ['xero', 'qbo', 'journal'] as const;
export type LedgerFormat = (typeof LEDGER_FORMATS)[number];

/** A payout may be split into one line per category or per collection of its sales, when asked. */
export const LEDGER_SPLITS = ['category', 'collection'] as const;
export type LedgerSplit = (typeof LEDGER_SPLITS)[number];

/** How dates are written in a ledger file: the bookkeeping program's own setting decides which it reads. */
export const LEDGER_DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy'] as const;
export type LedgerDateFormat = (typeof LEDGER_DATE_FORMATS)[number];

/** The accounts a journal posts a payout to. */
export interface JournalAccounts {
  /** Debited with the money received. */
  bank: string;
  /** Credited with the commission the payout settles. */
  income: string;
}

/** Until the user names their own accounts, the names most charts of accounts use. */
export const DEFAULT_JOURNAL_ACCOUNTS: JournalAccounts = { bank: 'Bank', income: 'Affiliate commission income' };

/** An account name is at most this long: bookkeeping programs' own limit is of this order. */
export const JOURNAL_ACCOUNT_MAX_LENGTH = 100;
