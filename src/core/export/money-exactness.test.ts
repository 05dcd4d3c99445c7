import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDayToService } from '../../shared/dates';
import type { Sale } from '../../shared/domain';
import type { ExportRequest } from '../../shared/ipc-contract';
import { addDecimals, decimalText, parseDecimal, type ExactDecimal } from '../../shared/money';
import { parseSaleRecord } from '../../shared/wire-schemas';
import { openCache, type SalesCache } from '../cache';
import { parseCsv } from '../../../test-support/export-kit';
import { tempFolder } from '../../../test-support/cache-kit';
import { SOFFICE, recalculatedSheet } from '../../../test-support/libreoffice';
import { exportFromCache } from './export-sales';

/**
 * How a sub-cent amount is totalled (T6): every amount is kept exactly (0.005 USD stays 0.005, flagged as
 * finer than the currency), a total is summed exactly at the finest scale present in its group (100,000 × 0.005 =
 * 500.000), and shown with the currency's decimals when that is exact ("500.00"), otherwise with every decimal it has.
 * The workbook's SUMIFS are rounded to the rows' finest decimals, so a spreadsheet's float sum (499.9999999996) comes
 * back to exactly 500.
 */

const SUB_CENT_SALES = 100_000;
const SUB_CENT = 'subcent';
const MIXED = 'mixed';

let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
let path: string;

/** A sale as the service would send it, read by the real record parser. */
function wireSale(
  reference: string,
  day: string,
  currency: string,
  commission: unknown,
  status = 'approved',
  transaction: unknown = 1,
): Sale {
  const parsed = parseSaleRecord({
    reference,
    commission_amount: commission,
    currency,
    commission_status: status,
    transaction_amount: transaction,
    category: 'coupon',
    transaction_date: isoDayToService(day),
    payment_status: 'pending',
  });
  if (!parsed.ok) throw new Error(parsed.warning.reason);
  return parsed.sale;
}

function store(account: string, sales: readonly Sale[]): void {
  for (let i = 0; i < sales.length; i += 1000)
    cache.storePage(account, sales.slice(i, i + 1000), '2026-02-01T08:00:00Z');
  cache.markCovered(account, '2026-01-01', '2026-01-31', '2026-02-01T08:00:00Z');
}

async function exportTo(account: string, name: string, request: Partial<ExportRequest> = {}): Promise<string> {
  const outcome = await exportFromCache({
    cache,
    account,
    accountLabel: 'Exactness',
    baseUrl: 'https://exact.example',
    request: { filter: { from: '2026-01-01', to: '2026-01-31' }, format: 'xlsx', ...request },
    targetPath: join(folder.dir, name),
    appVersion: 'test',
  });
  return outcome.filePath;
}

function exactSum(texts: readonly string[]): string {
  let sum: ExactDecimal = { units: 0n, scale: 0 };
  for (const text of texts) {
    const value = parseDecimal(text);
    if (value === null) throw new Error(`not a decimal: ${text}`);
    sum = addDecimals(sum, value);
  }
  return decimalText(sum);
}

function csvColumn(file: string, label: string): { rows: string[][]; values: string[] } {
  const rows = parseCsv(readFileSync(file, 'utf8').slice(1));
  const index = rows[0]?.indexOf(label) ?? -1;
  return { rows, values: rows.slice(1).map((row) => row[index] ?? '') };
}

/** The Summary row whose first two cells are `currency` and `label`. */
function summaryRow(sheet: ExcelJS.Worksheet, currency: string, label: string): ExcelJS.Row {
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (row.getCell(1).value === currency && row.getCell(2).value === label) return row;
  }
  throw new Error(`no Summary row ${currency} / ${label}`);
}

function formulaOf(cell: ExcelJS.Cell): { formula: string; result: number } {
  const value = cell.value as ExcelJS.CellFormulaValue;
  return { formula: value.formula, result: Number(value.result) };
}

