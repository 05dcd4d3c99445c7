/**
 * The year workbook (B5): a fiscal year's summary with one sheet per basis, "Cash" (by payment date) and "Accrual"
 * (by sale date, with the difference from cash), twelve months and a total per currency. Amounts are numbers in the
 * currency's own decimals; written atomically.
 */
import type ExcelJS from 'exceljs';
import { currencyDigits } from '../../shared/money';
import type { FiscalYear, YearRow } from '../fiscal-year';
import { writeAtomically } from './atomic-file';
import { amountFormat, styleHeader } from './xlsx-styles';

const PERIOD_HEADER = ['Currency', 'Month', 'From', 'To'];

function addSheet(
  workbook: ExcelJS.Workbook,
  title: string,
  rows: readonly YearRow[],
  amounts: readonly (keyof YearRow)[],
): void {
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ width: 10 }, { width: 10 }, { width: 12 }, { width: 12 }, ...amounts.map(() => ({ width: 18 }))];
  styleHeader(sheet.addRow([...PERIOD_HEADER, ...amounts.map((key) => `${key[0]?.toUpperCase()}${key.slice(1)}`)]));
  for (const row of rows) {
    const added = sheet.addRow([
      row.currency,
      row.month === 'total' ? 'Year' : row.month,
      row.from,
      row.to,
      ...amounts.map((key) => Number(row[key])),
    ]);
    if (row.month === 'total') added.font = { bold: true };
    const format = amountFormat(row.currency, currencyDigits(row.currency));
    amounts.forEach((_, i) => (added.getCell(PERIOD_HEADER.length + 1 + i).numFmt = format));
  }
}

/** Writes `year`'s summary `rows` as a workbook to `path`. */
export async function writeYearWorkbookTo(year: FiscalYear, rows: readonly YearRow[], path: string): Promise<void> {
  // Loaded when a workbook is written, not at every start.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  workbook.creator = 'Commission Desk';
  workbook.title = `Fiscal year ${year.year} (${year.from} to ${year.to})`;
  addSheet(workbook, 'Cash', rows, ['cash']);
  addSheet(workbook, 'Accrual', rows, ['accrual', 'difference']);
  await workbook.xlsx.writeFile(path);
}

/** Writes `year`'s summary `rows` to `targetPath` atomically (replacing it only when `overwrite`). */
export async function writeYearWorkbook(
  year: FiscalYear,
  rows: readonly YearRow[],
  targetPath: string,
  overwrite: boolean,
): Promise<void> {
  await writeAtomically(targetPath, (tempPath) => writeYearWorkbookTo(year, rows, tempPath), { overwrite });
}
