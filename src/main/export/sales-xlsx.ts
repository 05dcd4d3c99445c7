/**
 * The Excel export of sales, written with exceljs's streaming WorkbookWriter so rows flow from the
 * source to disk without being held in memory. Dates are real date cells, amounts numeric cells
 * with the currency in its own column, and text from the service is always a string cell, never a
 * formula (TESTPLAN E1).
 */
import ExcelJS from 'exceljs';
import type { Sale } from '../../shared/domain';
import { writeAtomically } from './atomic-file';

interface Column {
  header: string;
  key: string;
  width: number;
  value: (sale: Sale) => string | number | Date | null;
  numFmt?: string;
}

function dayToDate(isoDay: string | null): Date | null {
  if (!isoDay) return null;
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** Columns of the Sales sheet, in order. */
export const SALES_COLUMNS: readonly Column[] = [
  { header: 'Transaction date', key: 'transactionDate', width: 16, value: (s) => dayToDate(s.transactionDate), numFmt: 'yyyy-mm-dd' },
  { header: 'Reference', key: 'reference', width: 22, value: (s) => s.reference },
  { header: 'Product', key: 'productName', width: 32, value: (s) => s.productName },
  { header: 'Collection', key: 'collectionName', width: 28, value: (s) => s.collectionName },
  { header: 'Category', key: 'category', width: 12, value: (s) => s.category },
  { header: 'Sub-ID', key: 'subid', width: 18, value: (s) => s.subid },
  { header: 'Currency', key: 'currency', width: 10, value: (s) => s.currency },
  { header: 'Transaction amount', key: 'transactionAmount', width: 18, value: (s) => s.transactionAmount, numFmt: '#,##0.00' },
  { header: 'Commission', key: 'commissionAmount', width: 14, value: (s) => s.commissionAmount, numFmt: '#,##0.00' },
  { header: 'Commission status', key: 'commissionStatus', width: 18, value: (s) => s.commissionStatus },
  { header: 'Payment status', key: 'paymentStatus', width: 15, value: (s) => s.paymentStatus },
  { header: 'Payment date', key: 'paymentDate', width: 14, value: (s) => dayToDate(s.paymentDate), numFmt: 'yyyy-mm-dd' },
];

/** Writes `sales` to an .xlsx at `filePath` (atomically) and returns the number of rows written. */
export async function writeSalesXlsx(filePath: string, sales: AsyncIterable<Sale>): Promise<number> {
  let rows = 0;
  await writeAtomically(filePath, async (tempPath) => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: tempPath, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Commission Desk';
    const sheet = workbook.addWorksheet('Sales', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = SALES_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const sale of sales) {
      const row: Record<string, string | number | Date | null> = {};
      for (const c of SALES_COLUMNS) row[c.key] = c.value(sale);
      sheet.addRow(row).commit();
      rows += 1;
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SALES_COLUMNS.length } };
    sheet.commit();
    await workbook.commit();
  });
  return rows;
}
