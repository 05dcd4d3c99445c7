/**
 * The year workbook (B5): a fiscal year's summary with one sheet per basis, "Cash" (by payment date) and "Accrual"
 * (by sale date, with the difference from cash), twelve months and a total per currency. Amounts are numbers in the
 * currency's own decimals; written atomically. With a home currency (L2), each sheet gains the same figures converted,
 * each header naming its rate rule, and an "About" sheet states the rule and the rates' source.
 */
import type ExcelJS from 'exceljs';
import { currencyDigits } from '../../shared/money';
import { convertedHeader, rateRuleText, type RateRule } from '../../shared/rate-rule';
import type { HomeYearRow } from '../../shared/year-summary';
import type { FiscalYear, YearRow } from '../fiscal-year';
import { writeAtomically } from './atomic-file';
import { amountFormat, styleHeader } from './xlsx-styles';

const PERIOD_HEADER = ['Currency', 'Month', 'From', 'To'];

/** The year converted into the home currency, and how. */
export interface HomeYearSheets {
  home: string;
  rule: RateRule;
  source: string;
  rows: readonly HomeYearRow[];
}

type Amount = 'cash' | 'accrual' | 'difference';

const TITLES: Readonly<Record<Amount, string>> = { cash: 'Cash', accrual: 'Accrual', difference: 'Difference' };

/** A converted column's header; the difference mixes both rules, so it names neither. */
function homeHeader(key: Amount, converted: HomeYearSheets): string {
  if (key === 'difference') return `Difference in ${converted.home} (approx.)`;
  return convertedHeader(TITLES[key], converted.home, key === 'cash' ? 'received' : 'earned', converted.rule);
}

function addSheet(
  workbook: ExcelJS.Workbook,
  title: string,
  rows: readonly YearRow[],
  amounts: readonly Amount[],
  converted: HomeYearSheets | undefined,
): void {
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  const homes = converted === undefined ? [] : amounts;
  sheet.columns = [
    ...[10, 10, 12, 12].map((width) => ({ width })),
    ...amounts.map(() => ({ width: 18 })),
    ...homes.map(() => ({ width: 30 })),
  ];
  styleHeader(
    sheet.addRow([
      ...PERIOD_HEADER,
      ...amounts.map((key) => TITLES[key]),
      ...(converted === undefined ? [] : homes.map((key) => homeHeader(key, converted))),
    ]),
  );
  const homeRows = new Map((converted?.rows ?? []).map((row) => [`${row.currency} ${row.month}`, row]));
  for (const row of rows) {
    const home = homeRows.get(`${row.currency} ${row.month}`);
    const added = sheet.addRow([
      row.currency,
      row.month === 'total' ? 'Year' : row.month,
      row.from,
      row.to,
      ...amounts.map((key) => Number(row[key])),
      ...homes.map((key) => {
        const value = home === undefined ? null : home[key];
        return value === null ? null : Number(value);
      }),
    ]);
    if (row.month === 'total') added.font = { bold: true };
    const format = amountFormat(row.currency, currencyDigits(row.currency));
    amounts.forEach((_, i) => (added.getCell(PERIOD_HEADER.length + 1 + i).numFmt = format));
    if (converted === undefined) continue;
    const homeFormat = amountFormat(converted.home, currencyDigits(converted.home));
    homes.forEach((_, i) => (added.getCell(PERIOD_HEADER.length + amounts.length + 1 + i).numFmt = homeFormat));
  }
}

function addAbout(workbook: ExcelJS.Workbook, year: FiscalYear, converted: HomeYearSheets): void {
  const sheet = workbook.addWorksheet('About');
  sheet.columns = [{ width: 20 }, { width: 110 }];
  styleHeader(sheet.addRow(['About this workbook', '']));
  const unconverted = [
    ...new Set(converted.rows.flatMap((row) => (row.unconverted === null ? [] : [row.unconverted]))),
  ];
  const entries: [string, string][] = [
    ['Fiscal year', `${year.from} to ${year.to}`],
    [`In ${converted.home}`, rateRuleText(converted.home, converted.rule)],
    ['Rates', converted.source],
    ...(unconverted.length === 0 ? [] : [['Not converted', unconverted.join(' ')] as [string, string]]),
  ];
  for (const entry of entries) {
    const row = sheet.addRow(entry);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
  }
}

/** Writes `year`'s summary `rows` (and, when given, their conversion) as a workbook to `path`. */
export async function writeYearWorkbookTo(
  year: FiscalYear,
  rows: readonly YearRow[],
  path: string,
  converted?: HomeYearSheets,
): Promise<void> {
  // Loaded when a workbook is written, not at every start.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  workbook.creator = 'Commission Desk';
  workbook.title = `Fiscal year ${year.year} (${year.from} to ${year.to})`;
  addSheet(workbook, 'Cash', rows, ['cash'], converted);
  addSheet(workbook, 'Accrual', rows, ['accrual', 'difference'], converted);
  if (converted !== undefined) addAbout(workbook, year, converted);
  await workbook.xlsx.writeFile(path);
}

/** Writes `year`'s summary `rows` to `targetPath` atomically (replacing it only when `overwrite`). */
export async function writeYearWorkbook(
  year: FiscalYear,
  rows: readonly YearRow[],
  targetPath: string,
  overwrite: boolean,
  converted?: HomeYearSheets,
): Promise<void> {
  await writeAtomically(targetPath, (tempPath) => writeYearWorkbookTo(year, rows, tempPath, converted), {
    overwrite,
  });
}
