import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../../shared/domain';
import type { SalesFilter } from '../../../shared/sales-query';
import { openCache } from '../file';
import type { SalesCache } from '../sales-cache';
import { savedTextsPath } from './saved-texts';
import { pages, sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';
import { storedOracleRefs } from '../../../../test-support/sales-oracle';

const ACCOUNT = 'acct';
const SALES = sampleSales({ count: 3_000, days: 300 });
const TARGET = SALES[1_234] as Sale;
const clock = testClock();
let folder: ReturnType<typeof tempFolder>;
let path: string;

function open(minSales = 1_000): SalesCache {
  return openCache({ path, now: clock.now, savedIndexMinSales: minSales }).cache;
}

/** References of the sales a text search finds on the sales screen. */
function found(cache: SalesCache, text: string): string[] {
  return cache
    .salesPage(ACCOUNT, {
      filter: { text },
      sort: { column: 'transactionDate', direction: 'desc' },
      offset: 0,
      limit: 100,
    })
    .rows.map((r) => r.reference);
}

/** The same search by the independent oracle over the stored rows, which never reads the saved texts. */
function fromOracle(filter: SalesFilter): string[] {
  return storedOracleRefs(path, ACCOUNT, filter, 'transactionDate', 'desc').slice(0, 100);
}

/** A cache of SALES whose texts were searched in a session, then closed (which saves them). */
function searchedCache(minSales = 1_000): void {
  const cache = open(minSales);
  for (const page of pages(SALES, 500)) cache.storePage(ACCOUNT, page, clock.now());
  expect(found(cache, TARGET.reference)).toEqual([TARGET.reference]);
  cache.close();
}

/** Renames a sale's reference from another connection, with or without the triggers that move the stamp. */
function renameBehind(from: string, to: string, triggers: boolean): void {
  const db = new Database(path);
  if (!triggers) db.exec('DROP TRIGGER browse_stamp_update; DROP TRIGGER text_stamp_update');
  db.prepare('UPDATE sales SET reference = ? WHERE reference = ?').run(to, from);
  db.close();
}

beforeEach(() => {
  folder = tempFolder('saved-texts');
  path = join(folder.dir, 'cache.sqlite');
});
afterEach(() => folder.remove());

describe('saved sale texts', () => {
  it('are written at close once searched, private, and read by the next session while the stamp holds', () => {
    searchedCache();
    expect(existsSync(savedTextsPath({ cachePath: path }))).toBe(true);
    if (process.platform !== 'win32') expect(statSync(savedTextsPath({ cachePath: path })).mode & 0o777).toBe(0o600);
    // Behind the triggers' back the stamp does not move: the reopened cache searches the saved texts, not the table.
    renameBehind(TARGET.reference, 'S-RENAMED-1', false);
    const cache = open();
    expect(found(cache, TARGET.reference)).toEqual(['S-RENAMED-1']);
    expect(found(cache, 'renamed')).toEqual([]);
    cache.close();
  });

  it('stay in use after a sync changed statuses and stored new sales (neither changes a stored reference)', () => {
    searchedCache();
    let cache = open();
    const changed = SALES.slice(0, 300).map((sale) => ({
      ...sale,
      commissionStatus: sale.commissionStatus === 'approved' ? 'declined' : 'approved',
    }));
    const extra = sampleSales({ count: 40, days: 10, seed: 98 }).map((sale, i) => ({
      ...sale,
      reference: `S-NEW-${i}`,
    }));
    cache.storePage(ACCOUNT, changed, clock.now());
    cache.storePage(ACCOUNT, extra, clock.now());
    cache.close();
    // Renamed behind the triggers: only a search of the saved texts still finds the sale by its old reference.
    renameBehind(TARGET.reference, 'S-RENAMED-3', false);
    cache = open();
    expect(found(cache, TARGET.reference)).toEqual(['S-RENAMED-3']);
    expect(found(cache, 's-new').sort()).toEqual(extra.map((s) => s.reference).sort());
    cache.close();
  });

  it('are not used once a sale changed through any connection: the search reads the table and finds the new text', () => {
    searchedCache();
    renameBehind(TARGET.reference, 'S-RENAMED-2', true);
    const cache = open();
    expect(found(cache, 'renamed-2')).toEqual(['S-RENAMED-2']);
    expect(found(cache, TARGET.reference)).toEqual([]);
    expect(found(cache, 's-000')).toEqual(fromOracle({ text: 's-000' }));
    cache.close();
  });

  it('a damaged file is ignored and removed; every search still finds what the oracle finds', () => {
    searchedCache();
    const file = savedTextsPath({ cachePath: path });
    const bytes = readFileSync(file);
    bytes[bytes.byteLength - 100] = (bytes[bytes.byteLength - 100] as number) ^ 0x5a;
    writeFileSync(file, bytes);
    const cache = open();
    for (const text of ['s-00', TARGET.reference, '77']) expect(found(cache, text)).toEqual(fromOracle({ text }));
    expect(existsSync(file)).toBe(false);
    cache.close();
    // The close saves good texts again.
    expect(existsSync(file)).toBe(true);
  });

  it('read from the file, then extended: sales stored later in the same session are found too', () => {
    searchedCache();
    const cache = open();
    expect(found(cache, TARGET.reference)).toEqual([TARGET.reference]);
    const extra = sampleSales({ count: 40, days: 10, seed: 99 }).map((sale, i) => ({
      ...sale,
      reference: `S-LATE-${i}`,
    }));
    cache.storePage(ACCOUNT, extra, clock.now());
    expect(found(cache, 's-late').sort()).toEqual(extra.map((s) => s.reference).sort());
    expect(found(cache, TARGET.reference)).toEqual([TARGET.reference]);
    for (const text of ['s-00', '77', 'late-3']) expect(found(cache, text)).toEqual(fromOracle({ text }));
    cache.close();
  });

  it('are removed when an account is forgotten (they hold every account’s references) and when the cache is cleared', () => {
    searchedCache();
    const file = savedTextsPath({ cachePath: path });
    let cache = open();
    cache.forgetAccount('someone-else');
    expect(existsSync(file)).toBe(false);
    expect(found(cache, TARGET.reference)).toEqual([TARGET.reference]);
    cache.close();
    expect(existsSync(file)).toBe(true);
    cache = open();
    cache.clearAll();
    expect(existsSync(file)).toBe(false);
    cache.close();
    expect(existsSync(file)).toBe(false);
  });

  it('are not saved for a cache with fewer sales than the saved index threshold', () => {
    searchedCache(10_000);
    expect(existsSync(savedTextsPath({ cachePath: path }))).toBe(false);
  });
});
