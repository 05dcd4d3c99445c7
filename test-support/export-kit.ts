/**
 * Helpers for the export tests: sales with hostile text and links, a cache filled with them, and an auditor that
 * reads a written workbook back with exceljs the way an accountant would check it. The auditor evaluates every
 * COUNTIFS/SUMIFS of the Summary sheet against the Sales rows itself, so a wrong formula or a wrong cached result
 * fails the test whichever of the two is wrong. Not used by the app.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { Sale } from '../src/shared/domain';
import { openCache, type SalesCache } from '../src/core/cache';

/** Text values that start with every formula trigger (E1). */
export const HOSTILE_TEXTS = [
  '=1+2',
  '+SUM(A1:A2)',
  '-2+3',
  '@SUM(1)',
  '\tTabbed',
  '\rReturn',
  '\nNewline',
  '=HYPERLINK("https://evil.example","x")',
];

/** Links of every kind; only the first may become a hyperlink (E2). */
export const LINKS = [
  'https://shop.example/collections/ok',
  'http://insecure.example/c',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'smb://server/share',
  'https://user:pw@shop.example/private',
  'not a url at all',
];

let counter = 0;

/** A sale with sensible defaults. */
export function makeSale(overrides: Partial<Sale> = {}): Sale {
  counter += 1;
  return {
    reference: `R-${String(counter).padStart(6, '0')}`,
    commissionAmount: 1.5,
    currency: 'EUR',
    commissionStatus: 'approved',
    transactionAmount: 20,
    category: 'coupon',
    transactionDate: '2026-01-15',
    paymentStatus: 'paid',
    paymentDate: '2026-02-10',
    productSlug: 'lamp',
    productName: 'Desk lamp',
    collectionSlug: 'home',
    collectionName: 'Home',
    collectionUrl: 'https://shop.example/collections/home',
    subid: 'blog',
    extra: {},
    ...overrides,
  };
}

/** Sales over three months in four currencies (two, zero and three official decimals), every status, hostile text and links. */
export function mixedSales(): Sale[] {
  const sales: Sale[] = [];
  const currencies = ['EUR', 'USD', 'JPY', 'KWD'];
  const statuses = ['approved', 'pending', 'declined'] as const;
  const payments = [
    { paymentStatus: 'paid' as const, paymentDate: '2026-02-20' },
    { paymentStatus: 'pending' as const, paymentDate: null },
    { paymentStatus: null, paymentDate: null },
  ];
  for (let i = 0; i < 90; i++) {
    const currency = currencies[i % currencies.length] as string;
    const day = `2026-0${1 + (i % 3)}-${String(1 + (i % 28)).padStart(2, '0')}`;
    sales.push(
      makeSale({
        currency,
        transactionDate: day,
        commissionStatus: statuses[i % 3],
        ...payments[(i >> 1) % 3],
        commissionAmount: currency === 'JPY' ? 120 + i : currency === 'KWD' ? (1125 + i) / 1000 : (i + 1) / 10,
        transactionAmount: i % 10 === 0 ? null : currency === 'JPY' ? 2400 + i : (1999 + 100 * i) / 100,
        productName: HOSTILE_TEXTS[i % HOSTILE_TEXTS.length] ?? 'x',
        subid: i % 5 === 0 ? '-5' : `sub-${i % 4}`,
        collectionUrl: LINKS[i % LINKS.length] ?? null,
      }),
    );
  }
  sales.push(makeSale({ currency: 'EUR', commissionAmount: -2.5, transactionAmount: -30, reference: '=REFUND()' }));
  // The service sent more decimals than EUR keeps: exported as sent, and totalled as the spreadsheet would.
  sales.push(
    makeSale({ currency: 'EUR', commissionAmount: 1.005, transactionAmount: 10.0049, transactionDate: '2026-03-02' }),
  );
  return sales;
}

/** A cache file in `dir` holding `sales` for `account`, covered from `from` to `to`. */
export function cacheWith(
  dir: string,
  account: string,
  sales: readonly Sale[],
  from = '2026-01-01',
  to = '2026-03-31',
): SalesCache {
  const { cache } = openCache({ path: join(dir, 'cache.sqlite'), now: () => new Date('2026-04-01T08:00:00Z') });
  for (let i = 0; i < sales.length; i += 500) cache.storePage(account, sales.slice(i, i + 500), '2026-04-01T08:00:00Z');
  cache.markCovered(account, from, to, '2026-04-01T08:00:00Z');
  return cache;
}

