import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../../shared/domain';
import { openCache } from '../file';
import type { SalesCache } from '../sales-cache';
import { forgetSaleTexts, salesContaining } from './sale-texts';
import { foldText, searchTerms } from './search-text';
import { sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';

const clock = testClock();
let folder: ReturnType<typeof tempFolder>;
let path: string;
let cache: SalesCache;

/** References whose folded UTF-8 is shorter (É, İ, ẞ, K) or the same, line breaks, astral and combining marks. */
const ODD = [
  'ZÜRICH-ÉÉÉ-001 Zürich Ωmega',
  'İSTANBUL-ẞ-002 KELVIN-\u212a-ﬁle',
  'LINE\nBREAK-003 tab\there',
  '𐐀𐐨-DESERET-004 e\u0301cole',
  'ΟΔΟΣ-005',
  'PLAIN-006 무선 키보드',
  'ＡＢＣ-007 Café & Crème',
  'ATOM-008 TEST',
];

/** References with characters whose folded UTF-8 is longer (Ⱥ → ⱥ). */
const LONGER = ['ȺTOM-009 ȾEST ⱥ', 'ÜBER-010 Ⱥ'];

/** Sub-IDs, matched among their distinct values, not in these texts. */
const SUBIDS = ['Zürich Ωmega', 'tab\there', '무선 키보드', null, 'yt_review_2025'];

const QUERIES = [
  'zurich',
  'urich',
  'eee-001',
  'ωmega',
  'istanbul',
  'ß-002',
  'kelvin-k',
  'fi',
  'break',
  'line',
  'here',
  '𐐨',
  'cole',
  'οδοσ-005',
  '키보',
  'ｂｃ',
  'cafe',
  'creme',
  'ⱥtom',
  'ⱦest',
  'ⱥ',
  'uber',
  'tom-00',
  'test',
  '00',
  '-0',
  'zzz',
  'ωmegax',
  '001-0x',
  'review',
];

function oddSales(start: number, references: readonly string[] = ODD): Sale[] {
  const base = sampleSales({ count: start + references.length }).slice(start);
  return references.map((reference, i) => ({
    ...(base[i] as Sale),
    reference: `${reference}-${start}`,
    subid: SUBIDS[i % SUBIDS.length] ?? null,
  }));
}

/**
 * Ids of the sales whose reference contains `term`: found by the texts in memory (bytes folded in place), and by
 * folding each reference read from SQLite as a string, the plain way.
 */
function bothWays(db: Database.Database, term: string): { plain: number[]; memory: number[] } {
  const plain = db
    .prepare<[], { id: number; reference: string }>('SELECT id, reference FROM sales ORDER BY id')
    .all()
    .filter((row) => foldText(row.reference).includes(term))
    .map((row) => row.id);
  const memory: number[] = [];
  salesContaining(db, term, (id) => memory.push(id));
  return { plain, memory };
}

function expectSameAsPlainFold(db: Database.Database): void {
  const differences: string[] = [];
  for (const term of QUERIES.flatMap((q) => searchTerms(q) ?? [])) {
    const { plain, memory } = bothWays(db, term);
    if (JSON.stringify(plain) !== JSON.stringify(memory))
      differences.push(`${term}: plain ${plain.join(',')} memory ${memory.join(',')}`);
  }
  expect(differences).toEqual([]);
}

/** Whether every term of `text` is in the sale's reference, sub-ID, product name or collection name, folded as strings. */
function plainMatch(sale: Sale, text: string): boolean {
  const fields = [sale.reference, sale.subid, sale.productName, sale.collectionName].map((field) =>
    foldText(field ?? ''),
  );
  return (searchTerms(text) ?? []).every((term) => fields.some((field) => field.includes(term)));
}

function withFile<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path);
  try {
    return work(db);
  } finally {
    forgetSaleTexts(db);
    db.close();
  }
}

beforeEach(() => {
  folder = tempFolder('sale-texts');
  path = join(folder.dir, 'cache.sqlite');
  cache = openCache({ path, now: clock.now }).cache;
});

afterEach(() => {
  cache.close();
  folder.remove();
});

describe('the sales’ references in memory', () => {
  it('find exactly the sales a plain string fold finds, whatever folding does to a text’s length', () => {
    cache.storePage('a', [...oddSales(0), ...sampleSales({ count: 200 }), ...oddSales(8)], clock.now());
    withFile((db) => {
      expectSameAsPlainFold(db);
      expect(bothWays(db, 'urich').memory).toHaveLength(2);
    });
  });

  it('find the same when a character folds longer (the texts are then folded as a string)', () => {
    cache.storePage('a', [...oddSales(0), ...oddSales(8, LONGER), ...oddSales(10)], clock.now());
    withFile((db) => {
      expectSameAsPlainFold(db);
      expect(bothWays(db, 'ⱥtom').memory).toHaveLength(1);
      expect(bothWays(db, 'urich').memory).toHaveLength(2);
    });
  });

  it('find the same with gaps in the ids (sales forgotten) and other accounts’ sales between', () => {
    cache.storePage('a', oddSales(0), clock.now());
    cache.storePage('b', sampleSales({ count: 30 }), clock.now());
    cache.storePage('a', oddSales(8), clock.now());
    cache.storePage('c', oddSales(16), clock.now());
    cache.forgetAccount('b');
    withFile((db) => {
      expectSameAsPlainFold(db);
      expect(bothWays(db, 'tom-008').memory).toHaveLength(3);
      expect(bothWays(db, 'zurich').memory).toHaveLength(3);
    });
  });

  it('find the same when a text holds bytes that are not UTF-8, and keep every other sale where it is', () => {
    cache.storePage('a', [...oddSales(0), ...sampleSales({ count: 20 })], clock.now());
    withFile((db) => {
      db.prepare("UPDATE sales SET reference = CAST(x'41ff422d7a7a' AS TEXT) WHERE id = 3").run();
      expect(bothWays(db, 'b-zz').memory).toEqual([3]);
      expectSameAsPlainFold(db);
    });
  });

  it('with sub-IDs matched among their distinct values, find through the cache what a plain string fold finds', () => {
    const stored = [...oddSales(0), ...sampleSales({ count: 100 }), ...oddSales(8, LONGER)];
    cache.storePage('a', stored, clock.now());
    const differences: string[] = [];
    for (const text of QUERIES) {
      const plain = stored.filter((sale) => plainMatch(sale, text)).length;
      const memory = cache.countSales('a', { text });
      if (plain !== memory) differences.push(`${text}: plain ${plain} memory ${memory}`);
    }
    expect(differences).toEqual([]);
    expect(cache.countSales('a', { text: 'review' })).toBeGreaterThan(0);
    // A sub-ID stored after a search is a new distinct value, found at the next search.
    cache.storePage('a', [{ ...(oddSales(20)[0] as Sale), subid: 'Brand-New-Ünique' }], clock.now());
    expect(cache.countSales('a', { text: 'new-uniq' })).toBe(1);
  });

  it('read a few sales at a time as they are stored, and still find what a plain string fold finds', () => {
    withFile((db) => {
      for (let page = 0; page < 12; page++) {
        cache.storePage('a', oddSales(page * 8), clock.now());
        expectSameAsPlainFold(db);
      }
      expect(bothWays(db, 'zurich').memory).toHaveLength(12);
    });
  });
});
