import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInMemory } from '../../test-support/cli-kit';
import { FIRST_JPY_MONTH, yearFixtureDataDir } from '../../test-support/year-fixture';
import { createConfSettingsStore, PreferencesStore } from '../core/settings';

let folder: ReturnType<typeof yearFixtureDataDir>['folder'];
let dataDir: string;

beforeAll(() => {
  ({ folder, dataDir } = yearFixtureDataDir('cli-year'));
});
afterAll(() => folder.remove());

const year = (...args: string[]) => runCliInMemory(['year', '--account', 'demo', ...args, '--data-dir', dataDir]);

describe('year on the command line', () => {
  it('B5: year --start 04-06 --json prints each month from the 6th to the 5th per currency, cash and accrual', async () => {
    const run = await year('--year', '2026', '--start', '04-06', '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as Record<string, string>[];
    expect(rows).toHaveLength(26);
    expect(rows[0]).toEqual(FIRST_JPY_MONTH);
    expect(rows.filter((row) => row.month === 'total')).toEqual([
      {
        currency: 'JPY',
        month: 'total',
        from: '2026-04-06',
        to: '2027-04-05',
        cash: '3500',
        accrual: '2700',
        difference: '-800',
      },
      {
        currency: 'KWD',
        month: 'total',
        from: '2026-04-06',
        to: '2027-04-05',
        cash: '12.345',
        accrual: '12.595',
        difference: '0.250',
      },
    ]);
  });

  it('B5: without --start the year is the calendar year; a start on the 29th is refused', async () => {
    const run = await year('--year', '2026', '--json');
    const total = (JSON.parse(run.stdout) as Record<string, string>[]).find((row) => row.month === 'total');
    // 2026: the JPY sales of 5 April (paid 6 April), 6 April and 6 May; the 1500 is made and paid in the year.
    expect(total).toEqual({
      currency: 'JPY',
      month: 'total',
      from: '2026-01-01',
      to: '2026-12-31',
      cash: '3500',
      accrual: '4200',
      difference: '700',
    });
    const refused = await year('--year', '2026', '--start', '02-29');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('day 01 to 28');
  });
});

describe('the fiscal year setting', () => {
  it('B5: the start set in Settings is the default; --start overrides it', async () => {
    new PreferencesStore(createConfSettingsStore(dataDir)).update({ fiscalYearStartMonth: 4, fiscalYearStartDay: 6 });
    const first = async (...args: string[]) =>
      (JSON.parse((await year('--year', '2026', ...args, '--json')).stdout) as Record<string, string>[])[0];
    expect(await first()).toMatchObject({ month: '2026-04', from: '2026-04-06', to: '2026-05-05' });
    expect(await first('--start', '01-01')).toMatchObject({ month: '2026-01', from: '2026-01-01', to: '2026-01-31' });
    new PreferencesStore(createConfSettingsStore(dataDir)).update({ fiscalYearStartMonth: 1, fiscalYearStartDay: 1 });
  });
});

describe('the year workbook', () => {
  it('B5: year --out writes a Cash and an Accrual sheet that read back as the JSON rows', async () => {
    const out = join(folder.dir, 'year.xlsx');
    const run = await year('--year', '2026', '--start', '04-06', '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const values = (name: string) =>
      (workbook.getWorksheet(name)?.getSheetValues() ?? []).flatMap((row) =>
        Array.isArray(row) ? [row.slice(1)] : [],
      );
    const cash = values('Cash');
    expect(cash[0]).toEqual(['Currency', 'Month', 'From', 'To', 'Cash']);
    expect(cash[1]).toEqual(['JPY', '2026-04', '2026-04-06', '2026-05-05', 3500]);
    expect(cash.find((row) => row[0] === 'KWD' && row[1] === 'Year')).toEqual([
      'KWD',
      'Year',
      '2026-04-06',
      '2027-04-05',
      12.345,
    ]);
    const accrual = values('Accrual');
    expect(accrual[0]).toEqual(['Currency', 'Month', 'From', 'To', 'Accrual', 'Difference']);
    expect(accrual.find((row) => row[0] === 'KWD' && row[1] === '2027-03')).toEqual([
      'KWD',
      '2027-03',
      '2027-03-06',
      '2027-04-05',
      0.25,
      0.25,
    ]);
    expect(accrual.find((row) => row[0] === 'JPY' && row[1] === 'Year')).toEqual([
      'JPY',
      'Year',
      '2026-04-06',
      '2027-04-05',
      2700,
      -800,
    ]);
    expect(cash).toHaveLength(27);
    expect(accrual).toHaveLength(27);
    const again = await year('--year', '2026', '--start', '04-06', '--out', out);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already exists');
  });
});
