import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from '../file';
import type { SalesCache } from '../sales-cache';
import { savedIndexPath } from './saved-columns';
import { pages, sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';
import { storedOracleRefs } from '../../../../test-support/sales-oracle';

const ACCOUNT = 'acct';
const SALES = sampleSales({ count: 3_000, days: 300 });
const NEWEST_FIRST = { sort: { column: 'transactionDate', direction: 'desc' }, offset: 0, limit: 50 } as const;
const clock = testClock();
let folder: ReturnType<typeof tempFolder>;
let path: string;

function open(): SalesCache {
  return openCache({ path, now: clock.now, savedIndexMinSales: 1_000 }).cache;
}

function fill(cache: SalesCache): void {
  for (const page of pages(SALES, 500)) cache.storePage(ACCOUNT, page, clock.now());
}

/** The first page as the independent oracle makes it from the stored rows, to compare the browse index's pages with. */
function newestFromOracle(): string[] {
  return storedOracleRefs(path, ACCOUNT, {}, NEWEST_FIRST.sort.column, NEWEST_FIRST.sort.direction).slice(
    0,
    NEWEST_FIRST.limit,
  );
}

beforeEach(() => {
  folder = tempFolder('prepare-browsing');
  path = join(folder.dir, 'cache.sqlite');
  const cache = open();
  fill(cache);
  cache.close();
});
afterEach(() => folder.remove());

describe('readying the browse index before the first sales query', () => {
  it('builds it from the table when the account has no more sales than the limit, and the first page is the newest sales', () => {
    const cache = open();
    expect(cache.prepareBrowsing(ACCOUNT, SALES.length)).toBe(true);
    expect(cache.salesPage(ACCOUNT, NEWEST_FIRST).rows.map((sale) => sale.reference)).toEqual(newestFromOracle());
    cache.close();
  });

  it('leaves a larger never-browsed account to its first query, which still answers in full', () => {
    const cache = open();
    expect(cache.prepareBrowsing(ACCOUNT, SALES.length - 1)).toBe(false);
    const page = cache.salesPage(ACCOUNT, NEWEST_FIRST);
    expect(page.total).toBe(SALES.length);
    expect(page.rows.map((sale) => sale.reference)).toEqual(newestFromOracle());
    cache.close();
  });

  it('reads the index saved at the last close whatever the limit, and sees sales stored after it', () => {
    const first = open();
    first.salesPage(ACCOUNT, NEWEST_FIRST);
    first.close();
    expect(existsSync(savedIndexPath({ cachePath: path }, ACCOUNT))).toBe(true);

    const cache = open();
    expect(cache.prepareBrowsing(ACCOUNT, 0)).toBe(true);
    const later = sampleSales({ count: 5, days: 1, seed: 99 }).map((sale, i) => ({ ...sale, reference: `LATER-${i}` }));
    cache.storePage(ACCOUNT, later, clock.now());
    const page = cache.salesPage(ACCOUNT, NEWEST_FIRST);
    expect(page.total).toBe(SALES.length + later.length);
    expect(page.rows.map((sale) => sale.reference)).toEqual(newestFromOracle());
    cache.close();
  });

  it('answers true at once for an account already browsed, and refuses an account id that is not one', () => {
    const cache = open();
    cache.salesPage(ACCOUNT, NEWEST_FIRST);
    expect(cache.prepareBrowsing(ACCOUNT, 0)).toBe(true);
    expect(() => cache.prepareBrowsing('', 10)).toThrow(/account id/);
    cache.close();
  });
});
