/**
 * The "Sales" sheet: one row per sale in the chosen columns, written and committed row by row. Dates are date cells,
 * amounts numeric cells in their currency's format, the currency has its own column, and every text from the service
 * is a string cell, never a formula (E1). Only `https:` links become hyperlinks (E2), and only while the
 * sheet stays under Excel's limit of 65,530 links; beyond it every link is plain text, as the About sheet says.
 */
import type ExcelJS from 'exceljs';
import { EXPORT_COLUMN_LABELS, type ExportColumnId } from '../../shared/export-columns';
import type { CachedSale } from '../../shared/sales-query-types';
import { amountDecimals, dayToDate, exportCell, type ExportCell, type ExtraColumn } from './export-cells';
import { httpsLinkTarget } from './text-safety';
import {
  XLSX_DATE_TYPE,
  XLSX_NUMBER_TYPE,
  XLSX_STRING_TYPE,
  excelSerial,
  xmlText,
  type RowXmlWriter,
} from './xlsx-row-xml';
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

/** Distinct days whose serial numbers are remembered (an export spans a few thousand days at most). */
const MAX_REMEMBERED_DAYS = 8192;

/**
 * Writes the Sales sheet of `columns`; `links` says whether https URLs become hyperlinks. With a `direct` writer,
 * rows go to the sheet as XML text (the same markup exceljs writes); a row with a hyperlink, and every row without
 * `direct`, goes through exceljs's own rows, which also record the link in the sheet's relationships.
 */
export class SalesSheetWriter implements SalesSheetLayout {
  private rows = 0;
  /** What precedes a cell's row number in its reference: the opening of the cell and its column's letters. */
  private readonly cellStarts: readonly string[];
  private readonly daySerials = new Map<string, string>();
  /** What comes between a cell's reference and its value, found on first use (when exceljs registers the style, too). */
  private plainOpen: string | undefined;
  private dateOpen: string | undefined;
  private dateTimeOpen: string | undefined;
  private readonly amountOpens = new Map<string, string[]>();

  constructor(
    private readonly sheet: ExcelJS.Worksheet,
    private readonly columns: readonly ExportColumnId[],
    private readonly links: boolean,
    private readonly direct: RowXmlWriter | null = null,
    private readonly extra: readonly ExtraColumn[] = [],
  ) {
    this.cellStarts = [...columns, ...extra].map((_id, i) => `<c r="${columnLetter(i + 1)}`);
    sheet.columns = [
      ...columns.map((id) => ({ key: id, width: Math.max(WIDTHS[id], EXPORT_COLUMN_LABELS[id].length + 3) })),
      ...extra.map((column) => ({ width: column.width })),
    ];
    const header = sheet.addRow([...columns.map((id) => EXPORT_COLUMN_LABELS[id]), ...extra.map((c) => c.header)]);
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
    if (this.direct === null || !this.addDirect(this.direct, sale)) this.addThroughExceljs(sale);
    this.rows += 1;
  }

  /** Writes the row as XML text; false (nothing written) when it has a hyperlink, which only exceljs records. */
  private addDirect(direct: RowXmlWriter, sale: CachedSale): boolean {
    const number = direct.beginRow();
    let first = 0;
    let last = 0;
    for (let i = 0; i < this.cellStarts.length; i++) {
      const cell = this.cellOf(i, sale);
      if (cell === null) continue;
      direct.put(this.cellStarts[i] as string);
      direct.put(number);
      if (!this.putCell(direct, cell)) {
        direct.abandonRow();
        return false;
      }
      if (first === 0) first = i + 1;
      last = i + 1;
    }
    direct.endRow(first, last);
    return true;
  }

  /**
   * Puts a cell's XML after its reference's row number: style, type, value and the end of the cell. False, with
   * nothing put, for a cell that becomes a hyperlink.
   */
  private putCell(direct: RowXmlWriter, cell: NonNullable<ExportCell>): boolean {
    switch (cell.type) {
      case 'link':
        if (this.links && httpsLinkTarget(cell.text) !== null) return false;
        direct.put(this.textOpen(direct));
        direct.put(xmlText(cell.text));
        break;
      case 'text':
        direct.put(this.textOpen(direct));
        direct.put(xmlText(cell.text));
        break;
      case 'date':
        this.dateOpen ??= `"${direct.styleAttr(sharedCellStyle(DATE_FORMAT), XLSX_DATE_TYPE)}><v>`;
        direct.put(this.dateOpen);
        direct.put(this.daySerial(cell.day));
        break;
      case 'datetime':
        this.dateTimeOpen ??= `"${direct.styleAttr(sharedCellStyle(DATE_TIME_FORMAT), XLSX_DATE_TYPE)}><v>`;
        direct.put(this.dateTimeOpen);
        direct.put(String(excelSerial(new Date(cell.iso).getTime())));
        break;
      case 'amount':
        direct.put(this.amountOpen(direct, cell.currency, amountDecimals(cell)));
        direct.put(String(cell.value));
        break;
    }
    direct.put('</v></c>');
    return true;
  }

  private textOpen(direct: RowXmlWriter): string {
    this.plainOpen ??= `"${direct.styleAttr(sharedCellStyle(null), XLSX_STRING_TYPE)} t="str"><v>`;
    return this.plainOpen;
  }

  /** The XML between an amount's reference and its value, remembered per currency and decimals. */
  private amountOpen(direct: RowXmlWriter, currency: string, decimals: number): string {
    let byDecimals = this.amountOpens.get(currency);
    if (byDecimals === undefined) this.amountOpens.set(currency, (byDecimals = []));
    let open = byDecimals[decimals];
    if (open === undefined) {
      open = `"${direct.styleAttr(sharedCellStyle(amountFormat(currency, decimals)), XLSX_NUMBER_TYPE)}><v>`;
      byDecimals[decimals] = open;
    }
    return open;
  }

  /** The serial number of a calendar day as text, remembered: an export has many sales per day. */
  private daySerial(day: string): string {
    let serial = this.daySerials.get(day);
    if (serial === undefined) {
      if (this.daySerials.size >= MAX_REMEMBERED_DAYS) this.daySerials.clear();
      serial = String(excelSerial(dayToDate(day).getTime()));
      this.daySerials.set(day, serial);
    }
    return serial;
  }

  /** The cell of the `i`th column: a chosen one, then the extra ones. */
  private cellOf(i: number, sale: CachedSale): ExportCell {
    const id = this.columns[i];
    return id === undefined ? (this.extra[i - this.columns.length]?.cell(sale) ?? null) : exportCell(id, sale);
  }

  private addThroughExceljs(sale: CachedSale): void {
    this.direct?.flush();
    const row = this.sheet.addRow([]);
    this.cellStarts.forEach((_start, i) => {
      const write = toCell(this.cellOf(i, sale), this.links);
      if (write.value === null) return;
      const cell = row.getCell(i + 1);
      cell.value = write.value;
      cell.style = sharedCellStyle(write.numFmt ?? null, write.link);
    });
    row.commit();
  }

  /** Adds the autofilter over the header and every row, then commits the sheet. */
  finish(): void {
    const last = columnLetter(this.cellStarts.length);
    this.sheet.autoFilter = `A1:${last}${this.rows + 1}`;
    this.direct?.flush();
    this.sheet.commit();
  }
}
