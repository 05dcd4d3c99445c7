/**
 * The "Summary" sheet: totals per currency × commission status, declined sales apart, statuses the spec does not list
 * apart, per currency × payment status and per currency × month. Every count and sum is a COUNTIFS/SUMIFS formula
 * over the Sales sheet, so an accountant can audit it, with the exact total the app computed written as the
 * formula's result, so the file shows the right numbers even before a spreadsheet recalculates. Each SUMIFS is
 * wrapped in ROUND to the finest decimals of its rows: a spreadsheet adds the rows' numbers in floating point
 * (100,000 × 0.005 gives 499.9999999996), and rounding to the rows' own decimals gives back the exact total (500).
 * Amounts of different currencies are never added together (E4, T6).
 */
import { COMMISSION_COLUMN_LABELS } from '../../shared/commission-columns';
import type ExcelJS from 'exceljs';
import type { DateBasis } from '../../shared/export-presets';
import { currencyDigits, decimalOfNumber, decimalToNumber, decimalsOf } from '../../shared/money';
import { SUMMARY_COMMISSION_STATUSES, type ExportTotals, type GroupTotals, type MonthBucket } from './export-totals';
import {
  criteriaSeparate,
  earnableCriteria,
  monthCriteria,
  otherCriteria,
  textCriterion,
  type Criterion,
} from './summary-criteria';
import type { SalesSheetLayout } from './xlsx-sales-sheet';
import { COUNT_FORMAT, MONTH_FORMAT, amountFormat, styleHeader } from './xlsx-styles';

/** The Sales sheet's name as formulas refer to it. */
const SALES = 'Sales';

interface Columns {
  currency: string;
  commission: string;
  transaction: string;
  commissionStatus: string;
  paymentStatus: string;
  date: string;
}

function requireColumns(layout: SalesSheetLayout, basis: DateBasis): Columns {
  const get = (id: Parameters<SalesSheetLayout['columnOf']>[0]): string => {
    const letter = layout.columnOf(id);
    if (letter === null) throw new Error(`The Sales sheet lacks the ${id} column the Summary needs.`);
    return letter;
  };
  return {
    currency: get('currency'),
    commission: get('commissionAmount'),
    transaction: get('transactionAmount'),
    commissionStatus: get('commissionStatus'),
    paymentStatus: get('paymentStatus'),
    date: get(basis === 'payment' ? 'paymentDate' : 'transactionDate'),
  };
}

/** Decimals a total shows: its currency's own, more when the exact total has them (at most 10). */
function decimalsFor(value: number, currency: string): number {
  const exact = decimalOfNumber(value);
  return Math.max(currencyDigits(currency), Math.min(exact === null ? 0 : decimalsOf(exact), 10));
}

/** A sentence the Summary states under its title: how fresh the statuses are, which sales are left out; a warning stands out. */
export interface SummaryNote {
  text: string;
  warning?: boolean;
}

/** Where a group's rows are: criteria for formulas, or null when its totals are written as values. */
type Where = Criterion[] | null;

/** Writes the Summary sheet from the totals gathered while the Sales rows were written. */
export class SummarySheetWriter {
  private readonly columns: Columns;
  private readonly range: (column: string) => string;

  constructor(
    private readonly sheet: ExcelJS.Worksheet,
    layout: SalesSheetLayout,
    private readonly totals: ExportTotals,
    private readonly basis: DateBasis,
    salesRows: number,
    private readonly notes: readonly SummaryNote[] = [],
  ) {
    this.columns = requireColumns(layout, basis);
    const last = Math.max(salesRows + 1, 2);
    this.range = (column) => `${SALES}!$${column}$2:$${column}$${last}`;
    sheet.columns = [
      { width: 12 },
      { width: 30 },
      { width: 12 },
      { width: 22 },
      { width: 22 },
      { width: 22 },
      { width: 26 },
      { width: 26 },
    ];
  }

  /** Writes every section and commits the sheet. */
  write(): void {
    const currencies = this.totals.currencies();
    this.title(currencies);
    if (currencies.length === 0) {
      this.line(['No sales match the filters of this export.']);
    } else {
      this.commissionSection(currencies);
      this.declinedSection(currencies);
      if (this.totals.hasOtherStatuses()) this.otherSection(currencies);
      this.paymentSection(currencies);
      this.monthSection(currencies);
    }
    this.sheet.commit();
  }

