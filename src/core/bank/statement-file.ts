/**
 * Reading a bank statement CSV (L4) the way its bank wrote it: the text decoded as UTF-8 (with or without a
 * byte-order mark) or, when it is not valid UTF-8, as Windows-1252; the separator, the columns, the decimal comma and
 * the date layout detected from the header and the first lines, each of them changeable; every line read through the
 * layout, with a clear error naming the line that does not fit. Nothing is stored here.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import {
  STATEMENT_DATE_FORMATS,
  STATEMENT_SEPARATORS,
  type BankLine,
  type StatementDateFormat,
  type StatementLayout,
} from '../../shared/bank';
import { AppError } from '../../shared/errors';
import { currencyDigits, decimalText, parseDecimal, roundDecimal, type ExactDecimal } from '../../shared/money';

/** A statement is a few thousand lines at most; a file larger than this is refused before it is read. */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;

/** A statement read: its header, its first rows for a preview, the layout used and its lines. */
export interface ReadStatement {
  header: string[];
  preview: string[][];
  layout: StatementLayout;
  lines: BankLine[];
}

const rowsSchema = z.array(z.array(z.string()));

const refused = (message: string) => new AppError('INVALID_INPUT', `${message} Nothing was imported.`);

/** The file's text: UTF-8 when it is valid UTF-8 (a byte-order mark dropped), else Windows-1252. */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: StatementLayout['encoding'] } {
  if (bytes.byteLength > MAX_STATEMENT_BYTES)
    throw refused('This file is larger than a bank statement can be (10 MB). Export a shorter period from your bank.');
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

function separatorOf(firstLine: string): StatementLayout['separator'] {
  const counts = STATEMENT_SEPARATORS.map((separator) => firstLine.split(separator).length);
  return STATEMENT_SEPARATORS[counts.indexOf(Math.max(...counts))] ?? ',';
}

const COLUMN_NAMES: Record<'date' | 'description' | 'amount' | 'currency', RegExp> = {
  date: /date|datum|buchungstag|fecha|data|booked|posted|valuta/i,
  amount: /amount|betrag|montant|importe|importo|value|sum/i,
  description: /description|details|memo|narrative|reference|payee|text|libell|verwendungszweck|name|concept/i,
  currency: /currency|ccy|w[äa]hrung|devise|divisa|valuta code/i,
};

function columnOf(header: readonly string[], kind: keyof typeof COLUMN_NAMES, taken: readonly number[]): number {
  return header.findIndex((name, i) => !taken.includes(i) && COLUMN_NAMES[kind].test(name));
}

const DATE_PATTERNS: Record<StatementDateFormat, RegExp> = {
  'yyyy-mm-dd': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  'dd/mm/yyyy': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  'mm/dd/yyyy': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  'dd.mm.yyyy': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
  'dd-mm-yyyy': /^(?<d>\d{1,2})-(?<m>\d{1,2})-(?<y>\d{4})$/,
};

/** `text` as an ISO day in `format`, or null when it is not one. */
export function statementDay(text: string, format: StatementDateFormat): string | null {
  const groups = DATE_PATTERNS[format].exec(text.trim())?.groups;
  if (groups === undefined) return null;
  const [y, m, d] = [Number(groups.y), Number(groups.m), Number(groups.d)];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** The first layout every sample date fits; day-first when both fit (a 13th or later settles it). */
function dateFormatOf(samples: readonly string[]): StatementDateFormat {
  return (
    STATEMENT_DATE_FORMATS.find((format) => samples.every((s) => statementDay(s, format) !== null)) ?? 'yyyy-mm-dd'
  );
}

/** An amount as an exact decimal, or null; `decimalComma` says which mark separates the decimals. */
export function statementAmount(text: string, decimalComma: boolean): ExactDecimal | null {
  const trimmed = text.trim();
  // Currency signs, spaces and thousands marks go; a sign in front, behind or as brackets is kept.
  let digits = trimmed.replace(/[^\d.,+-]/g, '');
  const negative = /^\(.*\)$/.test(trimmed) || digits.startsWith('-') || digits.endsWith('-');
  digits = digits.replace(/[+-]/g, '');
  digits = decimalComma ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(digits)) return null;
  const value = parseDecimal(digits);
  return value === null ? null : { units: negative ? -value.units : value.units, scale: value.scale };
}

/** Detects the layout from the header and the rows; `given` overrides any part. */
function detectLayout(
  header: readonly string[],
  rows: readonly string[][],
  separator: StatementLayout['separator'],
  encoding: StatementLayout['encoding'],
  given: Partial<StatementLayout>,
): StatementLayout {
  const date = given.date ?? columnOf(header, 'date', []);
  const amount = given.amount ?? columnOf(header, 'amount', [date]);
  const currency = given.currency !== undefined ? given.currency : columnOf(header, 'currency', [date, amount]);
  const description = given.description ?? columnOf(header, 'description', [date, amount, currency ?? -1]);
  if (amount < 0 || amount >= header.length)
    throw refused('No amount column was found. Choose which column holds the amount.');
  if (date < 0 || date >= header.length) throw refused('No date column was found. Choose which column holds the date.');
  const amounts = rows.map((row) => row[amount] ?? '').filter((text) => text.trim() !== '');
  const decimalComma =
    given.decimalComma ??
    (amounts.some((text) => /,\d{2}\D*$/.test(text.trim())) &&
      !amounts.some((text) => /\.\d{2}\D*$/.test(text.trim())));
  return {
    separator,
    encoding,
    decimalComma,
    dateFormat: given.dateFormat ?? dateFormatOf(rows.map((row) => row[date] ?? '')),
    date,
    description: description < 0 ? date : description,
    amount,
    currency: currency === null || currency < 0 ? null : currency,
  };
}

/** The key a statement format's layout is remembered under: its header. */
export function headerKeyOf(header: readonly string[]): string {
  return header.map((name) => name.trim().toLowerCase()).join('\u0001');
}

/** A line's key: its day, amount, currency, text and how many identical lines came before it in the file. */
function lineKey(line: Omit<BankLine, 'key'>, seen: Map<string, number>): string {
  const base = [line.day, line.currency, line.amount, line.description].join('\u0000');
  const occurrence = seen.get(base) ?? 0;
  seen.set(base, occurrence + 1);
  return createHash('sha256').update(`${base}\u0000${occurrence}`).digest('hex').slice(0, 32);
}

/**
 * Reads `bytes` as a statement. `currency` is the statement's currency when it has no currency column; `given`
 * overrides what detection chose.
 */
export function readStatement(
  bytes: Uint8Array,
  currency: string | null,
  given: Partial<StatementLayout> = {},
  remembered: (headerKey: string) => StatementLayout | null = () => null,
): ReadStatement {
  const { text, encoding } = decodeStatement(bytes);
  const separator = given.separator ?? separatorOf(text.split(/\r?\n/, 1)[0] ?? '');
  let rows: string[][];
  try {
    rows = rowsSchema.parse(
      parse(text, { delimiter: separator, bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }),
    );
  } catch (error) {
    throw refused(`This is not a readable CSV file (${error instanceof Error ? error.message : 'unknown error'}).`);
  }
  const [header = [], ...body] = rows;
  if (body.length === 0) throw refused('This file has no lines below its header.');
  const known = given.separator === undefined ? remembered(headerKeyOf(header)) : null;
  const layout = detectLayout(header, body, separator, given.encoding ?? encoding, { ...known, ...given });
  const seen = new Map<string, number>();
  const lines = body.map((row, i) => {
    const number = i + 2;
    const day = statementDay(row[layout.date] ?? '', layout.dateFormat);
    if (day === null)
      throw refused(`Line ${number}: "${row[layout.date] ?? ''}" is not a date written ${layout.dateFormat}.`);
    const amount = statementAmount(row[layout.amount] ?? '', layout.decimalComma);
    if (amount === null) throw refused(`Line ${number}: "${row[layout.amount] ?? ''}" is not an amount.`);
    const code = layout.currency === null ? currency : (row[layout.currency] ?? '').trim().toUpperCase();
    if (code === null || !/^[A-Z]{3}$/.test(code))
      throw refused(
        layout.currency === null
          ? 'This statement has no currency column. Say which currency the account holds.'
          : `Line ${number}: "${code ?? ''}" is not a currency code.`,
      );
    const line = {
      day,
      currency: code,
      amount: decimalText(amount, currencyDigits(code)),
      description: (row[layout.description] ?? '').trim(),
    };
    return { key: lineKey(line, seen), ...line };
  });
  return { header, preview: body.slice(0, 5), layout, lines };
}

/** Minor units of a bank line's amount in its currency (rounded half away from zero past its decimals). */
export function lineMinor(amount: string, currency: string): bigint {
  return roundDecimal(parseDecimal(amount) ?? { units: 0n, scale: 0 }, currencyDigits(currency)).units;
}
