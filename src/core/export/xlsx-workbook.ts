/**
 * The Excel export: a workbook with the sheets "Sales", "Summary", "Bridge", "Bridge in <home currency>" and
 * "Adjustments since close" (when planned) and "About", written with
 * exceljs's streaming WorkbookWriter so rows flow from the cache to the disk without being held in memory (a million
 * sales stay within a few hundred megabytes). The Summary's totals are gathered while the rows pass and written after
 * them.
 */
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { BridgeRow } from '../../shared/bridge';
import type { Adjustment } from '../../shared/closed-month';
import type { ExportColumnId } from '../../shared/export-columns';
import type { DateBasis } from '../../shared/export-presets';
import type { CachedSale } from '../../shared/sales-query-types';
import type { AboutEntry } from './export-about';
import type { ExtraColumn } from './export-cells';
import { ExportTotals } from './export-totals';
import { waitForRoom, type WriteGuard } from './write-pacing';
import { RowXmlWriter } from './xlsx-row-xml';
import { SalesSheetWriter } from './xlsx-sales-sheet';
import { homeBridgeTitle, writeBridgeSheet, writeHomeBridgeSheet, type HomeBridgeSheet } from './xlsx-bridge-sheet';
import { ADJUSTMENTS_SHEET, writeAdjustmentsSheet } from './adjustments-report';
import { SummarySheetWriter, type SummaryNote } from './xlsx-summary-sheet';
import { DATE_TIME_FORMAT, styleHeader } from './xlsx-styles';

/** Rows written between two pauses for the streams, progress and cancel. */
export const ROWS_PER_BATCH = 500;

/** What goes into the workbook besides the rows. */
export interface WorkbookPlan {
  columns: readonly ExportColumnId[];
  dateBasis: DateBasis;
  /** Whether https URLs become hyperlinks. */
  links: boolean;
  /** The About sheet's lines, once the number of rows and of sales with notices is known. */
  about: (rowCount: number, flaggedSales: number) => AboutEntry[];
  createdAt: Date;
  /** Sentences under the Summary's title (statuses checked, warnings, sales left out). */
  summaryNotes?: readonly SummaryNote[];
  /** The earned-to-received bridge of the export's period (B3), written as the Bridge sheet. */
  bridge?: readonly BridgeRow[];
  /** Changes to closed months' sales since their close (B2), written as the "Adjustments since close" sheet. */
  adjustments?: readonly Adjustment[];
  /** Columns written after the chosen ones on the Sales sheet (the home-currency figures). */
  extraColumns?: readonly ExtraColumn[];
  /** The bridge converted into the home currency (L2), written as its own sheet after the Bridge. */
  homeBridge?: HomeBridgeSheet;
  /**
   * True: every Sales row goes through exceljs's own row objects instead of being written as XML text. Same file,
   * slower; tests write both ways and compare.
   */
  rowsThroughExceljs?: boolean;
}

/** Reports rows written and what the writer is doing. */
export type ProgressSink = (rowsWritten: number, phase: 'rows' | 'summary' | 'finishing') => void;

function streamOf(sheet: ExcelJS.Worksheet): Writable | undefined {
  // The worksheet's zip entry: exceljs pipes the sheet into it and ignores its back-pressure.
  const stream: unknown = (sheet as unknown as { stream?: unknown }).stream;
  const pipes: unknown = typeof stream === 'object' && stream !== null && 'pipes' in stream ? stream.pipes : undefined;
  return Array.isArray(pipes) ? (pipes[0] as Writable | undefined) : undefined;
}

function writeAbout(sheet: ExcelJS.Worksheet, entries: AboutEntry[]): void {
  sheet.columns = [{ width: 24 }, { width: 110 }];
  const header = sheet.addRow(['About this export', '']);
  styleHeader(header);
  header.commit();
  for (const [label, value] of entries) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { wrapText: true, vertical: 'top', horizontal: 'left' };
    if (value instanceof Date) row.getCell(2).numFmt = DATE_TIME_FORMAT;
    row.commit();
  }
  sheet.commit();
}

/** Writes the workbook of `rows` to `output`; resolves with the number of sales written. */
export async function writeXlsx(
  output: Writable,
  rows: Iterable<CachedSale>,
  plan: WorkbookPlan,
  guard: WriteGuard,
  progress: ProgressSink,
): Promise<number> {
  // Loaded on the first export, not at every start: exceljs and what it needs are most of the main process's code.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const zip: unknown = (workbook as unknown as { zip?: unknown }).zip;
  if (zip && typeof zip === 'object' && 'on' in zip) guard.watch(zip as Writable);
  try {
    workbook.creator = 'Commission Desk';
    workbook.lastModifiedBy = 'Commission Desk';
    workbook.created = plan.createdAt;
    workbook.modified = plan.createdAt;
    const frozen: Partial<ExcelJS.WorksheetView>[] = [
      { state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' },
    ];
    const salesSheet = workbook.addWorksheet('Sales', { views: frozen });
    const sales = new SalesSheetWriter(
      salesSheet,
      plan.columns,
      plan.links,
      plan.rowsThroughExceljs ? null : RowXmlWriter.attach(workbook, salesSheet),
      plan.extraColumns,
    );
    const summarySheet = workbook.addWorksheet('Summary');
    const bridgeSheet = plan.bridge === undefined ? null : workbook.addWorksheet('Bridge');
    const homeBridgeSheet =
      plan.homeBridge === undefined ? null : workbook.addWorksheet(homeBridgeTitle(plan.homeBridge.home));
    const adjustmentsSheet = plan.adjustments === undefined ? null : workbook.addWorksheet(ADJUSTMENTS_SHEET);
    const aboutSheet = workbook.addWorksheet('About');
    const totals = new ExportTotals();
    const basisOf = (sale: CachedSale): string | null =>
      plan.dateBasis === 'payment' ? sale.paymentDate : sale.transactionDate;
    let flagged = 0;
    for (const sale of rows) {
      sales.add(sale);
      totals.add(sale, basisOf(sale));
      if (sale.notices.length > 0) flagged += 1;
      if (sales.rowCount % ROWS_PER_BATCH === 0) {
        progress(sales.rowCount, 'rows');
        await waitForRoom(streamOf(salesSheet), guard);
      }
    }
    progress(sales.rowCount, 'summary');
    sales.finish();
    new SummarySheetWriter(summarySheet, sales, totals, plan.dateBasis, sales.rowCount, plan.summaryNotes).write();
    if (bridgeSheet !== null && plan.bridge !== undefined) writeBridgeSheet(bridgeSheet, plan.bridge);
    if (homeBridgeSheet !== null && plan.homeBridge !== undefined)
      writeHomeBridgeSheet(homeBridgeSheet, plan.homeBridge);
    if (adjustmentsSheet !== null && plan.adjustments !== undefined)
      writeAdjustmentsSheet(adjustmentsSheet, plan.adjustments);
    writeAbout(aboutSheet, plan.about(sales.rowCount, flagged));
    progress(sales.rowCount, 'finishing');
    await guard.race(workbook.commit());
    return sales.rowCount;
  } catch (error) {
    if (zip && typeof zip === 'object' && 'abort' in zip && typeof zip.abort === 'function')
      (zip as { abort(): void }).abort();
    throw error;
  }
}
