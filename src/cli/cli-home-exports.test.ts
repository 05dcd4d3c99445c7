import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../../test-support/cache-kit';
import { runCliInMemory } from '../../test-support/cli-kit';
import { ECB_SAMPLE, HOME_SALES } from '../../test-support/home-sales';
import { convertedMinor, ratesOf } from '../../test-support/rates-oracle';
import { openCache } from '../core/cache';
import { CACHE_FILE_NAME } from './data-dir';

const ORACLE = ratesOf(ECB_SAMPLE);
const AT = new Date('2026-11-28T09:00:00Z');
let folder: ReturnType<typeof tempFolder>;
let dataDir: string;

beforeAll(() => {
  folder = tempFolder('cli-home-exports');
  dataDir = join(folder.dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const { cache } = openCache({ path: join(dataDir, CACHE_FILE_NAME), now: () => AT });
  cache.storePage('demo', HOME_SALES, AT);
  cache.close();
});
afterAll(() => folder.remove());

const cli = (...args: string[]) => runCliInMemory([...args, '--data-dir', dataDir]);
/** Pence of GBP for `minor` units of `currency` at the rate of `day` (the last earlier one when it has none). */
const gbp = (minor: bigint, currency: string, digits: number, day: string) =>
  convertedMinor(ORACLE, minor, [currency, digits], ['GBP', 2], day);
const pounds = (pence: bigint) => Number(pence) / 100;

async function workbook(path: string): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  return book;
}

function rowValues(sheet: ExcelJS.Worksheet, row: number): unknown[] {
  return (sheet.getRow(row).values as unknown[]).slice(1);
}

