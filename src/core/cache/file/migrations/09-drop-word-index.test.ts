import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../../../shared/domain';
import { openCache } from '../open-cache';
import type { SalesCache } from '../../sales-cache';
import { migration03 } from './03-search';
import { sampleSales, tempFolder, testClock } from '../../../../../test-support/cache-kit';

const clock = testClock();
let folder: ReturnType<typeof tempFolder>;
let path: string;
let cache: SalesCache;

function raw<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

const watermark = (): number => raw((db) => db.prepare<[], number>('SELECT indexed_through FROM search_progress').pluck().get() ?? -1);
const wordIndexes = (): string[] => raw((db) => db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE name LIKE '%_fts%' ORDER BY name").pluck().all());
const fileIntact = (): void => expect(raw((db) => db.prepare<[], string>('PRAGMA integrity_check').pluck().all())).toEqual(['ok']);
const productWord = (sale: Sale): string => (sale.productName ?? '').split(' ')[0] ?? '';

beforeEach(() => {
  folder = tempFolder('drop-word-index');
  path = join(folder.dir, 'cache.sqlite');
  cache = openCache({ path, now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

describe('cache format 9', () => {
  it('a cache of format 3 (with its word index) is upgraded: the word index is dropped, every sale stays searchable', () => {
    const sales = sampleSales({ count: 400 });
    cache.storePage('acct', sales, clock.now());
    cache.close();
    raw((db) => {
      db.exec('DROP TABLE search_progress');
      migration03.up(db);
      db.exec(`INSERT INTO sales_fts (rowid, reference, product, collection, subid)
          SELECT s.id, s.reference, p.name, c.name, s.subid FROM sales s
          LEFT JOIN products p ON p.id = s.product_id LEFT JOIN collections c ON c.id = s.collection_id;
        PRAGMA user_version = 3;`);
    });
    const reopened = openCache({ path, now: clock.now });
    cache = reopened.cache;
    expect(reopened.previousVersion).toBe(3);
    const word = productWord(sales[3] as Sale);
    const expected = sales.filter((s) => (s.productName ?? '').toLowerCase().includes(word.toLowerCase())).length;
    expect(cache.countSales('acct', { text: word })).toBe(expected);
    expect(cache.countSales('acct', { text: sales[42]?.reference ?? '' })).toBe(1);
    expect(watermark()).toBe(400);
    expect(wordIndexes()).toEqual([]);
    fileIntact();
  });
});
