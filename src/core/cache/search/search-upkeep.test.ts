import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../../shared/domain';
import { MIGRATIONS, openCache } from '../file';
import type { SalesCache } from '../sales-cache';
import { pages, sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';

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

const searchTables = (): string[] =>
  raw((db) =>
    db
      .prepare<[], string>("SELECT name FROM sqlite_schema WHERE name LIKE '%_fts%' OR name = 'search_progress'")
      .pluck()
      .all(),
  );
const wordIndexes = (): string[] =>
  raw((db) =>
    db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE name LIKE '%_fts%' ORDER BY name").pluck().all(),
  );
const fileIntact = (): void =>
  expect(raw((db) => db.prepare<[], string>('PRAGMA integrity_check').pluck().all())).toEqual(['ok']);
const productWord = (sale: Sale): string => (sale.productName ?? '').split(' ')[0] ?? '';

beforeEach(() => {
  folder = tempFolder('search-upkeep');
  path = join(folder.dir, 'cache.sqlite');
  cache = openCache({ path, now: clock.now }).cache;
});
afterEach(() => {
  if (cache) cache.close();
  folder.remove();
});

describe('text search over the stored sales', () => {
  it('finds a page’s sales right after storing them, and the search writes nothing', () => {
    const sales = sampleSales({ count: 300 });
    cache.storePage('acct', sales, clock.now());
    const changes = raw((db) => db.pragma('data_version', { simple: true }));
    expect(cache.countSales('acct', { text: sales[17]?.reference ?? '' })).toBe(1);
    expect(raw((db) => db.pragma('data_version', { simple: true }))).toBe(changes);
    fileIntact();
  });

  it('the export stream finds the last sale of many pages by its reference', () => {
    const sales = sampleSales({ count: 3_150, days: 700 });
    for (const page of pages(sales, 1000)) cache.storePage('acct', page, clock.now());
    const last = sales.at(-1) as Sale;
    expect([...cache.iterateSales('acct', { filter: { text: last.reference } })].map((s) => s.reference)).toEqual([
      last.reference,
    ]);
  });

  it('an updated sale is found by its new text only, searched before or not', () => {
    const [first, second] = sampleSales({ count: 2 }) as [Sale, Sale];
    cache.storePage('acct', [first], clock.now());
    expect(cache.countSales('acct', { text: first.reference })).toBe(1);
    cache.storePage('acct', [second], clock.now());
    cache.storePage(
      'acct',
      [
        { ...first, subid: 'renamed-subid' },
        { ...second, subid: 'second-subid' },
      ],
      clock.now(),
    );
    expect(cache.countSales('acct', { text: 'renamed' })).toBe(1);
    expect(cache.countSales('acct', { text: 'second-subid' })).toBe(1);
    expect(cache.countSales('acct', { text: first.subid ?? 'none' })).toBe(0);
    fileIntact();
  });

  it('after forgetting an account, a sale that takes a forgotten sale’s id is found by its own text', () => {
    const sales = sampleSales({ count: 200 });
    cache.storePage('a', sales.slice(0, 100), clock.now());
    expect(cache.countSales('a', { text: sales[5]?.reference ?? '' })).toBe(1);
    cache.storePage('b', sales.slice(100), clock.now());
    expect(cache.countSales('b', { text: sales[155]?.reference ?? '' })).toBe(1);
    expect(cache.forgetAccount('b')).toBe(100);
    fileIntact();
    cache.storePage('c', sales.slice(150, 160), clock.now());
    expect(cache.countSales('c', { text: sales[155]?.reference ?? '' })).toBe(1);
    expect(cache.forgetAccount('a')).toBe(100);
    fileIntact();
    expect(cache.countSales('c', {})).toBe(10);
  });

  it('a word matches inside the product or collection name, read from their lookup rows', () => {
    const sales = sampleSales({ count: 500 });
    cache.storePage('acct', sales, clock.now());
    const word = productWord(sales[3] as Sale);
    const expected = sales.filter((s) => (s.productName ?? '').toLowerCase().includes(word.toLowerCase())).length;
    expect(expected).toBeGreaterThan(0);
    expect(cache.countSales('acct', { text: word })).toBe(expected);
    expect(wordIndexes()).toEqual([]);
  });

  it('a cache of format 3 (with its word index) is upgraded: the word index is dropped, every sale stays searchable', () => {
    const sales = sampleSales({ count: 400 });
    cache.storePage('acct', sales, clock.now());
    cache.close();
    raw((db) => {
      db.exec('DROP TABLE IF EXISTS search_progress');
      MIGRATIONS.find((migration) => migration.version === 3)?.up(db);
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
    expect(searchTables()).toEqual([]);
    fileIntact();
  });

  it('odd texts (a line break, other scripts, astral letters) are found in their own sale, never the next', () => {
    const sales = sampleSales({ count: 6 }) as [Sale, Sale, Sale, Sale, Sale, Sale];
    const odd = [
      { ...sales[0], reference: 'LINE\nBREAK-001', subid: 'tab\there' },
      { ...sales[1], reference: '𐐀𐐨-DESERET-002', subid: 'Zürich Ωmega' },
      { ...sales[2], reference: 'ΟΔΟΣ-003', subid: null },
      { ...sales[3], reference: 'PLAIN-004', subid: '무선 키보드' },
      sales[4],
      sales[5],
    ];
    cache.storePage('a', odd, clock.now());
    const found = (text: string): string[] =>
      cache
        .salesPage('a', { filter: { text }, sort: { column: 'reference', direction: 'asc' }, offset: 0, limit: 10 })
        .rows.map((r) => r.reference);
    expect(found('break')).toEqual(['LINE\nBREAK-001']);
    expect(found('line')).toEqual(['LINE\nBREAK-001']);
    expect(found('here')).toEqual(['LINE\nBREAK-001']);
    expect(found('𐐨')).toEqual(['𐐀𐐨-DESERET-002']);
    expect(found('zurich ωmega')).toEqual(['𐐀𐐨-DESERET-002']);
    expect(found('οδοσ-003')).toEqual(['ΟΔΟΣ-003']);
    expect(found('키보')).toEqual(['PLAIN-004']);
    expect(found('004')).toEqual(['PLAIN-004']);
    expect(found(sales[5].reference)).toEqual([sales[5].reference]);
  });

  it('a search finds words inside references and sub-IDs, and sees every later change of the sales', () => {
    const [first, second, third] = sampleSales({ count: 3 }) as [Sale, Sale, Sale];
    cache.storePage('a', [{ ...first, subid: 'yt_review_2025' }], clock.now());
    const middle = first.reference.slice(3, -3);
    expect(cache.countSales('a', { text: middle })).toBe(1);
    expect(cache.countSales('a', { text: 'REVIEW' })).toBe(1);
    // Stored after the last search: read at the next one.
    cache.storePage('a', [{ ...second, subid: 'spring-review' }], clock.now());
    expect(cache.countSales('a', { text: 'review' })).toBe(2);
    // A changed sub-ID: the old text is gone, the new one found.
    cache.storePage('a', [{ ...second, subid: 'autumn' }], clock.now());
    expect(cache.countSales('a', { text: 'review' })).toBe(1);
    expect(cache.countSales('a', { text: 'tum' })).toBe(1);
    // Forgotten and cleared sales are never found again, even when new sales take their ids.
    cache.storePage('b', [{ ...third, subid: 'only-in-b' }], clock.now());
    expect(cache.countSales('b', { text: 'in-b' })).toBe(1);
    cache.forgetAccount('b');
    cache.storePage('c', [{ ...third, subid: 'now-in-c' }], clock.now());
    expect(cache.countSales('c', { text: 'in-b' })).toBe(0);
    expect(cache.countSales('c', { text: 'in-c' })).toBe(1);
    cache.clearAll();
    cache.storePage(
      'd',
      [
        { ...third, subid: 'fresh' },
        { ...first, subid: 'also-fresh' },
        { ...second, subid: null },
      ],
      clock.now(),
    );
    expect(cache.countSales('d', { text: 'review' })).toBe(0);
    expect(cache.countSales('d', { text: 'fresh' })).toBe(2);
    expect(cache.countSales('d', { text: middle })).toBe(1);
  });

  it('another connection to the file (the headless command) finds what this one stored, before and after it opened', () => {
    const sales = sampleSales({ count: 60 });
    cache.storePage('acct', sales.slice(0, 50), clock.now());
    const reader = openCache({ path, now: clock.now }).cache;
    try {
      expect(reader.countSales('acct', { text: sales[7]?.reference ?? '' })).toBe(1);
      cache.storePage('acct', sales.slice(50), clock.now());
      expect(reader.countSales('acct', { text: sales[55]?.reference ?? '' })).toBe(1);
    } finally {
      reader.close();
    }
  });
});
