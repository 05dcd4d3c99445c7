import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test-support/cache-kit';
import { makeSale } from '../../../test-support/export-kit';
import { openCache, type SalesCache } from '../cache';
import type { ExportPresetId } from '../../shared/export-presets';
import { closeMonth, readAdjustments } from '../books';
import { adjustmentsCsv } from './adjustments-report';
import { exportFromCache } from './export-sales';

const ACCOUNT = 'books';
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
const clock = new Date('2026-04-05T08:00:00.000Z');

beforeEach(() => {
  folder = tempFolder('export-bridge');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: () => clock }).cache;
  cache.storePage(
    ACCOUNT,
    [
      // Owed from February, paid in March.
      makeSale({ currency: 'KWD', commissionAmount: 1.25, transactionDate: '2026-02-10', paymentDate: '2026-03-05' }),
      // Made in March, declined.
      makeSale({
        currency: 'KWD',
        commissionAmount: 0.5,
        commissionStatus: 'declined',
        paymentStatus: 'pending',
        paymentDate: null,
        transactionDate: '2026-03-12',
      }),
      // Made in March, still owed.
      makeSale({
        currency: 'KWD',
        commissionAmount: 0.125,
        paymentStatus: 'pending',
        paymentDate: null,
        transactionDate: '2026-03-20',
      }),
      makeSale({
        currency: 'JPY',
        commissionAmount: 1200,
        paymentStatus: 'pending',
        paymentDate: null,
        transactionDate: '2026-02-27',
      }),
      makeSale({ currency: 'JPY', commissionAmount: 300, transactionDate: '2026-03-02', paymentDate: '2026-03-30' }),
    ],
    clock,
  );
});
afterEach(() => {
  cache.close();
  folder.remove();
});

async function exportWorkbook(preset: ExportPresetId): Promise<ExcelJS.Workbook> {
  const outcome = await exportFromCache({
    cache,
    account: ACCOUNT,
    accountLabel: 'Books',
    baseUrl: 'https://books.example',
    request: { filter: MARCH, format: 'xlsx', preset },
    targetPath: join(folder.dir, `${preset}.xlsx`),
    appVersion: 'test',
    now: () => clock,
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(outcome.filePath);
  return workbook;
}

describe('B3: the Bridge sheet of the accounting export', () => {
  it('B3: the payments and earned exports hold a Bridge sheet per currency whose lines balance, read back from the file', async () => {
    for (const preset of ['payments', 'earned'] as const) {
      const workbook = await exportWorkbook(preset);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
        'Sales',
        'Summary',
        'Bridge',
        'Adjustments since close',
        'About',
      ]);
      const sheet = workbook.getWorksheet('Bridge') as ExcelJS.Worksheet;
      const values = (line: number) => (sheet.getRow(line).values as unknown[]).slice(1);
      expect(values(1)).toEqual([
        'Currency',
        'From',
        'To',
        'Opening receivable',
        '+ Earned',
        '− Reductions',
        '− Received',
        '= Closing receivable',
        'Check (0)',
      ]);
      const march = [new Date('2026-03-01T00:00:00Z'), new Date('2026-03-31T00:00:00Z')];
      const check = (line: number) => ({ formula: `ROUND(D${line}+E${line}-F${line}-G${line}-H${line},` });
      const jpy = values(2);
      expect(jpy.slice(0, 8)).toEqual(['JPY', ...march, 1200, 300, 0, 300, 1200]);
      expect(jpy[8]).toMatchObject({ formula: `${check(2).formula}0)` });
      const kwd = values(3);
      expect(kwd.slice(0, 8)).toEqual(['KWD', ...march, 1.25, 0.625, 0.5, 1.25, 0.125]);
      expect(kwd[8]).toMatchObject({ formula: `${check(3).formula}3)` });
      for (const [row, digits] of [
        [jpy, 0],
        [kwd, 3],
      ] as const) {
        const [opening, earned, reductions, received, closing] = row
          .slice(3, 8)
          .map((v) => Math.round(Number(v) * 10 ** digits));
        expect((opening ?? 0) + (earned ?? 0) - (reductions ?? 0) - (received ?? 0) - (closing ?? 0)).toBe(0);
      }
      expect(sheet.getRow(3).getCell(8).numFmt).toBe('#,##0.000 "KWD"');
      expect(sheet.getRow(2).getCell(4).numFmt).toBe('#,##0 "JPY"');
    }
  });

  it('B3: an export of every sale has no Bridge sheet', async () => {
    const workbook = await exportWorkbook('all');
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Sales', 'Summary', 'About']);
  });
});

describe('B2: a closed month in the accounting export', () => {
  it('B2: after February is closed and one of its sales declined, the Bridge sheet opens from the close and "Adjustments since close" lists the decline, as the CSV does', async () => {
    closeMonth(cache, ACCOUNT, '2026-02', new Date('2026-03-01T09:00:00.000Z'));
    const [february] = [...cache.iterateSales(ACCOUNT, { filter: { from: '2026-02-27', to: '2026-02-27' } })];
    if (february === undefined) throw new Error('the fixture has no sale of 27 February');
    cache.storePage(ACCOUNT, [{ ...february, commissionStatus: 'declined' }], clock);

    const workbook = await exportWorkbook('payments');
    const bridge = workbook.getWorksheet('Bridge') as ExcelJS.Worksheet;
    // JPY: opening is February's recorded 1200; the decline seen since is a reduction, so it still balances.
    expect((bridge.getRow(2).values as unknown[]).slice(1, 9)).toEqual([
      'JPY',
      new Date('2026-03-01T00:00:00Z'),
      new Date('2026-03-31T00:00:00Z'),
      1200,
      300,
      1200,
      300,
      0,
    ]);
    const sheet = workbook.getWorksheet('Adjustments since close') as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Closed month',
      'Sale',
      'What changed',
      'Before',
      'After',
      'Currency',
      'Effect on commission',
      'Seen',
    ]);
    const line = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(line.slice(0, 7)).toEqual([
      '2026-02',
      february.reference,
      'Commission',
      'approved',
      'declined',
      'JPY',
      -1200,
    ]);
    expect(line[7]).toEqual(clock);
    expect(sheet.getRow(2).getCell(7).numFmt).toBe('#,##0 "JPY"');
    expect(sheet.getRow(3).values).toEqual([]);

    const adjustments = readAdjustments(cache, ACCOUNT);
    const csv = parse(adjustmentsCsv(adjustments), { bom: true, columns: true }) as Record<string, string>[];
    expect(csv).toEqual([
      {
        'Closed month': '2026-02',
        Sale: february.reference,
        'What changed': 'Commission',
        Before: 'approved',
        After: 'declined',
        Currency: 'JPY',
        'Effect on commission': '-1200',
        Seen: clock.toISOString(),
      },
    ]);
  });
});
