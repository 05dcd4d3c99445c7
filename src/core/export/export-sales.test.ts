import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportRequest } from '../../shared/ipc-contract';
import type { SalesCache } from '../cache';
import { tempFolder } from '../../../test-support/cache-kit';
import { exportFromCache, type ExportControl } from './export-sales';
import {
  HOSTILE_TEXTS,
  LINKS,
  auditWorkbook,
  cacheWith,
  makeSale,
  mixedSales,
  findSummaryRow,
  parseCsv,
  sectionRow,
  summaryRow,
} from '../../../test-support/export-kit';

const ACCOUNT = 'acct-1';
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
const SALES = mixedSales();

beforeEach(() => {
  folder = tempFolder('export');
  cache = cacheWith(folder.dir, ACCOUNT, SALES);
});
afterEach(() => {
  cache.close();
  folder.remove();
});

function run(request: Partial<ExportRequest>, name: string, control: ExportControl = {}) {
  return exportFromCache(
    {
      cache,
      account: ACCOUNT,
      accountLabel: 'Main shop',
      baseUrl: 'https://api.example',
      request: { filter: { from: '2026-01-01', to: '2026-03-31' }, format: 'xlsx', ...request },
      targetPath: join(folder.dir, name),
      appVersion: '9.9.9-test',
      now: () => new Date('2026-04-02T10:00:00Z'),
    },
    control,
  );
}

/** Entries of the export folder other than the cache's own files. */
function exportFolder(): string[] {
  return readdirSync(folder.dir)
    .filter((n) => !n.startsWith('cache.sqlite'))
    .sort();
}

/** Sum of a column over the Sales rows matching `keep`, per the header names. */
function salesSum(
  audit: Awaited<ReturnType<typeof auditWorkbook>>,
  column: string,
  keep: (row: Record<string, unknown>) => boolean,
): number {
  const index = audit.header.indexOf(column) + 1;
  let sum = 0;
  audit.sales.eachRow((row, n) => {
    if (n === 1) return;
    const record: Record<string, unknown> = {};
    audit.header.forEach((name, i) => (record[name] = row.getCell(i + 1).value));
    const value = row.getCell(index).value;
    if (keep(record) && typeof value === 'number') sum += value;
  });
  return sum;
}