  private title(currencies: string[]): void {
    const title = this.sheet.addRow(['Summary']);
    title.font = { bold: true, size: 14 };
    title.commit();
    for (const note of this.notes) {
      const row = this.sheet.addRow([note.text]);
      if (note.warning) row.font = { bold: true, color: { argb: 'FFC00000' } };
      row.commit();
    }
    this.line([
      'Every total below is a COUNTIFS or SUMIFS formula over the Sales sheet. Amounts are totalled per currency and never added across currencies.',
    ]);
    this.line([
      'Declined sales are shown apart and are not counted as earned. Transaction amounts add up the sales that have one.',
    ]);
    this.line([
      'Each sum is rounded to the most decimals among its rows, so it is exact: a spreadsheet adds numbers in floating point.',
    ]);
    for (const currency of currencies.filter((c) => !this.usesFormulas(c))) {
      this.line([
        `${currency}: some statuses differ only in letter case or are not plain words, which spreadsheet criteria cannot tell apart; its totals are values computed by Commission Desk, not formulas.`,
      ]);
    }
    this.line([]);
  }

  private line(values: ExcelJS.CellValue[], bold = false): ExcelJS.Row {
    const row = this.sheet.addRow(values);
    if (bold) row.font = { bold: true };
    row.commit();
    return row;
  }

  private header(values: string[], section: string): void {
    this.line([section], true);
    const row = this.sheet.addRow(values);
    styleHeader(row);
    row.commit();
  }

  /** Whether the currency's statuses can be selected by criteria (see `summary-criteria.ts`). */
  private usesFormulas(currency: string): boolean {
    return (
      criteriaSeparate(this.totals.statusesOf(currency)) && criteriaSeparate(this.totals.paymentStatusesOf(currency))
    );
  }

  private criteriaText(currency: string, criteria: Criterion[]): string {
    return [[this.columns.currency, textCriterion(currency)] as Criterion, ...criteria]
      .map(([column, expression]) => `${this.range(column)},${expression}`)
      .join(',');
  }

  private sum(column: string, where: string, total: number, scale: number): ExcelJS.CellValue {
    return { formula: `ROUND(SUMIFS(${this.range(column)},${where}),${scale})`, result: total };
  }

  /** Cells of count, transaction sum and commission sum of one group: formulas with their exact results, or values. */
  private groupCells(currency: string, criteria: Where, totals: GroupTotals): ExcelJS.CellValue[] {
    const transaction = decimalToNumber(totals.transaction);
    const commission = decimalToNumber(totals.commission);
    if (criteria === null || !this.usesFormulas(currency)) return [totals.count, transaction, commission];
    const where = this.criteriaText(currency, criteria);
    return [
      { formula: `COUNTIFS(${where})`, result: totals.count },
      this.sum(this.columns.transaction, where, transaction, totals.transactionScale),
      this.sum(this.columns.commission, where, commission, totals.commissionScale),
    ];
  }

  /** Adds a row whose cells from `firstNumber` on are [count, amount, amount, …] of `currency`. */
  private numbersRow(
    values: ExcelJS.CellValue[],
    firstNumber: number,
    currency: string,
    bold = false,
    monthCell = false,
  ): void {
    const row = this.sheet.addRow(values);
    if (bold) row.font = { bold: true };
    if (monthCell) row.getCell(2).numFmt = MONTH_FORMAT;
    row.getCell(firstNumber).numFmt = COUNT_FORMAT;
    for (let i = firstNumber + 1; i <= values.length; i++) {
      const value = values[i - 1];
      const result =
        typeof value === 'number'
          ? value
          : typeof value === 'object' && value !== null && 'result' in value && typeof value.result === 'number'
            ? value.result
            : 0;
      row.getCell(i).numFmt = amountFormat(currency, decimalsFor(result, currency));
    }
    row.commit();
  }

  private statusCriteria(status: string): Criterion[] {
    return [[this.columns.commissionStatus, textCriterion(status)]];
  }

  private earnable(currency: string): Criterion[] {
    return earnableCriteria(this.columns.commissionStatus, this.totals.statusesOf(currency));
  }

