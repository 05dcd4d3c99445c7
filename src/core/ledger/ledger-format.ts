/**
 * The ledger files' published shapes (L3): each importer reads a fixed column list, so the headers are constants and
 * a file never gains or loses a column.
 */

export {
  DEFAULT_JOURNAL_ACCOUNTS,
  LEDGER_DATE_FORMATS,
  LEDGER_FORMATS,
  LEDGER_SPLITS,
  type JournalAccounts,
  type LedgerDateFormat,
  type LedgerFormat,
} from '../../shared/ledger';
import type { LedgerFormat } from '../../shared/ledger';

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
