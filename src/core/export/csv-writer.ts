/**
 * The CSV export: UTF-8 with a byte-order mark (so Excel reads accents and currency symbols right), RFC 4180 quoting
 * and CRLF line ends, one header line and one line per sale in the chosen columns. Dates are ISO days, amounts exact
 * decimal numbers with a dot, and text that could start a formula, whatever separator the file is opened with, is
 * neutralised (E1, S9). Rows are streamed with back-pressure, never held.
 */
import type { Writable } from 'node:stream';
import { EXPORT_COLUMN_LABELS, type ExportColumnId } from '../../shared/export-columns';
import type { CachedSale } from '../../shared/sales-query-types';
import { amountText, exportCell, type ExportCell, type ExtraColumn } from './export-cells';
import { csvTextField } from './text-safety';
import { waitForRoom, type WriteGuard } from './write-pacing';
import { ROWS_PER_BATCH, type ProgressSink } from './xlsx-workbook';

const BOM = '\uFEFF';
const EOL = '\r\n';

function field(cell: ExportCell): string {
  if (cell === null) return '';
  switch (cell.type) {
    case 'text':
    case 'link':
      return csvTextField(cell.text);
    case 'date':
      return cell.day;
    case 'datetime':
      return cell.iso;
    case 'amount':
      return amountText(cell);
  }
}

/** The CSV line of one sale (without the line end). */
export function csvLine(
  columns: readonly ExportColumnId[],
  sale: CachedSale,
  extra: readonly ExtraColumn[] = [],
): string {
  const line = columns.map((id) => field(exportCell(id, sale))).join(',');
  return extra.length === 0 ? line : `${line},${extra.map((column) => field(column.cell(sale))).join(',')}`;
}

/** Writes the CSV of `rows` to `output` and ends it; resolves with the number of sales written. */
export async function writeCsv(
  output: Writable,
  rows: Iterable<CachedSale>,
  columns: readonly ExportColumnId[],
  guard: WriteGuard,
  progress: ProgressSink,
  extra: readonly ExtraColumn[] = [],
): Promise<number> {
  guard.watch(output);
  const headers = [...columns.map((id) => EXPORT_COLUMN_LABELS[id]), ...extra.map((column) => column.header)];
  let buffer = BOM + headers.map(csvTextField).join(',') + EOL;
  let count = 0;
  for (const sale of rows) {
    buffer += csvLine(columns, sale, extra) + EOL;
    count += 1;
    if (count % ROWS_PER_BATCH === 0) {
      output.write(buffer);
      buffer = '';
      progress(count, 'rows');
      await waitForRoom(output, guard);
    }
  }
  progress(count, 'finishing');
  const finished = new Promise<void>((resolve) => output.end(buffer, () => resolve()));
  await guard.race(finished);
  return count;
}
