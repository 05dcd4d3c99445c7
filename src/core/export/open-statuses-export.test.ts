import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../shared/domain';
import { openCache, type SalesCache } from '../cache';
import { tempFolder } from '../../../test-support/cache-kit';
import {
  auditWorkbook,
  findSummaryRow,
  makeSale,
  sectionRow,
  type WorkbookAudit,
} from '../../../test-support/export-kit';
import { SOFFICE, recalculatedSheet } from '../../../test-support/libreoffice';
import { exportFromCache } from './export-sales';

const ACCOUNT = 'open';
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
let file: string;
let audit: WorkbookAudit;

function sale(
  currency: string,
  commissionStatus: string | null,
  commissionAmount: number,
  paymentStatus: string | null = 'pending',
): Sale {
  return makeSale({
    currency,
    commissionStatus,
    commissionAmount,
    transactionAmount: commissionAmount * 20,
    paymentStatus,
    paymentDate: null,
  });
}

/** USD with every kind of status (all plain words, so formulas work); EUR with `Approved` next to `approved`. */
const SALES: Sale[] = [
  sale('USD', 'approved', 1.1, 'paid'),
  sale('USD', 'approved', 2.2),
  sale('USD', 'approved', 3.3, 'processing'),
  sale('USD', 'pending', 0.4),
  sale('USD', 'pending', 0.5, null),
  sale('USD', 'declined', 9),
  sale('USD', 'reversed', 7),
  sale('USD', 'reversed', 8, 'failed'),
  sale('USD', 'on_hold', 6),
  sale('USD', null, 5),
  sale('EUR', 'approved', 1.5),
  sale('EUR', 'approved', 2.5),
  sale('EUR', 'Approved', 4),
  sale('EUR', 'Approved', 8),
];

const sum = (sales: readonly Sale[]): number => sales.reduce((n, s) => n + (s.commissionAmount ?? 0), 0);
const of = (currency: string, ...statuses: (string | null)[]) =>
  SALES.filter((s) => s.currency === currency && statuses.includes(s.commissionStatus));

beforeAll(async () => {
  folder = tempFolder('open-statuses');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
  cache.storePage(ACCOUNT, SALES, '2026-02-01T08:00:00Z');
  file = join(folder.dir, 'open.xlsx');
  await exportFromCache({
    cache,
    account: ACCOUNT,
    accountLabel: 'Open statuses',
    baseUrl: 'https://open.example',
    request: { filter: {}, format: 'xlsx' },
    targetPath: file,
    appVersion: 'test',
  });
  audit = await auditWorkbook(file);
});

afterAll(() => {
  cache.close();
  folder.remove();
});