/** A cell's value as the auditor sees it. */
type Value = string | number | Date | null;

function plain(cell: ExcelJS.Cell): Value {
  const value = cell.value;
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'object' && 'hyperlink' in value) return value.text;
  if (typeof value === 'object' && 'result' in value) return (value.result as Value) ?? null;
  throw new Error(`unexpected cell value ${JSON.stringify(value)}`);
}

/** Every data row of a sheet as values keyed by column letter. */
function rowsOf(sheet: ExcelJS.Worksheet, from: number): Map<string, Value>[] {
  const rows: Map<string, Value>[] = [];
  for (let r = from; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values = new Map<string, Value>();
    row.eachCell({ includeEmpty: false }, (cell) => values.set(cell.address.replace(/\d+$/, ''), plain(cell)));
    rows.push(values);
  }
  return rows;
}

function excelSerial(date: Date): number {
  return date.getTime() / 86_400_000 + 25_569;
}

type Test = (value: Value) => boolean;

function criterion(text: string): Test {
  const date = /^"(>=|<)"&DATE\((\d+),(\d+),1\)$/.exec(text);
  if (date) {
    const bound = excelSerial(new Date(Date.UTC(Number(date[2]), Number(date[3]) - 1, 1)));
    return (v) => v instanceof Date && (date[1] === '>=' ? excelSerial(v) >= bound : excelSerial(v) < bound);
  }
  const literal = /^"((?:[^"]|"")*)"$/.exec(text);
  if (!literal) throw new Error(`criterion not understood: ${text}`);
  const body = (literal[1] ?? '').replace(/""/g, '"');
  if (body === '') return (v) => v === null || v === '';
  if (body.startsWith('<>')) return (v) => v !== body.slice(2);
  return (v) => v === body;
}

function splitArgs(text: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === '(') depth += 1;
    if (!quoted && ch === ')') depth -= 1;
    if (!quoted && depth === 0 && ch === ',') {
      args.push(current);
      current = '';
    } else current += ch;
  }
  args.push(current);
  return args;
}

function columnOfRange(range: string, lastRow: number): string {
  const match = /^Sales!\$([A-Z]+)\$2:\$\1\$(\d+)$/.exec(range);
  if (!match || Number(match[2]) !== lastRow) throw new Error(`range does not cover exactly the Sales rows: ${range}`);
  return match[1] as string;
}

/** One Summary formula evaluated by the auditor. */
export interface AuditedFormula {
  address: string;
  formula: string;
  result: number;
  evaluated: number;
  /** The currency the formula's currency criterion names. */
  currency: string;
}

/** A workbook read back, with its Summary formulas evaluated independently. */
export interface WorkbookAudit {
  workbook: ExcelJS.Workbook;
  sales: ExcelJS.Worksheet;
  summary: ExcelJS.Worksheet;
  about: ExcelJS.Worksheet;
  header: string[];
  formulas: AuditedFormula[];
  /** Cells of the Sales and About sheets holding a formula (must be none). */
  strayFormulas: string[];
  hyperlinks: string[];
}

