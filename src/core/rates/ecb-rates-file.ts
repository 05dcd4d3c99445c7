/**
 * Reads the European Central Bank's euro reference rates in their historical CSV format (`eurofxref-hist.csv`): a
 * `Date` column, then one column per currency giving how many units of it one euro bought that day, `N/A` (or
 * nothing) where none was published, and a trailing empty column. A file that is not this gets one plain error.
 */
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { isIsoDay } from '../../shared/dates';
import { parseDecimal, type ExactDecimal } from '../../shared/money';

export { MAX_RATES_FILE_BYTES } from '../../shared/reference-rates';
import { MAX_RATES_FILE_BYTES } from '../../shared/reference-rates';

/** One day's rates: units of each currency per euro. */
export interface DayRates {
  day: string;
  rates: Map<string, ExactDecimal>;
}

/** Why a rates file was refused. */
export class RatesFileError extends Error {}

const CURRENCY = /^[A-Z]{3}$/;
const rowSchema = z.record(z.string(), z.string());
const rateText = z
  .string()
  .trim()
  .refine((text) => text === '' || text === 'N/A' || /^\d+(\.\d+)?$/.test(text), 'is not a rate');

/** The days of an ECB historical rates file, newest or oldest first as in the file. */
export function parseEcbRates(text: string): DayRates[] {
  if (Buffer.byteLength(text, 'utf8') > MAX_RATES_FILE_BYTES)
    throw new RatesFileError('This file is too large to be the ECB euro reference rates table (eurofxref-hist.csv).');
  let rows: unknown[];
  try {
    rows = parse(text, { columns: true, bom: true, trim: true, skip_empty_lines: true }) as unknown[];
  } catch (error) {
    throw new RatesFileError(`This is not a readable CSV file: ${error instanceof Error ? error.message : ''}`.trim());
  }
  const first = rowSchema.safeParse(rows[0]);
  if (!first.success || !('Date' in first.data))
    throw new RatesFileError('This file has no Date column: it is not the ECB euro reference rates table.');
  return rows.map((row, i) => dayOf(rowSchema.parse(row), i + 2));
}

function dayOf(row: Record<string, string>, line: number): DayRates {
  const day = row.Date ?? '';
  if (!isIsoDay(day)) throw new RatesFileError(`Line ${line}: "${day}" is not a day written yyyy-mm-dd.`);
  const rates = new Map<string, ExactDecimal>();
  for (const [column, value] of Object.entries(row)) {
    if (column === 'Date' || !CURRENCY.test(column)) continue;
    const checked = rateText.safeParse(value);
    if (!checked.success) throw new RatesFileError(`Line ${line}: the ${column} rate "${value}" is not a number.`);
    const rate = parseDecimal(checked.data);
    if (rate !== null && rate.units > 0n) rates.set(column, rate);
  }
  return { day, rates };
}
