/**
 * The export request for what the sales screen shows: the same cache filter and sort, the visible columns (those an
 * export can hold) in their on-screen order, and the chosen format — so the file is the table, in a file.
 */
import { EXPORT_COLUMN_IDS, type ExportColumnId } from '../../../../shared/export-columns';
import type { ExportFormat } from '../../../../shared/export-presets';
import type { ExportRequest, ExportResult } from '../../../../shared/ipc-contract';
import type { SalesFilter, SalesSort } from '../../../../shared/sales-query';
import { fileNameOf, pluralize } from '../../common/format';

function isExportColumn(id: string): id is ExportColumnId {
  return (EXPORT_COLUMN_IDS as readonly string[]).includes(id);
}

/** The request exporting `filter` in `sort` with the table's visible columns. */
export function exportRequestFor(
  filter: SalesFilter,
  sort: SalesSort,
  visibleColumnIds: readonly string[],
  format: ExportFormat,
): ExportRequest {
  const columns = visibleColumnIds.filter(isExportColumn);
  return { filter, sort, format, ...(columns.length > 0 ? { columns: [...new Set(columns)] } : {}) };
}

/**
 * "Exported 12 sales to file.xlsx", admitting days of the range that were not synced. The file's name, not its path:
 * a path is long, may be a temporary folder's, and "Show in folder" goes there.
 */
export function exportedMessage(result: ExportResult, filePath: string, locale?: string): string {
  const main = `Exported ${pluralize(result.rowCount, 'sale', 'sales', locale)} to ${fileNameOf(filePath)}`;
  if (result.dataAsOf === null || result.dataAsOf.complete) return main;
  return `${main}. Some days of the range are not synced yet, so the file holds only the sales on this computer.`;
}
