/**
 * A comparison as CSV for a spreadsheet: one row per breakdown line with this period, the one before and the change.
 * Text (names, sub-IDs) is neutralised so no cell can start a formula in any separator a spreadsheet may use;
 * amounts are plain decimal numbers in the currency's decimals.
 */
import type { BreakdownDimension, Comparison } from '../../shared/compare';
import { csvTextField } from '../export';

const BOM = '\uFEFF';
const EOL = '\r\n';

/** What a breakdown's key column is called. */
export const DIMENSION_LABELS: Readonly<Record<BreakdownDimension, string>> = {
  category: 'Category',
  subid: 'Sub-ID',
  product: 'Product',
  collection: 'Collection',
};

/** The comparison as CSV text (UTF-8 with a byte-order mark, so spreadsheets read accents right). */
export function comparisonCsv(comparison: Comparison, dimension: BreakdownDimension): string {
  const { period, previous } = comparison;
  const header = [
    'Currency',
    DIMENSION_LABELS[dimension],
    `Sales ${period.from} to ${period.to}`,
    `Commission earned ${period.from} to ${period.to}`,
    'Share of the currency (%)',
    `Sales ${previous.from} to ${previous.to}`,
    `Commission earned ${previous.from} to ${previous.to}`,
    'Change',
  ];
  const rows = comparison.lines.map((line) => [
    csvTextField(line.currency),
    csvTextField(line.label ?? '(none)'),
    String(line.sales),
    line.amount,
    line.share === null ? '' : (line.share * 100).toFixed(2),
    String(line.previousSales),
    line.previousAmount,
    line.change,
  ]);
  return BOM + [header.map(csvTextField), ...rows].map((row) => row.join(',')).join(EOL) + EOL;
}
