/**
 * The sentence reported after an export. It always names the full path, so people can find the
 * file, and admits any records that could not be read rather than letting totals silently differ.
 */
import type { ExportResult } from '../../../shared/ipc-contract';
import { formatCount, pluralize } from '../common/format';

/** "Exported 12 sales to /path/file.xlsx" plus a note about unreadable records, if any. */
export function exportedMessage(result: ExportResult, filePath: string, locale?: string): string {
  const main = `Exported ${pluralize(result.rowCount, 'sale', 'sales', locale)} to ${filePath}`;
  if (result.warningCount <= 0) return main;
  const count = formatCount(result.warningCount, locale);
  const note =
    result.warningCount === 1
      ? `${count} record could not be read and was left out.`
      : `${count} records could not be read and were left out.`;
  return `${main}. ${note}`;
}
