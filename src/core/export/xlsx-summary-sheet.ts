/**
 * The "Summary" sheet: totals per currency × commission status, declined sales apart, per currency × payment status
 * and per currency × month. Every count and sum is a COUNTIFS/SUMIFS formula over the Sales sheet, so an accountant
 * can audit it, with the value the app computed written as the formula's result, so the file shows the right numbers
 * even before a spreadsheet recalculates. Amounts of different currencies are never added together (TESTPLAN E4).
 */
import type ExcelJS from 'exceljs';
import type { CommissionStatus } from '../../shared/domain';
import type { DateBasis } from '../../shared/export-presets';
import { officialDigits } from '../cache';
import { SUMMARY_COMMISSION_STATUSES, SUMMARY_PAYMENT_STATUSES, type ExportTotals, type GroupTotals } from './export-totals';
import type { SalesSheetLayout } from './xlsx-sales-sheet';
import { COUNT_FORMAT, MONTH_FORMAT, amountFormat, styleHeader } from './xlsx-styles';

/** The Sales sheet's name as formulas refer to it. */
const SALES = 'Sales';

/** A criterion of a COUNTIFS/SUMIFS: the criteria range's column and the criterion text (a formula expression). */
type Criterion = [column: string, expression: string];

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

function text(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

function monthCriteria(column: string, month: string): Criterion[] {
  if (month === '') return [[column, '""']];
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? [year + 1, 1] : [year, number + 1];
  return [
    [column, `">="&DATE(${year},${number},1)`],
    [column, `"<"&DATE(${next[0]},${next[1]},1)`],
  ];
}

function decimalsOf(value: number, currency: string): number {
  return Math.max(officialDigits(currency), Math.min((String(value).split('.')[1] ?? '').length, 10));
}

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
  ) {
    this.columns = requireColumns(layout, basis);
    const last = Math.max(salesRows + 1, 2);
    this.range = (column) => `${SALES}!$${column}$2:$${column}$${last}`;
    sheet.columns = [{ width: 12 }, { width: 30 }, { width: 12 }, { width: 22 }, { width: 22 }, { width: 22 }, { width: 26 }];
  }

  /** Writes every section and commits the sheet. */
  write(): void {
    this.title();
    const currencies = this.totals.currencies();
    if (currencies.length === 0) {
      this.line(['No sales match the filters of this export.']);
    } else {
      this.commissionSection(currencies);
      this.declinedSection(currencies);
      this.paymentSection(currencies);
      this.monthSection(currencies);
    }
    this.sheet.commit();
  }

  private title(): void {
    const title = this.sheet.addRow(['Summary']);
    title.font = { bold: true, size: 14 };
    title.commit();
    this.line(['Every total below is a COUNTIFS or SUMIFS formula over the Sales sheet. Amounts are totalled per currency and never added across currencies.']);
    this.line(['Declined sales are shown apart and are not counted as earned. Transaction amounts add up the sales that have one.']);
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

  private criteriaText(currency: string, criteria: Criterion[]): string {
    return [[this.columns.currency, text(currency)] as Criterion, ...criteria].map(([column, expression]) => `${this.range(column)},${expression}`).join(',');
  }

  /** Cells of count, transaction sum and commission sum of one group, each a formula with its cached result. */
  private groupCells(currency: string, criteria: Criterion[], totals: GroupTotals): ExcelJS.CellValue[] {
    const where = this.criteriaText(currency, criteria);
    return [
      { formula: `COUNTIFS(${where})`, result: totals.count },
      { formula: `SUMIFS(${this.range(this.columns.transaction)},${where})`, result: totals.transaction },
      { formula: `SUMIFS(${this.range(this.columns.commission)},${where})`, result: totals.commission },
    ];
  }

  /** Adds a row whose cells from `firstNumber` on are [count, amount, amount, …] of `currency`. */
  private numbersRow(values: ExcelJS.CellValue[], firstNumber: number, currency: string, bold = false, monthCell = false): void {
    const row = this.sheet.addRow(values);
    if (bold) row.font = { bold: true };
    if (monthCell) row.getCell(2).numFmt = MONTH_FORMAT;
    row.getCell(firstNumber).numFmt = COUNT_FORMAT;
    for (let i = firstNumber + 1; i <= values.length; i++) {
      const value = values[i - 1];
      const result = typeof value === 'object' && value !== null && 'result' in value && typeof value.result === 'number' ? value.result : 0;
      row.getCell(i).numFmt = amountFormat(currency, decimalsOf(result, currency));
    }
    row.commit();
  }

  private statusCriterion(status: CommissionStatus | 'earnable'): Criterion {
    return [this.columns.commissionStatus, status === 'earnable' ? '"<>declined"' : text(status)];
  }

  private commissionSection(currencies: string[]): void {
    this.header(
      ['Currency', 'Commission status', 'Sales', 'Transaction amount', 'Commission'],
      'Commission by status (declined sales are listed separately below)',
    );
    for (const currency of currencies) {
      const earnable = this.totals.byCommission(currency, 'earnable');
      if (earnable.count === 0) continue;
      for (const status of SUMMARY_COMMISSION_STATUSES.filter((s) => s !== 'declined')) {
        const totals = this.totals.byCommission(currency, status);
        if (totals.count > 0) this.numbersRow([currency, status, ...this.groupCells(currency, [this.statusCriterion(status)], totals)], 3, currency);
      }
      this.numbersRow([currency, 'Total (approved + pending)', ...this.groupCells(currency, [this.statusCriterion('earnable')], earnable)], 3, currency, true);
    }
    this.line([]);
  }

  private declinedSection(currencies: string[]): void {
    this.header(['Currency', 'Commission status', 'Sales', 'Transaction amount', 'Commission (not earned)'], 'Declined sales (not counted as earned)');
    const declined = currencies.filter((currency) => this.totals.byCommission(currency, 'declined').count > 0);
    if (declined.length === 0) this.line(['', 'No declined sales.']);
    for (const currency of declined) {
      const totals = this.totals.byCommission(currency, 'declined');
      this.numbersRow([currency, 'declined', ...this.groupCells(currency, [this.statusCriterion('declined')], totals)], 3, currency);
    }
    this.line([]);
  }

  private paymentSection(currencies: string[]): void {
    this.header(['Currency', 'Payment status', 'Sales', 'Transaction amount', 'Commission'], 'By payment status (declined sales left out)');
    for (const currency of currencies) {
      for (const status of SUMMARY_PAYMENT_STATUSES) {
        const totals = this.totals.byPayment(currency, status);
        if (totals.count === 0) continue;
        const criteria: Criterion[] = [this.statusCriterion('earnable'), [this.columns.paymentStatus, text(status)]];
        this.numbersRow([currency, status, ...this.groupCells(currency, criteria, totals)], 3, currency);
      }
    }
    this.line([]);
  }

  private monthSection(currencies: string[]): void {
    const basis = this.basis === 'payment' ? 'payment date' : 'transaction date';
    this.header(
      [
        'Currency',
        'Month',
        'Sales (without declined)',
        'Transaction amount (without declined)',
        'Approved commission',
        'Pending commission',
        'Declined commission (not earned)',
      ],
      `By month of the ${basis}`,
    );
    for (const currency of currencies) {
      for (const month of this.totals.monthsOf(currency)) this.monthRow(currency, month);
    }
  }

  private monthRow(currency: string, month: string): void {
    const when = monthCriteria(this.columns.date, month);
    const [count, transaction] = this.groupCells(currency, [...when, this.statusCriterion('earnable')], this.totals.byMonth(currency, month, 'earnable'));
    const commissionOf = (status: CommissionStatus): ExcelJS.CellValue =>
      this.groupCells(currency, [...when, this.statusCriterion(status)], this.totals.byMonth(currency, month, status))[2] ?? null;
    const label: ExcelJS.CellValue = month === '' ? `(no ${this.basis} date)` : new Date(`${month}-01T00:00:00Z`);
    const values = [currency, label, count ?? null, transaction ?? null, commissionOf('approved'), commissionOf('pending'), commissionOf('declined')];
    this.numbersRow(values, 3, currency, false, month !== '');
  }
}