function evaluate(
  formula: string,
  salesRows: Map<string, Value>[],
  currencyColumn: string,
): { value: number; currency: string } {
  // Sums come as ROUND(SUMIFS(…),decimals): evaluated as the float sum rounded to those decimals, as a spreadsheet does.
  const rounded = /^ROUND\((.*),(\d+)\)$/.exec(formula);
  const match = /^(COUNTIFS|SUMIFS)\((.*)\)$/.exec(rounded ? (rounded[1] as string) : formula);
  if (!match) throw new Error(`unexpected formula ${formula}`);
  const args = splitArgs(match[2] as string);
  const lastRow = salesRows.length + 1;
  const sumColumn = match[1] === 'SUMIFS' ? columnOfRange(args.shift() as string, lastRow) : null;
  const tests: [string, Test][] = [];
  let currency = '';
  for (let i = 0; i < args.length; i += 2) {
    const column = columnOfRange(args[i] as string, lastRow);
    if (column === currencyColumn) currency = (args[i + 1] as string).replace(/"/g, '');
    tests.push([column, criterion(args[i + 1] as string)]);
  }
  let value = 0;
  for (const row of salesRows) {
    if (!tests.every(([column, test]) => test(row.get(column) ?? null))) continue;
    const add = sumColumn === null ? 1 : row.get(sumColumn);
    value += typeof add === 'number' ? add : 0;
  }
  return { value: rounded ? Number(value.toFixed(Number(rounded[2]))) : value, currency };
}

/** Reads an xlsx back and audits it. */
export async function auditWorkbook(path: string): Promise<WorkbookAudit> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const [sales, summary, about] = ['Sales', 'Summary', 'About'].map((name) => {
    const sheet = workbook.getWorksheet(name);
    if (!sheet) throw new Error(`no ${name} sheet`);
    return sheet;
  }) as [ExcelJS.Worksheet, ExcelJS.Worksheet, ExcelJS.Worksheet];
  const header = (sales.getRow(1).values as unknown[]).slice(1).map(String);
  const currencyColumn = String.fromCharCode(65 + header.indexOf('Currency'));
  const salesRows = rowsOf(sales, 2);
  const strayFormulas: string[] = [];
  const hyperlinks: string[] = [];
  for (const sheet of [sales, about]) {
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Formula) strayFormulas.push(`${sheet.name}!${cell.address}`);
        if (cell.hyperlink) hyperlinks.push(cell.hyperlink);
      }),
    );
  }
  const formulas: AuditedFormula[] = [];
  summary.eachRow((row) =>
    row.eachCell((cell) => {
      if (cell.type !== ExcelJS.ValueType.Formula) return;
      const { value, currency } = evaluate(cell.formula, salesRows, currencyColumn);
      formulas.push({
        address: cell.address,
        formula: cell.formula,
        result: Number(cell.result),
        evaluated: value,
        currency,
      });
    }),
  );
  return { workbook, sales, summary, about, header, formulas, strayFormulas, hyperlinks };
}

/** The Summary row whose column B reads `label`, for currency `currency`: its C.. cells' results; null when absent. */
export function findSummaryRow(audit: WorkbookAudit, currency: string, label: string, after = 1): number[] | null {
  for (let r = after; r <= audit.summary.rowCount; r++) {
    const row = audit.summary.getRow(r);
    if (row.getCell(1).value === currency && row.getCell(2).value === label) {
      const out: number[] = [];
      for (let c = 3; c <= row.cellCount; c++) out.push(Number(plain(row.getCell(c))));
      return out;
    }
  }
  return null;
}

/** As {@link findSummaryRow}, throwing when the row is absent. */
export function summaryRow(audit: WorkbookAudit, currency: string, label: string, after = 1): number[] {
  const row = findSummaryRow(audit, currency, label, after);
  if (row === null) throw new Error(`no Summary row ${currency} / ${label}`);
  return row;
}

/** The row number of the Summary section whose title starts with `title`. */
export function sectionRow(audit: WorkbookAudit, title: string): number {
  for (let r = 1; r <= audit.summary.rowCount; r++) {
    if (String(audit.summary.getRow(r).getCell(1).value ?? '').startsWith(title)) return r;
  }
  throw new Error(`no Summary section ${title}`);
}

/** Parses CSV text per RFC 4180 (quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** The Summary sheet's text in column A, row by row (empty rows as ''), for its sentences (T3, T5). */
export function summaryLines(audit: WorkbookAudit): string[] {
  const lines: string[] = [];
  for (let r = 1; r <= audit.summary.rowCount; r++) {
    const value = audit.summary.getRow(r).getCell(1).value;
    lines.push(typeof value === 'string' ? value : '');
  }
  return lines;
}

/**
 * Sets when the service last confirmed every cached sale, as if the cache had not been synced since `checkedAt`: how
 * a test run in real time gets statuses older than a day (T3). Run it while no other process writes the file.
 */
export function setStatusChecks(cachePath: string, checkedAt: string): number {
  const db = new Database(cachePath, { fileMustExist: true });
  try {
    return db.prepare('UPDATE sales SET status_checked_at = ?').run(checkedAt).changes;
  } finally {
    db.close();
  }
}
