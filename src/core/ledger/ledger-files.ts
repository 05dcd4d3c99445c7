/**
 * The text of ledger files (L3): Xero's bank statement CSV (split into parts Xero accepts), QuickBooks Online's
 * three-column bank CSV, and a balanced journal. UTF-8 without a byte-order mark, since importers match the header
 * text exactly; CRLF line ends; every text cell neutralised against formulas like the exports' CSV.
 */
import { basename, dirname, extname, join } from 'node:path';
import { csvTextField } from '../export';
import {
  DEFAULT_JOURNAL_ACCOUNTS,
  LEDGER_COLUMNS,
  XERO_LINES_PER_FILE,
  type JournalAccounts,
  type LedgerDateFormat,
  type LedgerFormat,
} from './ledger-format';
import type { LedgerLine } from './ledger-lines';

const EOL = '\r\n';

/** How a ledger file is written. */
export interface LedgerFileOptions {
  format: LedgerFormat;
  dateFormat?: LedgerDateFormat;
  /** Who paid: the account's name, shown as the payee and in descriptions. */
  payee: string;
  accounts?: JournalAccounts;
}

/** One file's text; `part` and `parts` number it when a format's limit split the lines. */
export interface LedgerFile {
  part: number;
  parts: number;
  text: string;
}

/** An ISO day in the chosen date format. */
export function ledgerDate(day: string, format: LedgerDateFormat): string {
  const [year, month, date] = day.split('-');
  return format === 'dd/mm/yyyy' ? `${date}/${month}/${year}` : `${month}/${date}/${year}`;
}

function description(line: LedgerLine, payee: string): string {
  const part = line.part === null ? '' : `, ${line.part}`;
  return `${payee} commission payout${part}, ${line.sales} ${line.sales === 1 ? 'sale' : 'sales'}`;
}

/** Xero's reference of a line: its day and currency, and its part when split, so each line's is its own. */
function reference(line: LedgerLine): string {
  return `${line.date} ${line.currency}${line.part === null ? '' : ` ${line.part}`}`;
}

/** The amount without its sign, for a journal's debit and credit columns. */
function magnitude(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : amount;
}

/** The CSV rows of one line in `options.format`, each cell already CSV text. */
function rowsOf(line: LedgerLine, options: Required<LedgerFileOptions>): string[][] {
  const date = ledgerDate(line.date, options.dateFormat);
  const memo = csvTextField(description(line, options.payee));
  switch (options.format) {
    case 'xero':
      return [[date, line.amount, csvTextField(options.payee), memo, csvTextField(reference(line))]];
    case 'qbo':
      return [[date, memo, line.amount]];
    case 'journal': {
      // A negative payout (a clawback) reverses the pair, so both columns stay positive and the journal balanced.
      const { bank, income } = options.accounts;
      const [debited, credited] = line.minorUnits < 0n ? [income, bank] : [bank, income];
      const amount = magnitude(line.amount);
      return [
        [date, csvTextField(debited), amount, '', line.currency, memo],
        [date, csvTextField(credited), '', amount, line.currency, memo],
      ];
    }
  }
}

/** `lines` cut into the chunks one file may hold in `format`. */
function chunks(lines: readonly LedgerLine[], format: LedgerFormat): LedgerLine[][] {
  if (format !== 'xero' || lines.length <= XERO_LINES_PER_FILE) return [[...lines]];
  const out: LedgerLine[][] = [];
  for (let i = 0; i < lines.length; i += XERO_LINES_PER_FILE) out.push(lines.slice(i, i + XERO_LINES_PER_FILE));
  return out;
}

/** The files holding `lines` in `options.format`: one, or numbered parts when the format limits a file's length. */
export function ledgerFiles(lines: readonly LedgerLine[], options: LedgerFileOptions): LedgerFile[] {
  const full: Required<LedgerFileOptions> = {
    dateFormat: 'dd/mm/yyyy',
    accounts: DEFAULT_JOURNAL_ACCOUNTS,
    ...options,
  };
  const header = LEDGER_COLUMNS[full.format].join(',');
  const parts = chunks(lines, full.format);
  return parts.map((part, i) => ({
    part: i + 1,
    parts: parts.length,
    text: [header, ...part.flatMap((line) => rowsOf(line, full).map((row) => row.join(',')))].join(EOL) + EOL,
  }));
}

/** Where a part is written: the chosen path itself, or "name-part-2-of-3.csv" beside it when the lines were split. */
export function ledgerFilePath(path: string, file: Pick<LedgerFile, 'part' | 'parts'>): string {
  if (file.parts === 1) return path;
  const extension = extname(path);
  const stem = basename(path, extension);
  return join(dirname(path), `${stem}-part-${file.part}-of-${file.parts}${extension}`);
}