describe('T8: statuses the spec does not list in the export', () => {
  it('T8: the Sales sheet keeps every status verbatim, and "none" where the service sent none', () => {
    const column = audit.header.indexOf('Commission status') + 1;
    const statuses: unknown[] = [];
    audit.sales.eachRow((row, n) => n > 1 && statuses.push(row.getCell(column).value));
    expect(statuses.sort()).toEqual(SALES.map((s) => s.commissionStatus ?? 'none').sort());
  });

  it('T8, E4: each unlisted status has its own Summary row, and approved + pending leaves them out', () => {
    const other = sectionRow(audit, 'Other commission statuses');
    expect(findSummaryRow(audit, 'USD', 'reversed', other)).toEqual([2, 300, 15]);
    expect(findSummaryRow(audit, 'USD', 'on_hold', other)).toEqual([1, 120, 6]);
    expect(findSummaryRow(audit, 'USD', 'none', other)).toEqual([1, 100, 5]);
    expect(findSummaryRow(audit, 'EUR', 'Approved', other)).toEqual([2, 240, 12]);
    const total = findSummaryRow(audit, 'USD', 'Total (approved + pending)');
    expect(total?.[0]).toBe(5);
    expect(total?.[2]).toBeCloseTo(sum(of('USD', 'approved', 'pending')), 9);
    const payments = sectionRow(audit, 'By payment status');
    const byPayment = ['paid', 'pending', 'processing', 'none'].map(
      (s) => findSummaryRow(audit, 'USD', s, payments)?.[2] ?? 0,
    );
    expect(byPayment.reduce((a, b) => a + b, 0)).toBeCloseTo(sum(of('USD', 'approved', 'pending')), 9);
    expect(findSummaryRow(audit, 'USD', 'failed', payments)).toBeNull();
  });

  it('E4: every formula’s cached result equals what its criteria select from the Sales rows', () => {
    expect(audit.formulas.length).toBeGreaterThan(20);
    for (const f of audit.formulas) expect(f.result, `${f.address} ${f.formula}`).toBeCloseTo(f.evaluated, 9);
    expect(audit.formulas.some((f) => f.formula.includes('"<>reversed"') && f.formula.includes('"<>on_hold"'))).toBe(
      true,
    );
  });

  it('T8: a currency whose statuses differ only in case gets values, not formulas, and the sheet says why', () => {
    expect(audit.formulas.filter((f) => f.currency === 'EUR')).toEqual([]);
    expect(findSummaryRow(audit, 'EUR', 'approved')).toEqual([2, 80, 4]);
    const notes: string[] = [];
    audit.summary.eachRow((row) => notes.push(String(row.getCell(1).value ?? '')));
    expect(notes.some((n) => n.startsWith('EUR: some statuses differ only in letter case'))).toBe(true);
  });

  it('T8: the About sheet says how many sales need attention', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const about = workbook.getWorksheet('About') as ExcelJS.Worksheet;
    const lines = new Map<string, string>();
    about.eachRow((row) => lines.set(String(row.getCell(1).value), String(row.getCell(2).value)));
    expect(lines.get('Needs attention')).toBeUndefined();
    const flagged = join(folder.dir, 'flagged.xlsx');
    cache.storePage(
      ACCOUNT,
      [
        {
          ...sale('USD', 'approved', 0.005),
          notices: [{ kind: 'finer-than-currency', field: 'commission_amount', message: 'finer' }],
        },
      ],
      '2026-02-02T08:00:00Z',
    );
    await exportFromCache({
      cache,
      account: ACCOUNT,
      accountLabel: 'x',
      baseUrl: 'https://open.example',
      request: { filter: {}, format: 'xlsx' },
      targetPath: flagged,
      appVersion: 'test',
    });
    const flaggedBook = new ExcelJS.Workbook();
    await flaggedBook.xlsx.readFile(flagged);
    const flaggedLines: string[] = [];
    (flaggedBook.getWorksheet('About') as ExcelJS.Worksheet).eachRow((row) =>
      flaggedLines.push(`${String(row.getCell(1).value)}: ${String(row.getCell(2).value)}`),
    );
    expect(flaggedLines.find((l) => l.startsWith('Needs attention'))).toMatch(/^Needs attention: 1 sale carries/);
  });

  it.skipIf(!SOFFICE)(
    'E4: LibreOffice, recalculating the Summary, computes every cached result (case-insensitive criteria never mix statuses)',
    () => {
      const rows = recalculatedSheet(file, 2, join(folder.dir, 'lo'));
      expect(audit.formulas.length).toBeGreaterThan(20);
      for (const f of audit.formulas) {
        const [, letters = '', digits = '0'] = /^([A-Z]+)(\d+)$/.exec(f.address) ?? [];
        const value = rows[Number(digits) - 1]?.[letters.charCodeAt(0) - 65];
        expect(Number(value), `${f.address} ${f.formula}`).toBeCloseTo(f.result, 9);
      }
      const eurApproved = rows.find((row) => row[0] === 'EUR' && row[1] === 'approved');
      expect(eurApproved?.slice(2, 5)).toEqual(['2', '80', '4']);
    },
    300_000,
  );
});