  private commissionSection(currencies: string[]): void {
    this.header(
      ['Currency', 'Commission status', 'Sales', 'Transaction amount', 'Commission'],
      'Commission by status (declined sales are listed separately below)',
    );
    for (const currency of currencies) {
      const earnable = this.totals.earnable(currency);
      if (earnable.count === 0) continue;
      for (const status of ['approved', 'pending']) {
        const totals = this.totals.byStatus(currency, status);
        if (totals.count > 0)
          this.numbersRow(
            [currency, status, ...this.groupCells(currency, this.statusCriteria(status), totals)],
            3,
            currency,
          );
      }
      this.numbersRow(
        [currency, 'Total (approved + pending)', ...this.groupCells(currency, this.earnable(currency), earnable)],
        3,
        currency,
        true,
      );
    }
    this.line([]);
  }

  private declinedSection(currencies: string[]): void {
    this.header(
      ['Currency', 'Commission status', 'Sales', 'Transaction amount', 'Commission (not earned)'],
      'Declined sales (not counted as earned)',
    );
    const declined = currencies.filter((currency) => this.totals.byStatus(currency, 'declined').count > 0);
    if (declined.length === 0) this.line(['', 'No declined sales.']);
    for (const currency of declined) {
      const totals = this.totals.byStatus(currency, 'declined');
      this.numbersRow(
        [currency, 'declined', ...this.groupCells(currency, this.statusCriteria('declined'), totals)],
        3,
        currency,
      );
    }
    this.line([]);
  }

  /** Statuses the spec does not list (or none at all), each under its own name, counted neither as earned nor pending. */
  private otherSection(currencies: string[]): void {
    this.header(
      ['Currency', 'Commission status', 'Sales', 'Transaction amount', 'Commission'],
      'Other commission statuses (not documented by the service; not counted as earned or pending)',
    );
    for (const currency of currencies) {
      for (const status of this.totals.statusesOf(currency).filter((s) => !SUMMARY_COMMISSION_STATUSES.includes(s))) {
        this.numbersRow(
          [
            currency,
            status,
            ...this.groupCells(currency, this.statusCriteria(status), this.totals.byStatus(currency, status)),
          ],
          3,
          currency,
        );
      }
    }
    this.line([]);
  }

  private paymentSection(currencies: string[]): void {
    this.header(
      ['Currency', 'Payment status', 'Sales', 'Transaction amount', 'Commission'],
      'By payment status (approved and pending sales)',
    );
    for (const currency of currencies) {
      for (const status of this.totals.paymentStatusesOf(currency)) {
        const criteria: Criterion[] = [...this.earnable(currency), [this.columns.paymentStatus, textCriterion(status)]];
        this.numbersRow(
          [currency, status, ...this.groupCells(currency, criteria, this.totals.byPayment(currency, status))],
          3,
          currency,
        );
      }
    }
    this.line([]);
  }

  private monthSection(currencies: string[]): void {
    const basis = this.basis === 'payment' ? 'payment date' : 'transaction date';
    const others = this.totals.hasOtherStatuses() ? [`${COMMISSION_COLUMN_LABELS.other} (not counted)`] : [];
    this.header(
      [
        'Currency',
        'Month',
        'Sales (approved + pending)',
        'Transaction amount (approved + pending)',
        'Approved commission',
        'Pending commission',
        'Declined commission (not earned)',
        ...others,
      ],
      `By month of the ${basis}`,
    );
    for (const currency of currencies) {
      for (const month of this.totals.monthsOf(currency)) this.monthRow(currency, month, others.length > 0);
    }
  }

  private monthRow(currency: string, month: string, withOthers: boolean): void {
    const when = monthCriteria(this.columns.date, month);
    const [count, transaction] = this.groupCells(
      currency,
      [...when, ...this.earnable(currency)],
      this.totals.byMonth(currency, month, 'earnable'),
    );
    const commissionOf = (bucket: MonthBucket, criteria: Criterion[]): ExcelJS.CellValue =>
      this.groupCells(currency, [...when, ...criteria], this.totals.byMonth(currency, month, bucket))[2] ?? null;
    const label: ExcelJS.CellValue = month === '' ? `(no ${this.basis} date)` : new Date(`${month}-01T00:00:00Z`);
    const values = [
      currency,
      label,
      count ?? null,
      transaction ?? null,
      commissionOf('approved', this.statusCriteria('approved')),
      commissionOf('pending', this.statusCriteria('pending')),
      commissionOf('declined', this.statusCriteria('declined')),
      ...(withOthers ? [commissionOf('other', otherCriteria(this.columns.commissionStatus))] : []),
    ];
    this.numbersRow(values, 3, currency, false, month !== '');
  }
}