describe('xlsx export from the cache', () => {
  it('E1: text starting with = + - @ tab CR or LF is a string cell, never a formula; amounts are numbers and dates are dates', async () => {
    const result = await run({}, 'e1.xlsx');
    expect(result.rowCount).toBe(SALES.length);
    const audit = await auditWorkbook(result.filePath);
    expect(audit.strayFormulas).toEqual([]);
    const col = (name: string) => audit.header.indexOf(name) + 1;
    const seen = new Set<string>();
    audit.sales.eachRow((row, n) => {
      if (n === 1) return;
      const product = row.getCell(col('Product'));
      expect(product.type).toBe(ExcelJS.ValueType.String);
      seen.add(String(product.value).replace(/^\n/, '\r'));
      expect(row.getCell(col('Reference')).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(col('Transaction date')).value).toBeInstanceOf(Date);
      expect(row.getCell(col('Commission')).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(col('Currency')).type).toBe(ExcelJS.ValueType.String);
      const transaction = row.getCell(col('Transaction amount'));
      expect([ExcelJS.ValueType.Number, ExcelJS.ValueType.Null]).toContain(transaction.type);
    });
    // Every hostile text came back as the same string (XML turns a lone CR into LF, which is still text).
    for (const text of HOSTILE_TEXTS) expect(seen.has(text.replace(/^\n/, '\r'))).toBe(true);
    let refund: ExcelJS.Row | undefined;
    audit.sales.eachRow((row) => {
      if (row.getCell(col('Reference')).value === '=REFUND()') refund = row;
    });
    expect(refund?.getCell(col('Reference')).type).toBe(ExcelJS.ValueType.String);
    expect(refund?.getCell(col('Commission')).value).toBe(-2.5);
    expect(audit.sales.getCell(2, col('Commission')).numFmt).toMatch(/^#,##0\.0+ "[A-Z]{3}"$/);
    expect(audit.sales.getCell(2, col('Transaction date')).numFmt).toBe('yyyy-mm-dd');
  });

  it('E2: only https links become hyperlinks; http, javascript:, file:, smb:, links with credentials and non-URLs stay text', async () => {
    const result = await run({ columns: ['reference', 'collectionUrl'] }, 'e2.xlsx');
    const audit = await auditWorkbook(result.filePath);
    expect(audit.hyperlinks.length).toBeGreaterThan(0);
    for (const link of audit.hyperlinks) expect(new URL(link).protocol).toBe('https:');
    expect(new Set(audit.hyperlinks)).toEqual(new Set([LINKS[0], 'https://shop.example/collections/home']));
    const linkColumn = audit.header.indexOf('Collection link') + 1;
    const texts = new Set<unknown>();
    audit.sales.eachRow((row, n) => {
      if (n === 1 || row.getCell(linkColumn).hyperlink) return;
      texts.add(row.getCell(linkColumn).value);
    });
    expect([...texts].every((t) => typeof t === 'string' || t === null)).toBe(true);
    expect(texts).toContain('javascript:alert(1)');
    expect(texts).toContain('https://user:pw@shop.example/private');
  });

  it('E4: every Summary total is a SUMIFS/COUNTIFS over the Sales sheet whose cached result equals the sum of its rows, per currency', async () => {
    const result = await run({}, 'e4.xlsx');
    const audit = await auditWorkbook(result.filePath);
    expect(audit.formulas.length).toBeGreaterThan(50);
    const plainNumbers: string[] = [];
    audit.summary.eachRow((row) =>
      row.eachCell((cell) => typeof cell.value === 'number' && plainNumbers.push(cell.address)),
    );
    expect(plainNumbers, 'Summary numbers written as values instead of formulas').toEqual([]);
    for (const f of audit.formulas) {
      expect(f.formula).toMatch(/^(ROUND\(SUMIFS|COUNTIFS)\(/);
      expect(f.currency, `${f.address} ${f.formula}`).toMatch(/^[A-Z]{3}$/);
      expect(f.result, `${f.address} ${f.formula}`).toBeCloseTo(f.evaluated, 9);
    }
    for (const currency of ['EUR', 'USD', 'JPY', 'KWD']) {
      const ofCurrency = (r: Record<string, unknown>) => r.Currency === currency;
      const earned = salesSum(audit, 'Commission', (r) => ofCurrency(r) && r['Commission status'] === 'approved');
      const notDeclined = salesSum(audit, 'Commission', (r) => ofCurrency(r) && r['Commission status'] !== 'declined');
      const declined = salesSum(audit, 'Commission', (r) => ofCurrency(r) && r['Commission status'] === 'declined');
      expect(summaryRow(audit, currency, 'approved')[2]).toBeCloseTo(earned, 9);
      expect(summaryRow(audit, currency, 'Total (approved + pending)')[2]).toBeCloseTo(notDeclined, 9);
      expect(summaryRow(audit, currency, 'declined')[2]).toBeCloseTo(declined, 9);
      const paymentSection = sectionRow(audit, 'By payment status');
      const byPayment = ['paid', 'pending', 'none'].map(
        (s) => findSummaryRow(audit, currency, s, paymentSection)?.[2] ?? 0,
      );
      expect(byPayment.reduce((a, b) => a + b, 0)).toBeCloseTo(notDeclined, 9);
    }
    // Totals of exact amounts are exact decimals, with no float drift (0.1 + 0.2 is 0.3).
    for (const f of audit.formulas.filter((f) => f.currency === 'USD' || f.currency === 'JPY')) {
      expect((String(f.result).split('.')[1] ?? '').length, `${f.address} ${f.result}`).toBeLessThanOrEqual(2);
    }
    // A currency's total never includes another currency's amounts.
    const eurTotal = summaryRow(audit, 'EUR', 'Total (approved + pending)')[2] ?? 0;
    expect(eurTotal).toBeCloseTo(
      salesSum(audit, 'Commission', (r) => r.Currency === 'EUR' && r['Commission status'] !== 'declined'),
      9,
    );
    expect(eurTotal).not.toBeCloseTo(
      salesSum(audit, 'Commission', (r) => r['Commission status'] !== 'declined'),
      2,
    );
  });

  it('E4: the earned preset keeps approved sales by transaction date; the payments preset keeps paid sales by payment date, with the month by payment date', async () => {
    const earned = await auditWorkbook((await run({ preset: 'earned' }, 'earned.xlsx')).filePath);
    earned.sales.eachRow(
      (row, n) => n > 1 && expect(row.getCell(earned.header.indexOf('Commission status') + 1).value).toBe('approved'),
    );
    for (const f of earned.formulas) expect(f.result).toBeCloseTo(f.evaluated, 9);
    const payments = await run(
      { preset: 'payments', filter: { from: '2026-02-01', to: '2026-02-28' } },
      'payments.xlsx',
    );
    const audit = await auditWorkbook(payments.filePath);
    expect(payments.rowCount).toBe(
      SALES.filter((s) => s.paymentStatus === 'paid' && s.paymentDate?.startsWith('2026-02')).length,
    );
    expect(payments.dataAsOf).toBeNull();
    for (const f of audit.formulas) expect(f.result).toBeCloseTo(f.evaluated, 9);
    const monthFormula = audit.formulas.find((f) => f.formula.includes('DATE(2026,2,1)'));
    expect(monthFormula?.formula).toContain(`$${String.fromCharCode(65 + audit.header.indexOf('Payment date'))}$2`);
  });

  it('the About sheet states the account, service, report, range and basis, coverage, version and time', async () => {
    const result = await run(
      { preset: 'payments', filter: { from: '2026-02-01', to: '2026-02-28', currencies: ['EUR'] } },
      'about.xlsx',
    );
    const audit = await auditWorkbook(result.filePath);
    const about = new Map<string, unknown>();
    audit.about.eachRow((row, n) => n > 1 && about.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(about.get('Account')).toBe('Main shop');
    expect(about.get('Service address')).toBe('https://api.example');
    expect(about.get('Report')).toBe('Payments received in a month');
    expect(about.get('Date range')).toBe('2026-02-01 to 2026-02-28, by payment date');
    expect(about.get('Filters')).toBe('Payment status: paid; Currency: EUR');
    expect(about.get('Generated by')).toBe('Commission Desk 9.9.9-test');
    expect(about.get('Generated at (UTC)')).toEqual(new Date('2026-04-02T10:00:00Z'));
    expect(String(about.get('Data as of'))).toContain('payment-date range');
    const earned = await auditWorkbook(
      (await run({ preset: 'earned', filter: { from: '2026-03-01', to: '2026-04-15' } }, 'gap.xlsx')).filePath,
    );
    const gap = new Map<string, unknown>();
    earned.about.eachRow((row) => gap.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(String(gap.get('Data as of'))).toContain('INCOMPLETE');
    expect(String(gap.get('Data as of'))).toContain('2026-04-01 to 2026-04-15');
  });

  it('the Sales sheet has a styled frozen header, an autofilter over every row and sensible widths', async () => {
    const result = await run({}, 'layout.xlsx');
    const { sales, header } = await auditWorkbook(result.filePath);
    expect(header).toEqual([
      'Transaction date',
      'Reference',
      'Product',
      'Collection',
      'Category',
      'Sub-ID',
      'Currency',
      'Transaction amount',
      'Commission',
      'Commission status',
      'Payment status',
      'Payment date',
    ]);
    expect(sales.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sales.getRow(1).font?.bold).toBe(true);
    expect(sales.autoFilter).toBe(`A1:L${SALES.length + 1}`);
    for (let c = 1; c <= header.length; c++) expect(sales.getColumn(c).width ?? 0).toBeGreaterThanOrEqual(9);
  });

  it('required columns are added when the chosen ones lack them, and an empty selection still writes a valid workbook', async () => {
    const result = await run(
      { columns: ['reference'], filter: { from: '2030-01-01', to: '2030-01-31' } },
      'empty.xlsx',
    );
    expect(result.rowCount).toBe(0);
    const audit = await auditWorkbook(result.filePath);
    expect(audit.header).toEqual([
      'Reference',
      'Transaction date',
      'Currency',
      'Transaction amount',
      'Commission',
      'Commission status',
      'Payment status',
    ]);
    expect(audit.formulas).toEqual([]);
    expect(audit.summary.getCell('A6').value).toBe('No sales match the filters of this export.');
  });
});

describe('csv export from the cache', () => {
  it('E1: UTF-8 with BOM, RFC 4180 quoting and CRLF; text that could start a formula is quoted and prefixed with an apostrophe; amounts stay plain numbers', async () => {
    const result = await run(
      {
        format: 'csv',
        columns: ['reference', 'productName', 'subid', 'currency', 'commissionAmount', 'transactionDate'],
      },
      'e1.csv',
    );
    const bytes = readFileSync(result.filePath);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'Reference',
      'Product',
      'Sub-ID',
      'Currency',
      'Commission',
      'Transaction date',
      'Transaction amount',
      'Commission status',
      'Payment status',
    ]);
    expect(rows).toHaveLength(SALES.length + 1);
    for (const hostile of HOSTILE_TEXTS) {
      expect(text).toContain(`"'${hostile.replace(/"/g, '""')}"`);
      expect(rows.some((r) => r[1] === `'${hostile}`)).toBe(true);
    }
    expect(rows.some((r) => r[2] === "'-5")).toBe(true);
    const refund = rows.find((r) => r[0] === "'=REFUND()");
    expect(refund?.[4]).toBe('-2.50');
    for (const row of rows.slice(1)) {
      expect(row[4]).toMatch(/^-?\d+(\.\d+)?$/);
      expect(row[5]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // Only a negative amount may start with a trigger character; every text that did is neutralised.
      for (const field of row) if (/^[=+\-@\t\r\n]/.test(field)) expect(field).toMatch(/^-\d+(\.\d+)?$/);
    }
  });

  it('E4: CSV amounts are exact decimals of their own currency (JPY without decimals, KWD with three)', async () => {
    const result = await run(
      {
        format: 'csv',
        columns: ['currency', 'commissionAmount'],
        filter: { from: '2026-01-01', to: '2026-03-31', currencies: ['JPY', 'KWD'] },
      },
      'e4.csv',
    );
    const rows = parseCsv(readFileSync(result.filePath, 'utf8').slice(1)).slice(1);
    for (const [currency, amount] of rows) {
      if (currency === 'JPY') expect(amount).toMatch(/^\d+$/);
      if (currency === 'KWD') expect(amount).toMatch(/^\d+\.\d{3,}$/);
    }
  });
});

/** An output that accepts `limit` bytes and then fails as a full disk does. */
function failingOutput(limit: number): Writable {
  let written = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      written += chunk.length;
      if (written > limit)
        callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
      else callback();
    },
  });
}

describe('atomic export (E3)', () => {
  const many = Array.from({ length: 4000 }, (_, i) =>
    makeSale({
      transactionDate: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      productName: `Product ${i} ${'x'.repeat(80)}`,
    }),
  );

  it('E3: a writer failing mid-way (disk full) leaves the existing file untouched and no temporary file behind', async () => {
    cache.storePage(ACCOUNT, many, '2026-04-01T08:00:00Z');
    for (const format of ['xlsx', 'csv'] as const) {
      const name = `month.${format}`;
      writeFileSync(join(folder.dir, name), 'the accountant’s previous file');
      await expect(run({ format }, name, { openOutput: () => failingOutput(20_000) })).rejects.toMatchObject({
        code: 'EXPORT_FAILED',
        message: expect.stringContaining('not enough space'),
      });
      expect(readFileSync(join(folder.dir, name), 'utf8')).toBe('the accountant’s previous file');
    }
    expect(exportFolder()).toEqual(['month.csv', 'month.xlsx']);
  });

  it('E3: a cancelled export stops, leaves nothing under the chosen name and keeps an existing file', async () => {
    cache.storePage(ACCOUNT, many, '2026-04-01T08:00:00Z');
    const controller = new AbortController();
    let progressed = 0;
    const promise = run({}, 'new.xlsx', {
      signal: controller.signal,
      onProgress: (rows) => ((progressed = rows), controller.abort()),
    });
    await expect(promise).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(progressed).toBeGreaterThan(0);
    expect(progressed).toBeLessThan(many.length);
    expect(exportFolder()).toEqual([]);
    writeFileSync(join(folder.dir, 'kept.csv'), 'previous');
    const again = new AbortController();
    await expect(
      run({ format: 'csv' }, 'kept.csv', { signal: again.signal, onProgress: () => again.abort() }),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(readFileSync(join(folder.dir, 'kept.csv'), 'utf8')).toBe('previous');
    expect(exportFolder()).toEqual(['kept.csv']);
  });

  it('E3: without overwrite an existing file is refused and left as it is; with it, it is replaced whole', async () => {
    writeFileSync(join(folder.dir, 'jan.xlsx'), 'previous');
    await expect(run({}, 'jan.xlsx', { overwrite: false })).rejects.toMatchObject({
      code: 'EXPORT_FAILED',
      message: expect.stringContaining('already exists'),
    });
    expect(readFileSync(join(folder.dir, 'jan.xlsx'), 'utf8')).toBe('previous');
    const replaced = await run({}, 'jan.xlsx', { overwrite: true });
    expect((await auditWorkbook(replaced.filePath)).sales.rowCount).toBe(SALES.length + 1);
    expect(exportFolder()).toEqual(['jan.xlsx']);
  });

  it('E3: a folder that does not exist gives a plain message and creates nothing', async () => {
    await expect(run({}, join('missing', 'x.xlsx'))).rejects.toMatchObject({
      code: 'EXPORT_FAILED',
      message: expect.stringContaining('does not exist'),
    });
    expect(existsSync(join(folder.dir, 'missing'))).toBe(false);
  });
});
