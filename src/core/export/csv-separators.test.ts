import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMN_IDS, type ExportColumnId } from '../../shared/export-columns';
import type { SalesCache } from '../cache';
import { tempFolder } from '../../../test-support/cache-kit';
import { cacheWith, makeSale, parseCsv } from '../../../test-support/export-kit';
import { SOFFICE, csvAsWorkbooks, type CsvSeparator } from '../../../test-support/libreoffice';
import { exportFromCache } from './export-sales';
import { csvTextField, neutralisedText } from './text-safety';

/**
 * Sale texts that become a formula cell when the CSV line is split on another separator than the comma, or when an
 * importer drops leading spaces or quotes, each with the text the export writes instead (read with the comma).
 */
const HOSTILE: [text: string, written: string][] = [
  ['x;=1+2;', "x;'=1+2;"],
  ['x,=1+2,', "x,'=1+2,"],
  ['x\t=1+2\t', "x\t'=1+2\t"],
  ['\t=HYPERLINK("https://evil.example","x")', '\'\t\'=HYPERLINK("https://evil.example","x")'],
  [' @SUM(1)', "' @SUM(1)"],
  ['"=cmd"', '\'"=cmd"'],
  ['  ""=1+2', '\'  ""=1+2'],
  ['x; =1+2', "x;' =1+2"],
  ['x;"=1+2"', 'x;\'"=1+2"'],
  ['x;" @SUM(1)"', 'x;\'" @SUM(1)"'],
  ['x;"a;=1+2"', 'x;"a;\'=1+2"'],
  ['a;b;+1+2;-3+4;@SUM(1)', "a;b;'+1+2;'-3+4;'@SUM(1)"],
  ['=1+2;=3+4,=5+6\t=7+8', "'=1+2;'=3+4,'=5+6\t'=7+8"],
  ['x,"=1+2",y', 'x,\'"=1+2",y'],
  ['x\r\n=1+2', "x\r\n'=1+2"],
  ['x\n=1+2', "x\n'=1+2"],
  ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  [';=1+2', ";'=1+2"],
  ['x;"";=1+2', 'x;"";\'=1+2'],
  ['-2+3', "'-2+3"],
  ['x;\u00a0=1+2', 'x;\u00a0=1+2'],
];

/** Texts a spreadsheet reads as text however the line is split: written exactly as they are. */
const HARMLESS = ['Desk lamp', 'Lamp; blue, large', 'Price -5% off', 'a-b', 'x;y\tz', "it's 1+2", 'Tom "Tiny" Lamp'];

describe('S9: a CSV field is neutralised wherever a cell could start', () => {
  it('S9: an apostrophe goes at the start and after each comma, semicolon, tab or line break followed by a trigger (behind spaces or quotes)', () => {
    for (const [text, written] of HOSTILE) expect(neutralisedText(text), JSON.stringify(text)).toBe(written);
    for (const text of HARMLESS) expect(neutralisedText(text)).toBe(text);
  });

  it('S9: a neutralised field is always quoted; a harmless one only when RFC 4180 needs it', () => {
    expect(csvTextField('x;=1+2;')).toBe(`"x;'=1+2;"`);
    expect(csvTextField(' @SUM(1)')).toBe(`"' @SUM(1)"`);
    expect(csvTextField('"=cmd"')).toBe(`"'""=cmd"""`);
    expect(csvTextField('x;y')).toBe('x;y');
    expect(csvTextField('Lamp; blue, large')).toBe('"Lamp; blue, large"');
  });
});

