import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../../shared/domain';
import { createRandom } from '../../demo';
import { type SalesFilter, type SaleSortColumn, SALE_SORT_COLUMNS } from '../../../shared/sales-query';
import { openCache } from '../file';
import type { SalesCache } from '../sales-cache';
import { ORDER_LIMIT } from './browse-index';
import { savedIndexPath } from './saved-columns';
import { pages, sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';
import { storedOracleRefs } from '../../../../test-support/sales-oracle';

const ACCOUNT = 'acct';
const SALES = sampleSales({ count: 3_000, days: 300 });
const clock = testClock();
let folder: ReturnType<typeof tempFolder>;
let path: string;

function open(): SalesCache {
  return openCache({ path, now: clock.now, savedIndexMinSales: 1_000 }).cache;
}

/** A cache of SALES whose browse index was built (date order and one other sort in use) and saved at close. */
function savedCache(): void {
  const cache = open();
  for (const page of pages(SALES, 500)) cache.storePage(ACCOUNT, page, clock.now());
  cache.storePage('other', SALES.slice(0, 20), clock.now());
  cache.salesPage(ACCOUNT, { sort: { column: 'transactionDate', direction: 'desc' }, offset: 0, limit: 10 });
  cache.salesPage(ACCOUNT, { sort: { column: 'commissionAmount', direction: 'asc' }, offset: 0, limit: 10 });
  cache.close();
}

function saved(): string {
  return savedIndexPath({ cachePath: path }, ACCOUNT);
}

/** Pages of the browse index next to what the independent oracle makes of the stored rows, for one filter and sort. */
function expectSameAsOracle(
  cache: SalesCache,
  filter: SalesFilter,
  column: SaleSortColumn,
  direction: 'asc' | 'desc',
): void {
  const expected = storedOracleRefs(path, ACCOUNT, filter, column, direction);
  expect(cache.countSales(ACCOUNT, filter)).toBe(expected.length);
  const offset = Math.max(0, expected.length - 150);
  const page = cache.salesPage(ACCOUNT, { filter, sort: { column, direction }, offset, limit: 100 });
  expect(page.rows.map((r) => r.reference)).toEqual(expected.slice(offset, offset + 100));
}

/** Sets a sale's commission status from another connection, with or without the cache's triggers seeing it. */
function editBehind(reference: string, status: string, triggers: boolean): void {
  const db = new Database(path);
  if (!triggers) db.exec('DROP TRIGGER browse_stamp_update');
  db.prepare('UPDATE sales SET commission_status = ? WHERE reference = ?').run(status, reference);
  db.close();
}

beforeEach(() => {
  folder = tempFolder('saved-index');
  path = join(folder.dir, 'cache.sqlite');
});
afterEach(() => folder.remove());

describe('saved browse index', () => {
  it('is written at close, private, and gives the same pages, counts and totals as the oracle when read back', () => {
    savedCache();
    expect(existsSync(saved())).toBe(true);
    if (process.platform !== 'win32') expect(statSync(saved()).mode & 0o777).toBe(0o600);
    // The other account has too few sales to be worth saving.
    expect(readdirSync(folder.dir).filter((name) => name.includes('.browse-'))).toHaveLength(1);
    const rebuilt = openCache({ path: join(folder.dir, 'copy.sqlite'), now: clock.now }).cache;
    for (const page of pages(SALES, 500)) rebuilt.storePage(ACCOUNT, page, clock.now());
    const cache = open();
    const random = createRandom(5);
    for (let i = 0; i < 12; i++) {
      const filter: SalesFilter = random.chance(0.5)
        ? {}
        : { from: '2025-11-01', to: '2026-04-30', commissionStatuses: ['approved', 'pending'] };
      const column = random.pick(SALE_SORT_COLUMNS);
      expectSameAsOracle(cache, filter, column, random.pick(['asc', 'desc'] as const));
    }
    expect(cache.summary(ACCOUNT, { from: '2025-10-01', to: '2026-03-31' }).byCurrency).toEqual(
      rebuilt.summary(ACCOUNT, { from: '2025-10-01', to: '2026-03-31' }).byCurrency,
    );
    expect(cache.distinctValues(ACCOUNT, {})).toEqual(rebuilt.distinctValues(ACCOUNT, {}));
    rebuilt.close();
    cache.close();
  });

  it('holds every sort order but the two by name, the ones this session never used built at close', () => {
    savedCache();
    const file = readFileSync(saved());
    const header = JSON.parse(file.subarray(20, 20 + file.readUInt32LE(12)).toString('utf8')) as {
      orders: Record<string, unknown>;
    };
    const byName: SaleSortColumn[] = ['productName', 'collectionName'];
    expect(Object.keys(header.orders).sort()).toEqual(SALE_SORT_COLUMNS.filter((c) => !byName.includes(c)).sort());
  });

  it('is what a reopened cache reads while the stamp holds, and is rebuilt once a sale changes through any connection', () => {
    savedCache();
    const target = SALES[10] as Sale;
    const declined = (cache: SalesCache): number =>
      cache.countSales(ACCOUNT, { text: target.reference, commissionStatuses: ['odd-status'] });
    // Behind the triggers' back the stamp does not move, so the saved columns are used and the change is not seen.
    editBehind(target.reference, 'odd-status', false);
    let cache = open();
    expect(declined(cache)).toBe(0);
    cache.close();
    // Through any connection with the triggers, the stamp moves and the reopened cache rebuilds from SQLite.
    folder.remove();
    folder = tempFolder('saved-index');
    path = join(folder.dir, 'cache.sqlite');
    savedCache();
    editBehind(target.reference, 'odd-status', true);
    cache = open();
    expect(declined(cache)).toBe(1);
    expectSameAsOracle(cache, { commissionStatuses: ['odd-status', 'declined'] }, 'transactionDate', 'desc');
    cache.close();
  });

  it('is not used after sales were added or deleted by another connection', () => {
    savedCache();
    const db = new Database(path);
    db.prepare('DELETE FROM sales WHERE reference = ?').run((SALES[0] as Sale).reference);
    db.close();
    let cache = open();
    expect(cache.countSales(ACCOUNT, {})).toBe(SALES.length - 1);
    expectSameAsOracle(cache, {}, 'reference', 'asc');
    cache.close();
    // The close above saved the new state; now a sale added elsewhere.
    const other = openCache({ path, now: clock.now, savedIndexMinSales: Number.MAX_SAFE_INTEGER }).cache;
    other.storePage(ACCOUNT, [{ ...(SALES[0] as Sale), reference: 'NEW-ONE' }], clock.now());
    other.close();
    cache = open();
    expect(cache.countSales(ACCOUNT, {})).toBe(SALES.length);
    expect(cache.countSales(ACCOUNT, { text: 'NEW-ONE' })).toBe(1);
    cache.close();
  });

  it('lets go of sort orders not used lately and reads them back from the file, giving the same pages as the oracle', () => {
    savedCache();
    const cache = open();
    const filter: SalesFilter = { from: '2025-11-01', to: '2026-04-30' };
    // Every column, then every column again backwards: each order is let go and read back (into another's memory).
    const columns = [...SALE_SORT_COLUMNS, ...[...SALE_SORT_COLUMNS].reverse()];
    expect(SALE_SORT_COLUMNS.length).toBeGreaterThan(ORDER_LIMIT * 2);
    for (const [i, column] of columns.entries())
      expectSameAsOracle(cache, i % 3 === 0 ? {} : filter, column, i % 2 === 0 ? 'asc' : 'desc');
    cache.close();
  });

  it('computes orders let go again after a change, and keeps pages and masks right while their memory is reused', () => {
    savedCache();
    const cache = open();
    cache.storePage(ACCOUNT, [{ ...(SALES[7] as Sale), commissionStatus: 'declined' }], clock.now());
    const random = createRandom(11);
    const filters: SalesFilter[] = Array.from({ length: 12 }, (_, i) => ({
      from: `2025-${String((i % 9) + 1).padStart(2, '0')}-01`,
      to: '2026-06-30',
      ...(i % 2 === 0 ? { commissionStatuses: ['declined', 'pending'] } : {}),
      ...(i % 3 === 0 ? { text: (SALES[i * 50] as Sale).reference.slice(2, 6) } : {}),
    }));
    for (let round = 0; round < 2; round++) {
      for (const filter of filters)
        expectSameAsOracle(cache, filter, random.pick(SALE_SORT_COLUMNS), random.pick(['asc', 'desc'] as const));
    }
    cache.close();
  });

  it('keeps working when the saved file is damaged: the query is answered from a rebuild and the file replaced', () => {
    savedCache();
    const bytes = readFileSync(saved());
    // Flip bytes in the middle of the arrays (the header is at the start).
    for (let i = 0; i < 64; i++)
      bytes[Math.floor(bytes.length / 3) + i] = (bytes[Math.floor(bytes.length / 3) + i] as number) ^ 0xff;
    writeFileSync(saved(), bytes);
    const cache = open();
    for (const column of SALE_SORT_COLUMNS) expectSameAsOracle(cache, { currencies: ['EUR', 'USD'] }, column, 'desc');
    expect(existsSync(saved())).toBe(false);
    cache.close();
    expect(existsSync(saved())).toBe(true);
  });

  it('is patched in memory during a session and saved again at close', () => {
    savedCache();
    let cache = open();
    cache.countSales(ACCOUNT, {});
    cache.storePage(
      ACCOUNT,
      [{ ...(SALES[3] as Sale), commissionStatus: 'declined', reference: (SALES[3] as Sale).reference }],
      clock.now(),
    );
    expectSameAsOracle(cache, { commissionStatuses: ['declined'] }, 'transactionDate', 'asc');
    cache.close();
    cache = open();
    expectSameAsOracle(cache, { commissionStatuses: ['declined'] }, 'commissionAmount', 'asc');
    cache.close();
  });

  it('goes with the account: forgetting it or clearing the cache deletes the saved file', () => {
    savedCache();
    let cache = open();
    cache.forgetAccount(ACCOUNT);
    expect(existsSync(saved())).toBe(false);
    cache.close();
    expect(existsSync(saved())).toBe(false);
    savedCache();
    cache = open();
    cache.clearAll();
    cache.close();
    expect(readdirSync(folder.dir).filter((name) => name.includes('.browse-'))).toEqual([]);
  });
});
