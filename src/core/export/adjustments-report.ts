/**
 * "Adjustments since close" (B2) as a file: one line per adjustment and currency it moves — the closed month, the
 * sale, what changed, before, after, the effect on commission and when it was seen — as the accounting export's sheet
 * and as a CSV with the exports' safety (formula text neutralised). A change that moves no money has one line with no
 * currency and no effect. The same rows the Adjustments screen and `adjustments --json` give.
 */
import type ExcelJS from 'exceljs';
import type { Adjustment } from '../../shared/closed-month';
import { currencyDigits, decimalToNumber, parseDecimal } from '../../shared/money';
import { CHANGE_FIELD_LABELS } from '../../shared/sale-changes';
import { csvTextField } from './text-safety';
import { amountFormat, DATE_TIME_FORMAT, styleHeader } from './xlsx-styles';

/** The sheet's name in the accounting export. */
export const ADJUSTMENTS_SHEET = 'Adjustments since close';

/** The columns, in order, of the sheet and the CSV. */
export const ADJUSTMENT_COLUMNS = [
  'Closed month',
  'Sale',
  'What changed',
  'Before',
  'After',
  'Currency',
  'Effect on commission',
  'Seen',
] as const;

/** One line: an adjustment and one currency of its effect (none when it moves no money). */
interface AdjustmentLine {
  adjustment: Adjustment;
  currency: string;
  effect: string;
}

function linesOf(adjustments: readonly Adjustment[]): AdjustmentLine[] {
  return adjustments.flatMap((adjustment) =>
    adjustment.effect.length === 0
      ? [{ adjustment, currency: '', effect: '' }]
      : adjustment.effect.map((part) => ({ adjustment, currency: part.currency, effect: part.commission })),
  );
}

/** The CSV text: a byte-order mark for spreadsheets, CRLF line ends, every text cell neutralised. */
export function adjustmentsCsv(adjustments: readonly Adjustment[]): string {
  const rows = linesOf(adjustments).map(({ adjustment, currency, effect }) =>
    [
      csvTextField(adjustment.month),
      csvTextField(adjustment.reference),
      csvTextField(CHANGE_FIELD_LABELS[adjustment.field]),
      csvTextField(adjustment.before ?? ''),
      csvTextField(adjustment.after ?? ''),
      csvTextField(currency),
      effect,
      csvTextField(adjustment.seenAt),
    ].join(','),
  );
  return `\uFEFF${[ADJUSTMENT_COLUMNS.map(csvTextField).join(','), ...rows].join('\r\n')}\r\n`;
}

const NOTE =
  'Changes seen after a month was closed to the sales made in it. The closed month keeps the figures it was closed with; the effect is the change to its commission (earned less declined) in each currency.';

/** Writes the "Adjustments since close" sheet. */
export function writeAdjustmentsSheet(sheet: ExcelJS.Worksheet, adjustments: readonly Adjustment[]): void {
  sheet.columns = ADJUSTMENT_COLUMNS.map((_, i) => ({ width: [12, 22, 22, 16, 16, 10, 20, 20][i] ?? 16 }));
  const header = sheet.addRow([...ADJUSTMENT_COLUMNS]);
  styleHeader(header);
  header.commit();
  for (const { adjustment, currency, effect } of linesOf(adjustments)) {
    const amount = parseDecimal(effect);
    const row = sheet.addRow([
      adjustment.month,
      adjustment.reference,
      CHANGE_FIELD_LABELS[adjustment.field],
      adjustment.before ?? '',
      adjustment.after ?? '',
      currency,
      amount === null ? '' : decimalToNumber(amount),
      new Date(adjustment.seenAt),
    ]);
    if (amount !== null) row.getCell(7).numFmt = amountFormat(currency, currencyDigits(currency));
    row.getCell(8).numFmt = DATE_TIME_FORMAT;
    row.commit();
  }
  sheet.addRow([]).commit();
  sheet.addRow([adjustments.length === 0 ? 'No change to a closed month’s sales since its close.' : NOTE]).commit();
  sheet.commit();
}