const ACCOUNT = 'acct-s9';
const SEPARATORS: [name: string, separator: CsvSeparator][] = [
  ['comma', ','],
  ['semicolon', ';'],
  ['tab', '\t'],
];
/** A text column first, then an amount first: what starts a line is a cell start under every separator. */
const TEXT_FIRST: ExportColumnId[] = ['productName', ...EXPORT_COLUMN_IDS.filter((id) => id !== 'productName')];
const AMOUNT_FIRST: ExportColumnId[] = [
  'commissionAmount',
  ...EXPORT_COLUMN_IDS.filter((id) => id !== 'commissionAmount'),
];
/** A text a spreadsheet would take as a formula: a trigger behind spaces or quotes, and not an amount. */
const FORMULA_LIKE = /^[ "]*[=+\-@]/;
const AMOUNT_START = /^-\d+(\.\d+)?(,|$)/;

/** One sale per text, the text in every text column the service fills; every other sale is a refund. */
function hostileSales() {
  const texts = [...HOSTILE.map(([text]) => text), ...HARMLESS];
  return texts.map((text, i) =>
    makeSale({
      reference: `${text}#${i}`,
      productName: text,
      productSlug: text,
      collectionName: text,
      collectionSlug: text,
      collectionUrl: text,
      category: text,
      subid: text,
      commissionStatus: i % 3 === 0 ? text : 'approved',
      paymentStatus: i % 3 === 1 ? text : 'paid',
      commissionAmount: i % 2 === 0 ? -2.5 : 12.75,
      transactionAmount: i % 2 === 0 ? -30 : 99.9,
    }),
  );
}

interface Cell {
  address: string;
  row: number;
  column: number;
  type: ExcelJS.ValueType;
  value: ExcelJS.CellValue;
}

/** Every cell of every sheet of the workbook at `path`. */
async function cellsOf(path: string): Promise<Cell[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const cells: Cell[] = [];
  for (const sheet of workbook.worksheets) {
    sheet.eachRow((row, n) =>
      row.eachCell((cell, column) =>
        cells.push({ address: `${sheet.name}!${cell.address}`, row: n, column, type: cell.type, value: cell.value }),
      ),
    );
  }
  return cells;
}

if (!SOFFICE)
  console.warn(
    'S9: LibreOffice (soffice) is not installed, so the CSV is not opened with each separator. Install libreoffice-calc-nogui.',
  );

describe('S9: a CSV export opened in LibreOffice with comma, semicolon or tab as separator', () => {
  let folder: ReturnType<typeof tempFolder>;
  let cache: SalesCache;
  const exports: string[] = [];
  let control = '';

  beforeAll(async () => {
    folder = tempFolder('csv-separators');
    cache = cacheWith(folder.dir, ACCOUNT, hostileSales());
    for (const [name, columns] of [
      ['text-first', TEXT_FIRST],
      ['amount-first', AMOUNT_FIRST],
    ] as const) {
      const result = await exportFromCache({
        cache,
        account: ACCOUNT,
        accountLabel: 'Main shop',
        baseUrl: 'https://api.example',
        request: { filter: { from: '2026-01-01', to: '2026-03-31' }, format: 'csv', columns: [...columns] },
        targetPath: join(folder.dir, `${name}.csv`),
        appVersion: '9.9.9-test',
        now: () => new Date('2026-04-02T10:00:00Z'),
      });
      expect(result.rowCount).toBe(HOSTILE.length + HARMLESS.length);
      exports.push(result.filePath);
    }
    // The same hostile texts written as they are: proves the conversion below evaluates formulas under each separator.
    control = join(folder.dir, 'control.csv');
    writeFileSync(control, HOSTILE.map(([text]) => `"${text.replace(/"/g, '""')}"`).join('\r\n'));
  });
  afterAll(() => {
    cache.close();
    folder.remove();
  });

  it('S9: read with the comma, every text comes back with its apostrophes and every amount is a number', () => {
    const [header = [], ...rows] = parseCsv(readFileSync(exports[0] as string, 'utf8').replace(/^\uFEFF/, ''));
    const product = rows.map((row) => row[header.indexOf('Product')]);
    for (const [, written] of HOSTILE) expect(product).toContain(written);
    for (const text of HARMLESS) expect(product).toContain(text);
    for (const row of rows) expect(row[header.indexOf('Commission')]).toMatch(/^(-2\.50|12\.75)$/);
  });

  it.skipIf(!SOFFICE)(
    'S9: no cell of the result is a formula or text a spreadsheet could take for one, for each separator; with the comma, amounts are numbers and the texts read back',
    async () => {
      const converted = await Promise.all(
        SEPARATORS.map(([name, separator]) =>
          csvAsWorkbooks([...exports, control], separator, join(folder.dir, `lo-${name}`)),
        ),
      );
      for (const [index, [name]] of SEPARATORS.entries()) {
        const [textFirst, amountFirst, controlBook] = converted[index] as [string, string, string];
        const controlCells = await cellsOf(controlBook);
        expect(
          controlCells.filter((c) => c.type === ExcelJS.ValueType.Formula).length,
          `${name}: the texts written as they are make formulas`,
        ).toBeGreaterThan(0);
        for (const book of [textFirst, amountFirst]) {
          const cells = await cellsOf(book);
          const formulas = cells.filter((c) => c.type === ExcelJS.ValueType.Formula);
          expect(formulas, `${name}: formula cells`).toEqual([]);
          const formulaLike = cells.filter(
            (c) => typeof c.value === 'string' && FORMULA_LIKE.test(c.value) && !AMOUNT_START.test(c.value),
          );
          expect(formulaLike, `${name}: text a spreadsheet could take for a formula`).toEqual([]);
        }
      }
      const [textFirst, amountFirst] = converted[0] as [string, string];
      const products = (await cellsOf(textFirst)).filter((c) => c.column === 1 && c.row > 1).map((c) => c.value);
      for (const [, written] of HOSTILE) expect(products).toContain(written.replace(/\r\n?/g, '\n'));
      for (const text of HARMLESS) expect(products).toContain(text);
      const amounts = (await cellsOf(amountFirst)).filter((c) => c.column === 1 && c.row > 1).map((c) => c.value);
      expect(new Set(amounts)).toEqual(new Set([-2.5, 12.75]));
    },
    300_000,
  );
});
