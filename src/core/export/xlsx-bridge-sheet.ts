/**
 * The Bridge sheet of the accounting export (B3): per currency, opening receivable + earned − reductions − received
 * = closing receivable over the export's period, as `bridge --json` gives it, with a check column an accountant can
 * recompute. Amounts are plain numbers shown in their currency's decimals. With a home currency, a second sheet holds
 * the same bridge converted (L2), closed by its exchange difference, as `bridge --home --json` gives it.
 */
import type ExcelJS from 'exceljs';
import type { BridgeRow, HomeBridgeRow } from '../../shared/bridge';
import type { DayRange } from '../../shared/dates';
import { convertedHeader, rateRuleText, type RateRule } from '../../shared/rate-rule';
import { currencyDigits, decimalToNumber, parseDecimal } from '../../shared/money';
import { amountFormat, DATE_FORMAT, styleHeader } from './xlsx-styles';

/** The sheet's column titles, in order. */
const BRIDGE_HEADER = [
  'Currency',
  'From',
  'To',
  'Opening receivable',
  '+ Earned',
  '− Reductions',
  '− Received',
  '= Closing receivable',
  'Check (0)',
];

const NOTES = [
  'Receivable on a day: the commission of the sales made by then, not declined and not paid by then, as last synced (a sale paid without a payment date counts as paid).',
  'Earned: the sales made in the period, whatever their status. Received: the sales paid with a payment date in the period.',
  'Reductions: the declined sales made in the period, and the sales made in it but paid before it or without a payment date; less payments in the period of declined sales or of sales made after it. Sales no longer reported are left out.',
];

function amount(text: string): number {
  const value = parseDecimal(text);
  return value === null ? 0 : decimalToNumber(value);
}

/** Writes `rows` to `sheet`, one row per currency, then the definitions. */
export function writeBridgeSheet(sheet: ExcelJS.Worksheet, rows: readonly BridgeRow[]): void {
  sheet.columns = BRIDGE_HEADER.map((_, i) => ({ width: i === 0 ? 10 : i < 3 ? 12 : 20 }));
  const header = sheet.addRow(BRIDGE_HEADER);
  styleHeader(header);
  header.commit();
  rows.forEach((bridge, i) => {
    const digits = currencyDigits(bridge.currency);
    const line = i + 2;
    const row = sheet.addRow([
      bridge.currency,
      new Date(`${bridge.from}T00:00:00Z`),
      new Date(`${bridge.to}T00:00:00Z`),
      amount(bridge.opening),
      amount(bridge.earned),
      amount(bridge.reductions),
      amount(bridge.received),
      amount(bridge.closing),
      { formula: `ROUND(D${line}+E${line}-F${line}-G${line}-H${line},${digits})`, result: 0 },
    ]);
    row.getCell(2).numFmt = DATE_FORMAT;
    row.getCell(3).numFmt = DATE_FORMAT;
    for (let cell = 4; cell <= 9; cell++) row.getCell(cell).numFmt = amountFormat(bridge.currency, digits);
    row.commit();
  });
  sheet.addRow([]).commit();
  for (const note of NOTES) sheet.addRow([note]).commit();
  sheet.commit();
}

/** The converted bridge of a period, as the home-currency sheet writes it. */
export interface HomeBridgeSheet {
  home: string;
  rule: RateRule;
  range: DayRange;
  rows: readonly HomeBridgeRow[];
}

/** The home-currency sheet's title. */
export function homeBridgeTitle(home: string): string {
  return `Bridge in ${home}`;
}

/** Writes the bridge converted into the home currency: one row per original currency, then the rule. */
export function writeHomeBridgeSheet(sheet: ExcelJS.Worksheet, bridge: HomeBridgeSheet): void {
  const { home, rule } = bridge;
  const header = [
    'Currency',
    'From',
    'To',
    convertedHeader('Opening receivable', home, 'earned', rule),
    convertedHeader('+ Earned', home, 'earned', rule),
    convertedHeader('− Reductions', home, 'earned', rule),
    convertedHeader('− Received', home, 'received', rule),
    `+ Exchange difference in ${home} (approx.)`,
    convertedHeader('= Closing receivable', home, 'earned', rule),
    'Check (0)',
    'Not converted',
  ];
  sheet.columns = header.map((_, i) => ({ width: i === 0 ? 10 : i < 3 ? 12 : i < 10 ? 26 : 50 }));
  const top = sheet.addRow(header);
  styleHeader(top);
  top.commit();
  const digits = currencyDigits(home);
  bridge.rows.forEach((row, i) => {
    const line = i + 2;
    const amounts = [row.opening, row.earned, row.reductions, row.received, row.exchangeDifference, row.closing];
    const converted = row.unconverted === null;
    const added = sheet.addRow([
      row.currency,
      new Date(`${bridge.range.from}T00:00:00Z`),
      new Date(`${bridge.range.to}T00:00:00Z`),
      ...amounts.map((value) => (value === null ? null : amount(value))),
      converted
        ? { formula: `ROUND(D${line}+E${line}-F${line}-G${line}+H${line}-I${line},${digits})`, result: 0 }
        : null,
      row.unconverted,
    ]);
    added.getCell(2).numFmt = DATE_FORMAT;
    added.getCell(3).numFmt = DATE_FORMAT;
    for (let cell = 4; cell <= 10; cell++) added.getCell(cell).numFmt = amountFormat(home, digits);
    added.commit();
  });
  sheet.addRow([]).commit();
  sheet.addRow([rateRuleText(home, rule)]).commit();
  sheet
    .addRow([
      'Exchange difference: what the received rates gave the money received more (or less) than the earned rates gave the same commission. As the sales are now: this sheet does not open from a month’s close.',
    ])
    .commit();
  sheet.commit();
}
