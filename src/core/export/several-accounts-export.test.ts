import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../shared/domain';
import type { SalesCache } from '../cache';
import { tempFolder } from '../../../test-support/cache-kit';
import { auditWorkbook, cacheWith, makeSale, parseCsv } from '../../../test-support/export-kit';
import { exportFromCache } from './export-sales';

let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
const SHOP_A: Sale[] = [
  makeSale({ currency: 'EUR', commissionAmount: 10, transactionDate: '2026-01-10' }),
  makeSale({ currency: 'USD', commissionAmount: 2.5, transactionDate: '2026-02-10' }),
];
const SHOP_B: Sale[] = [
  makeSale({ currency: 'EUR', commissionAmount: 7, transactionDate: '2026-01-20' }),
  makeSale({
    currency: 'EUR',
    commissionAmount: 1.25,
    transactionDate: '2026-03-01',
    commissionStatus: 'pending',
    paymentStatus: 'pending',
    paymentDate: null,
  }),
];

beforeEach(() => {
  folder = tempFolder('export-several');
  cache = cacheWith(folder.dir, 'shop-a', SHOP_A);
  cache.storePage('shop-b', SHOP_B, '2026-04-01T08:00:00Z');
  cache.markCovered('shop-b', '2026-01-01', '2026-03-31', '2026-04-01T08:00:00Z');
});
afterEach(() => {
  cache.close();
  folder.remove();
});

function exportBoth(format: 'csv' | 'xlsx', name: string) {
  return exportFromCache({
    cache,
    account: 'shop-a',
    accountLabel: 'Shop A',
    baseUrl: 'https://a.example',
    alsoAccounts: [{ key: 'shop-b', label: 'Shop B', baseUrl: 'https://b.example' }],
    request: { filter: { from: '2026-01-01', to: '2026-03-31' }, format },
    targetPath: join(folder.dir, name),
    appVersion: '9.9.9-test',
    now: () => new Date('2026-04-02T10:00:00Z'),
  });
}

describe('an export of several accounts', () => {
  it('writes every account’s sales, each row naming its account in a first Account column', async () => {
    const outcome = await exportBoth('csv', 'both.csv');
    expect(outcome.rowCount).toBe(4);
    const [header, ...rows] = parseCsv(readFileSync(join(folder.dir, 'both.csv'), 'utf8').replace(/^\uFEFF/, ''));
    expect(header?.[0]).toBe('Account');
    const reference = header?.indexOf('Reference') ?? -1;
    expect(rows.map((row) => [row[0], row[reference]])).toEqual([
      ...SHOP_A.map((sale) => ['Shop A', sale.reference]),
      ...SHOP_B.map((sale) => ['Shop B', sale.reference]),
    ]);
  });

  it('the workbook names both accounts, and its Summary formulas add up over both accounts’ rows', async () => {
    await exportBoth('xlsx', 'both.xlsx');
    const audit = await auditWorkbook(join(folder.dir, 'both.xlsx'));
    expect(audit.header[0]).toBe('Account');
    expect(audit.sales.rowCount).toBe(5);
    for (const formula of audit.formulas) expect(formula.result).toBeCloseTo(formula.evaluated, 9);
    expect(audit.formulas.length).toBeGreaterThan(0);
    const about = new Map<string, unknown>();
    audit.about.eachRow((row) => about.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(about.get('Account')).toBe('Shop A, Shop B');
    expect(about.get('Service address')).toBe('https://a.example, https://b.example');
  });

  it('an export of one account has no Account column', async () => {
    const outcome = await exportFromCache({
      cache,
      account: 'shop-b',
      accountLabel: 'Shop B',
      baseUrl: 'https://b.example',
      request: { filter: { from: '2026-01-01', to: '2026-03-31' }, format: 'csv', columns: ['account', 'reference'] },
      targetPath: join(folder.dir, 'one.csv'),
      appVersion: '9.9.9-test',
    });
    expect(outcome.rowCount).toBe(2);
    const [header] = parseCsv(readFileSync(join(folder.dir, 'one.csv'), 'utf8').replace(/^\uFEFF/, ''));
    expect(header).not.toContain('Account');
    expect(header?.[0]).toBe('Reference');
  });
});