async function readWorkbook(file: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

beforeAll(() => {
  folder = tempFolder('money-exactness');
  path = join(folder.dir, 'cache.sqlite');
  cache = openCache({ path }).cache;
  const days = Array.from({ length: 31 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
  store(
    SUB_CENT,
    Array.from({ length: SUB_CENT_SALES }, (_, i) =>
      wireSale(`SC-${String(i).padStart(6, '0')}`, days[i % 31] as string, 'USD', 0.005),
    ),
  );
  store(MIXED, [
    wireSale('JPY-1', '2026-01-05', 'JPY', 1200, 'approved', 24000),
    wireSale('JPY-2', '2026-01-06', 'JPY', 800, 'approved', 16000),
    wireSale('JPY-3', '2026-01-07', 'JPY', 1, 'approved', 20),
    wireSale('JPY-HALF', '2026-01-08', 'JPY', '12.5', 'pending', 250),
    wireSale('KWD-1', '2026-01-05', 'KWD', 1.125, 'approved', 22.5),
    wireSale('KWD-2', '2026-01-06', 'KWD', '2.5', 'approved', 50),
    wireSale('KWD-3', '2026-01-07', 'KWD', 0.001, 'approved', 0.02),
    wireSale('USD-1', '2026-01-05', 'USD', 0.1, 'approved', 2),
    wireSale('USD-2', '2026-01-06', 'USD', 0.2, 'approved', 4),
  ]);
}, 120_000);

afterAll(() => {
  cache.close();
  folder.remove();
});

describe('T6: 100,000 sales of 0.005 USD', () => {
  it('T6: every one is stored exactly as 0.005 and flagged as finer than USD', () => {
    const [row] = cache.salesPage(SUB_CENT, { offset: 0, limit: 1 }).rows;
    expect(row).toMatchObject({ commissionExact: '0.005', commissionAmount: 0.005, currency: 'USD', amountScale: 2 });
    expect(row?.notices).toEqual([
      expect.objectContaining({ kind: 'finer-than-currency', field: 'commission_amount' }),
    ]);
    const db = new Database(path, { readonly: true });
    try {
      expect(
        db
          .prepare("SELECT count(*) FROM sales WHERE account_id = ? AND commission_exact = '0.005'")
          .pluck()
          .get(SUB_CENT),
      ).toBe(SUB_CENT_SALES);
    } finally {
      db.close();
    }
  });

  it('T6: the app’s summary, series and breakdowns total exactly 500.00 (a rounded sum would say 1000.00)', () => {
    const summary = cache.summary(SUB_CENT, {});
    expect(summary.byCurrency).toEqual([
      expect.objectContaining({
        currency: 'USD',
        count: SUB_CENT_SALES,
        commission: '500.00',
        commissionMinor: 50_000,
      }),
    ]);
    expect(summary.byCommissionStatus).toEqual([
      expect.objectContaining({ commissionStatus: 'approved', commission: '500.00' }),
    ]);
    const months = cache.series(SUB_CENT, { filter: {}, interval: 'month' });
    expect(months.map((p) => p.commission)).toEqual(['500.00']);
    const days = cache.series(SUB_CENT, { filter: {}, interval: 'day' });
    expect(exactSum(days.map((p) => p.commission))).toBe('500');
    expect(days.some((p) => /\.\d{3}$/.test(p.commission))).toBe(true);
    expect(cache.topEntries(SUB_CENT, { dimension: 'subid', limit: 1 })[0]).toMatchObject({ commission: '500.00' });
  });

  it('T6: the CSV holds 0.005 on every row, and its rows add up to exactly 500', async () => {
    const file = await exportTo(SUB_CENT, 'subcent.csv', { format: 'csv' });
    const { values } = csvColumn(file, 'Commission');
    expect(values).toHaveLength(SUB_CENT_SALES);
    expect(new Set(values)).toEqual(new Set(['0.005']));
    expect(exactSum(values)).toBe('500');
  }, 60_000);

  it('T6: the workbook read back: 0.005 in every cell shown with 3 decimals, and a Summary total of exactly 500 that a float sum (499.99…) would miss', async () => {
    const file = await exportTo(SUB_CENT, 'subcent.xlsx');
    const workbook = await readWorkbook(file);
    const sales = workbook.getWorksheet('Sales') as ExcelJS.Worksheet;
    const header = (sales.getRow(1).values as unknown[]).map(String);
    const column = header.indexOf('Commission');
    let floatSum = 0;
    for (let r = 2; r <= SUB_CENT_SALES + 1; r++) {
      const cell = sales.getRow(r).getCell(column);
      expect(cell.value).toBe(0.005);
      floatSum += cell.value as number;
    }
    expect(sales.getRow(2).getCell(column).numFmt).toBe('#,##0.000 "USD"');
    expect(floatSum).not.toBe(500);
    const summary = workbook.getWorksheet('Summary') as ExcelJS.Worksheet;
    const approved = formulaOf(summaryRow(summary, 'USD', 'approved').getCell(5));
    expect(approved.result).toBe(500);
    expect(approved.formula).toMatch(/^ROUND\(SUMIFS\(.*\),3\)$/);
    expect(Number(floatSum.toFixed(3))).toBe(approved.result);
    const total = formulaOf(summaryRow(summary, 'USD', 'Total (approved + pending)').getCell(5));
    expect(total.result).toBe(500);
    expect(summaryRow(summary, 'USD', 'Total (approved + pending)').getCell(5).numFmt).toBe('#,##0.00 "USD"');
  }, 120_000);

  it.skipIf(!SOFFICE)(
    'T6: LibreOffice, recalculating every formula of the workbook, computes exactly 500 (checked against a control formula with a wrong cached result)',
    async () => {
      const control = join(folder.dir, 'control.xlsx');
      const controlBook = new ExcelJS.Workbook();
      controlBook.addWorksheet('Sales').addRow([1]);
      controlBook.addWorksheet('Summary').addRow(['USD', 'control', { formula: 'SUM(1,2)', result: 99 }]);
      await controlBook.xlsx.writeFile(control);
      expect(recalculatedSheet(control, 2, join(folder.dir, 'lo-control'))[0]).toEqual(['USD', 'control', '3']);
      const file = await exportTo(SUB_CENT, 'subcent-lo.xlsx');
      const rows = recalculatedSheet(file, 2, join(folder.dir, 'lo-subcent'));
      const approved = rows.find((row) => row[0] === 'USD' && row[1] === 'approved');
      const total = rows.find((row) => row[0] === 'USD' && row[1] === 'Total (approved + pending)');
      expect(approved?.slice(2, 5)).toEqual(['100000', '100000', '500']);
      expect(total?.slice(2, 5)).toEqual(['100000', '100000', '500']);
    },
    300_000,
  );
});

describe('T6: zero-, two- and three-decimal currencies', () => {
  it('T6: the summary totals JPY, KWD and USD in their own units and shows each with its own decimals', () => {
    const byCurrency = new Map(cache.summary(MIXED, {}).byCurrency.map((t) => [t.currency, t]));
    expect(byCurrency.get('JPY')).toMatchObject({
      scale: 0,
      commission: '2013.5',
      transaction: '40270',
      transactionMinor: 40270,
    });
    expect(byCurrency.get('KWD')).toMatchObject({
      scale: 3,
      commission: '3.626',
      commissionMinor: 3626,
      transaction: '72.520',
    });
    expect(byCurrency.get('USD')).toMatchObject({
      scale: 2,
      commission: '0.30',
      commissionMinor: 30,
      transaction: '6.00',
    });
    const approvedJpy = cache.summary(MIXED, { commissionStatuses: ['approved'], currencies: ['JPY'] }).byCurrency[0];
    expect(approvedJpy).toMatchObject({ commission: '2001', commissionMinor: 2001 });
  });

  it('T6: the CSV writes each amount with its currency’s decimals, 12.5 JPY exactly', async () => {
    const file = await exportTo(MIXED, 'mixed.csv', {
      format: 'csv',
      columns: ['reference', 'currency', 'commissionAmount', 'transactionAmount'],
    });
    const { rows } = csvColumn(file, 'Commission');
    const byReference = new Map(rows.slice(1).map((row) => [row[0], row.slice(2, 4)]));
    expect(byReference.get('JPY-1')).toEqual(['1200', '24000']);
    expect(byReference.get('JPY-HALF')).toEqual(['12.5', '250']);
    expect(byReference.get('KWD-2')).toEqual(['2.500', '50.000']);
    expect(byReference.get('KWD-3')).toEqual(['0.001', '0.020']);
    expect(byReference.get('USD-1')).toEqual(['0.10', '2.00']);
  });

  it('T6: the workbook formats JPY with 0, KWD with 3 and USD with 2 decimals, and its Summary totals are exact', async () => {
    const workbook = await readWorkbook(await exportTo(MIXED, 'mixed.xlsx'));
    const sales = workbook.getWorksheet('Sales') as ExcelJS.Worksheet;
    const header = (sales.getRow(1).values as unknown[]).map(String);
    const formats = new Map<string, string>();
    for (let r = 2; r <= sales.rowCount; r++) {
      const row = sales.getRow(r);
      formats.set(
        String(row.getCell(header.indexOf('Reference')).value),
        row.getCell(header.indexOf('Commission')).numFmt,
      );
    }
    expect(formats.get('JPY-1')).toBe('#,##0 "JPY"');
    expect(formats.get('JPY-HALF')).toBe('#,##0.0 "JPY"');
    expect(formats.get('KWD-1')).toBe('#,##0.000 "KWD"');
    expect(formats.get('USD-1')).toBe('#,##0.00 "USD"');
    const summary = workbook.getWorksheet('Summary') as ExcelJS.Worksheet;
    const total = (currency: string) => summaryRow(summary, currency, 'Total (approved + pending)').getCell(5);
    expect(formulaOf(total('JPY'))).toMatchObject({ result: 2013.5, formula: expect.stringMatching(/,1\)$/) });
    expect(total('JPY').numFmt).toBe('#,##0.0 "JPY"');
    expect(formulaOf(summaryRow(summary, 'JPY', 'approved').getCell(5))).toMatchObject({
      result: 2001,
      formula: expect.stringMatching(/,0\)$/),
    });
    expect(summaryRow(summary, 'JPY', 'approved').getCell(5).numFmt).toBe('#,##0 "JPY"');
    expect(formulaOf(total('KWD'))).toMatchObject({ result: 3.626, formula: expect.stringMatching(/,3\)$/) });
    expect(total('KWD').numFmt).toBe('#,##0.000 "KWD"');
    expect(formulaOf(total('USD'))).toMatchObject({ result: 0.3, formula: expect.stringMatching(/,2\)$/) });
    expect(total('USD').numFmt).toBe('#,##0.00 "USD"');
  });
});
