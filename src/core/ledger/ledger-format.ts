/**
 * The ledger files' published shapes (L3): each importer reads a fixed column list, so the headers are constants and
 * a file never gains or loses a column.
 */

/** The bookkeeping formats a ledger file is written in. */
export const LEDGER_FORMATS = ['xero', 'qbo', 'journal'] as const;
export type LedgerFormat = (typeof LEDGER_FORMATS)[number];

/** How dates are written in a ledger file: the bookkeeping program's own setting decides which it reads. */
export const LEDGER_DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy'] as const;
export type LedgerDateFormat = (typeof LEDGER_DATE_FORMATS)[number];

/** Xero's bank statement CSV. */
export const XERO_COLUMNS = ['Date', 'Amount', 'Payee', 'Description', 'Reference'] as const;
/** QuickBooks Online's three-column bank CSV. */
export const QBO_COLUMNS = ['Date', 'Description', 'Amount'] as const;
/** A journal any bookkeeping program can import: each payout as a balanced pair of lines. */
export const JOURNAL_COLUMNS = ['Date', 'Account', 'Debit', 'Credit', 'Currency', 'Memo'] as const;

/** The columns of each format, in order. */
export const LEDGER_COLUMNS: Readonly<Record<LedgerFormat, readonly string[]>> = {
  xero: XERO_COLUMNS,
  qbo: QBO_COLUMNS,
  journal: JOURNAL_COLUMNS,
};

/** Xero refuses a bank statement file with more statement lines than this, so longer ones are split. */
export const XERO_LINES_PER_FILE = 1_000;

/** The accounts a journal posts a payout to. */
export interface JournalAccounts {
  /** Debited with the money received. */
  bank: string;
  /** Credited with the commission the payout settles. */
  income: string;
}

/** Until the user names their own accounts, the names most charts of accounts use. */
export const DEFAULT_JOURNAL_ACCOUNTS: JournalAccounts = { bank: 'Bank', income: 'Affiliate commission income' };
