/**
 * The few styles the workbook uses, in one place so the three sheets look alike: a bold shaded header, date formats,
 * and each currency's number format. Amounts stay plain numbers; the format only shows them with their currency's
 * decimals and code, so they can still be summed, sorted and filtered.
 */
import type ExcelJS from 'exceljs';

/** Calendar days. */
export const DATE_FORMAT = 'yyyy-mm-dd';
/** Timestamps (written in UTC, as the header says). */
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Months in the Summary. */
export const MONTH_FORMAT = 'yyyy-mm';
/** Whole counts. */
export const COUNT_FORMAT = '#,##0';

/** The font of a cell that is a link. */
export const LINK_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FF1C7ED6' }, underline: true };

const formats = new Map<string, string>();

/** The number format of an amount of `currency` shown with `decimals` decimals, e.g. `#,##0.00 "EUR"`. */
export function amountFormat(currency: string, decimals: number): string {
  const key = `${currency}|${decimals}`;
  let format = formats.get(key);
  if (format === undefined) {
    const code = /^[A-Z]{3}$/.test(currency) ? ` "${currency}"` : '';
    format = `#,##0${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}${code}`;
    formats.set(key, format);
  }
  return format;
}

const cellStyles = new Map<string, Partial<ExcelJS.Style>>();

/**
 * One shared style object per number format (or link look). exceljs recognises a style object it has seen before
 * and skips re-serialising it, which makes a million styled cells several seconds faster. Never mutate the result.
 */
export function sharedCellStyle(numFmt: string | null, link = false): Partial<ExcelJS.Style> {
  const key = `${link ? 'link' : ''}|${numFmt ?? ''}`;
  let style = cellStyles.get(key);
  if (style === undefined) {
    style = { ...(numFmt === null ? {} : { numFmt }), ...(link ? { font: LINK_FONT } : {}) };
    cellStyles.set(key, style);
  }
  return style;
}

/** Styles a header row: bold on a light grey band with a line below. */
export function styleHeader(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };
  row.border = { bottom: { style: 'thin', color: { argb: 'FF868E96' } } };
  row.alignment = { vertical: 'middle' };
}

/** Spreadsheet column letters of 1-based column `n` (1 -> A, 27 -> AA). */
export function columnLetter(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}