describe('L2: converted figures in the exports', () => {
  it('L2: export --home is refused, with what to do, while no rates are stored; nothing is written', async () => {
    const out = join(folder.dir, 'refused.xlsx');
    const run = await cli('export', '--account', 'demo', '--month', '2026-10', '--home', 'GBP', '--out', out);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('No reference rates are stored: import the ECB file first with "rates import FILE".');
    expect(() => readFileSync(out)).toThrow();
    expect((await cli('rates', 'import', ECB_SAMPLE)).code).toBe(0);
  });

  it('L2: the accounting xlsx gains converted Sales columns, a Bridge in GBP sheet equal to bridge --home, and the rule on the About sheet', async () => {
    const out = join(folder.dir, 'payments.xlsx');
    const run = await cli(
      'export',
      '--account',
      'demo',
      '--month',
      '2026-10',
      '--preset',
      'payments',
      '--home',
      'GBP',
      '--out',
      out,
    );
    expect(run.code, run.stderr).toBe(0);
    const book = await workbook(out);
    const sales = book.getWorksheet('Sales') as ExcelJS.Worksheet;
    const header = rowValues(sales, 1);
    expect(header.slice(-2)).toEqual([
      'Commission in GBP (approx. at ECB rate of its sale date)',
      'Received in GBP (approx. at ECB rate of its payment date)',
    ]);
    // Paid in October, by payment date: the September sale paid on 2 October, then the October one paid on the 24th.
    expect(rowValues(sales, 2).slice(-2)).toEqual([
      pounds(gbp(3000n, 'USD', 2, '2026-09-20')),
      pounds(gbp(3000n, 'USD', 2, '2026-10-02')),
    ]);
    expect(rowValues(sales, 3).slice(-2)).toEqual([
      pounds(gbp(10000n, 'USD', 2, '2026-10-05')),
      pounds(gbp(10000n, 'USD', 2, '2026-10-24')),
    ]);

    const bridge = book.getWorksheet('Bridge in GBP') as ExcelJS.Worksheet;
    expect(rowValues(bridge, 1)[7]).toBe('+ Exchange difference in GBP (approx.)');
    const printed = await cli('bridge', '--account', 'demo', '--month', '2026-10', '--home', 'GBP', '--json');
    const rows = JSON.parse(printed.stdout) as Record<string, string | null>[];
    rows.forEach((row, i) => {
      const cells = rowValues(bridge, i + 2);
      expect(cells[0]).toBe(row.currency);
      const keys = ['opening', 'earned', 'reductions', 'received', 'exchangeDifference', 'closing'];
      expect(cells.slice(3, 9)).toEqual(keys.map((key) => (row[key] === null ? undefined : Number(row[key]))));
    });

    const about = book.getWorksheet('About') as ExcelJS.Worksheet;
    const entries = new Map<string, string>();
    about.eachRow((row) => entries.set(String(row.getCell(1).value), String(row.getCell(2).value)));
    expect(entries.get('In GBP')).toContain(
      'Earned commission at the rate of its sale date; money received at the rate of its payment date.',
    );
    expect(entries.get('Rates')).toMatch(
      /^ECB euro reference rates of 2024-06-03 to 2026-11-27, imported from eurofxref-hist-sample\.csv at /,
    );
  });

  it('L2: a CSV export under the month-end rule names it in the header and converts at each month’s last rate; KWD cells stay empty', async () => {
    const out = join(folder.dir, 'all.csv');
    const run = await cli(
      'export',
      '--account',
      'demo',
      '--month',
      '2026-10',
      '--home',
      'GBP',
      '--earned-rate',
      'month-end',
      '--out',
      out,
    );
    expect(run.code, run.stderr).toBe(0);
    const [header, ...lines] = readFileSync(out, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header?.split(',').slice(-2)).toEqual([
      'Commission in GBP (approx. at ECB last rate of its sale month)',
      'Received in GBP (approx. at ECB rate of its payment date)',
    ]);
    const byCurrency = new Map(lines.map((line) => [line.split(',')[6], line.split(',').slice(-2)]));
    const text = (pence: bigint) => `${pence / 100n}.${String(pence % 100n).padStart(2, '0')}`;
    // 31 October 2026 is a Saturday: the month's last rate is Friday the 30th's.
    expect(byCurrency.get('JPY')).toEqual([text(gbp(1500n, 'JPY', 0, '2026-10-30')), '']);
    expect(byCurrency.get('USD')).toEqual([
      text(gbp(10000n, 'USD', 2, '2026-10-30')),
      text(gbp(10000n, 'USD', 2, '2026-10-24')),
    ]);
    expect(byCurrency.get('KWD')).toEqual(['', '']);
    expect(run.stdout).toContain('Wrote 4 sales');
  });

  it('L2: year --home --out adds converted Cash and Accrual columns and an About sheet with the rule and what was not converted', async () => {
    const out = join(folder.dir, 'year.xlsx');
    const run = await cli('year', '--account', 'demo', '--year', '2026', '--home', 'GBP', '--out', out);
    expect(run.code, run.stderr).toBe(0);
    const book = await workbook(out);
    const cash = book.getWorksheet('Cash') as ExcelJS.Worksheet;
    expect(rowValues(cash, 1)).toEqual([
      'Currency',
      'Month',
      'From',
      'To',
      'Cash',
      'Cash in GBP (approx. at ECB rate of its payment date)',
    ]);
    const yearRow = (sheet: ExcelJS.Worksheet, currency: string) =>
      Array.from({ length: sheet.rowCount }, (_, i) => rowValues(sheet, i + 1)).find(
        (values) => values[0] === currency && values[1] === 'Year',
      ) ?? [];
    const paid = gbp(3000n, 'USD', 2, '2026-10-02') + gbp(10000n, 'USD', 2, '2026-10-24');
    expect(yearRow(cash, 'USD').at(-1)).toBe(pounds(paid));
    const accrual = book.getWorksheet('Accrual') as ExcelJS.Worksheet;
    expect(rowValues(accrual, 1).slice(4)).toEqual([
      'Accrual',
      'Difference',
      'Accrual in GBP (approx. at ECB rate of its sale date)',
      'Difference in GBP (approx.)',
    ]);
    const made = gbp(3000n, 'USD', 2, '2026-09-20') + gbp(10000n, 'USD', 2, '2026-10-05');
    expect(yearRow(accrual, 'USD').slice(-2)).toEqual([pounds(made), pounds(made - paid)]);
    // KWD has no converted cell: the ECB publishes no rate for it.
    expect(yearRow(cash, 'KWD').slice(4)).toEqual([0]);
    const about = book.getWorksheet('About') as ExcelJS.Worksheet;
    const texts: string[] = [];
    about.eachRow((row) => texts.push(`${String(row.getCell(1).value)}: ${String(row.getCell(2).value)}`));
    expect(texts.join('\n')).toContain('Not converted: The ECB publishes no rate for KWD: shown unconverted.');
    expect(texts.join('\n')).toContain('money received at the rate of its payment date');
  });
});
