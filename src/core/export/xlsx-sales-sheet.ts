/**
 * The "Sales" sheet: one row per sale in the chosen columns, written and committed row by row. Dates are date cells,
 * amounts numeric cells in their currency's format, the currency has its own column, and every text from the service
 * is a string cell, never a formula (E1). Only `https:` links become hyperlinks (E2), and only while the
 * sheet stays under Excel's limit of 65,530 links; beyond it every link is plain text, as the About sheet says.
 */
import type ExcelJS from 'exceljs';
import { EXPORT_COLUMN_LABELS, type ExportColumnId } from '../../shared/export-columns';
import type { CachedSale } from '../../shared/sales-query-types';
import { amountDecimals, dayToDate, exportCell, type ExportCell } from './export-cells';
import { httpsLinkTarget } from './text-safety';
import { DATE_FORMAT, DATE_TIME_FORMAT, amountFormat, columnLetter, sharedCellStyle, styleHeader } from './xlsx-styles';

/** Most rows with links per sheet (Excel refuses more than 65,530 hyperlinks in a worksheet). */
export const MAX_LINKED_ROWS = 60_000;

/** Data rows a sheet can hold: Excel's 1,048,576 rows minus the header. */
export const MAX_SHEET_ROWS = 1_048_575;

const WIDTHS: Readonly<Record<ExportColumnId, number>> = {
  account: 20,
  transactionDate: 12,
  paymentDate: 12,
  reference: 22,
  productName: 36,
  productSlug: 28,
  collectionName: 28,
  collectionSlug: 24,
  collectionUrl: 40,
  category: 12,
  subid: 18,
  currency: 9,
  transactionAmount: 18,
  commissionAmount: 16,
  commissionStatus: 12,
  paymentStatus: 11,
  firstSeen: 20,
  lastChanged: 20,
};

type CellWrite = { value: ExcelJS.CellValue; numFmt?: string; link?: boolean };

function toCell(cell: ExportCell, links: boolean): CellWrite {
  if (cell === null) return { value: null };
  switch (cell.type) {
    case 'text':
      return { value: cell.text };
    case 'link': {
      const target = links ? httpsLinkTarget(cell.text) : null;
      return target === null ? { value: cell.text } : { value: { text: target, hyperlink: target }, link: true };
    }
    case 'date':
      return { value: dayToDate(cell.day), numFmt: DATE_FORMAT };
    case 'datetime':
      return { value: new Date(cell.iso), numFmt: DATE_TIME_FORMAT };
    case 'amount':
      return { value: cell.value, numFmt: amountFormat(cell.currency, amountDecimals(cell)) };
  }
}

/** Where the Sales sheet keeps the columns the Summary's formulas read. */
export interface SalesSheetLayout {
  columnOf(id: ExportColumnId): string | null;
}

/** Writes the Sales sheet of `columns`; `links` says whether https URLs become hyperlinks. */
export class SalesSheetWriter implements SalesSheetLayout {
  private rows = 0;

  constructor(
    private readonly sheet: ExcelJS.Worksheet,
    private readonly columns: readonly ExportColumnId[],
    private readonly links: boolean,
  ) {
    sheet.columns = columns.map((id) => ({ key: id, width: Math.max(WIDTHS[id], EXPORT_COLUMN_LABELS[id].length + 3) }));
    const header = sheet.addRow(columns.map((id) => EXPORT_COLUMN_LABELS[id]));
    styleHeader(header);
    header.commit();
  }

  /** Rows written so far (without the header). */
  get rowCount(): number {
    return this.rows;
  }

  /** The letter of column `id`, or null when it is not in the sheet. */
  columnOf(id: ExportColumnId): string | null {
    const index = this.columns.indexOf(id);
    return index < 0 ? null : columnLetter(index + 1);
  }

  /** Writes and commits one sale's row. */
  add(sale: CachedSale): void {
    const row = this.sheet.addRow([]);
    this.columns.forEach((id, i) => {
      const write = toCell(exportCell(id, sale), this.links);
      if (write.value === null) return;
      const cell = row.getCell(i + 1);
      cell.value = write.value;
      cell.style = sharedCellStyle(write.numFmt ?? null, write.link);
    });
    row.commit();
    this.rows += 1;
  }

  /** Adds the autofilter over the header and every row, then commits the sheet. */
  finish(): void {
    const last = columnLetter(this.columns.length);
    this.sheet.autoFilter = `A1:${last}${this.rows + 1}`;
    this.sheet.commit();
  }
}
