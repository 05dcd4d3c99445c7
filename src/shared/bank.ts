/**
 * Bank statements matched to payouts (L4): how a statement CSV is read (its layout, detected and changeable), its
 * lines, and what matching found. Amounts are exact decimal text in the line's currency.
 */

/** The date layouts a statement may use. */
export const STATEMENT_DATE_FORMATS = ['yyyy-mm-dd', 'dd/mm/yyyy', 'mm/dd/yyyy', 'dd.mm.yyyy', 'dd-mm-yyyy'] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

/** The field separators a statement may use. */
export const STATEMENT_SEPARATORS = [',', ';', '\t'] as const;
export type StatementSeparator = (typeof STATEMENT_SEPARATORS)[number];

/** How a statement file is read: which column holds what (0-based), and how its text is written. */
export interface StatementLayout {
  separator: StatementSeparator;
  encoding: 'utf-8' | 'windows-1252';
  decimalComma: boolean;
  dateFormat: StatementDateFormat;
  date: number;
  description: number;
  amount: number;
  /** The currency column, or null when the whole statement is in one currency the user states. */
  currency: number | null;
}

/** One line of a statement, as read. */
export interface BankLine {
  /** Stable across imports of the same statement: the same file imported twice adds nothing. */
  key: string;
  day: string;
  currency: string;
  amount: string;
  description: string;
}

/** A payout as the bank should show it: one payment date and currency. */
export interface PayoutLine {
  paymentDate: string;
  currency: string;
  amount: string;
  sales: number;
}

/** What matching a statement against the payouts found. */
export interface MatchReport {
  /** Each payout and the bank line that received it; `difference` = bank − payout (a fee is negative). */
  matched: { payout: PayoutLine; line: BankLine; difference: string; manual: boolean }[];
  /** Payouts the service reports as paid with no bank line: money that may never have arrived. */
  unpaid: PayoutLine[];
  /** Payouts with no bank line yet whose days to arrive run past the statement's last day: not a verdict yet. */
  tooRecent: PayoutLine[];
  /** Bank lines that look like the platform's (their text holds the payer's name) but match no payout. */
  unknown: BankLine[];
  /** Every bank line of the days matched that no payout took, to match by hand. */
  unmatchedLines: BankLine[];
}

/** A statement read for its mapping dialog: its header, first rows and the layout detected or remembered. */
export interface StatementPreview {
  header: string[];
  preview: string[][];
  layout: StatementLayout;
}

/** A statement imported and matched: what was read and stored, its days, and the report. */
export interface StatementMatch extends StatementPreview {
  lines: number;
  added: number;
  from: string;
  to: string;
  currencies: string[];
  report: MatchReport;
}
