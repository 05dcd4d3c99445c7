import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../../../test-support/cache-kit';
import { openCache } from '../open-cache';
import { migration01 } from './01-sales';
import { migration02 } from './02-sync-state';
import { migration03 } from './03-search';
import { migration04 } from './04-search-upkeep';
import { APPLICATION_ID } from './index';

let folder: ReturnType<typeof tempFolder>;
let path: string;

/** A cache file of format 4 as the previous build wrote it: JPY at two decimals, a rounded EUR amount with its text. */
function writeVersion4(): void {
  const db = new Database(path);
  for (const migration of [migration01, migration02, migration03, migration04]) migration.up(db);
  db.pragma(`application_id = ${APPLICATION_ID}`);
  db.pragma('user_version = 4');
  const insert = db.prepare(
    `INSERT INTO sales (id, account_id, reference, transaction_date, payment_date, commission_status, payment_status, currency, amount_scale,
       commission_minor, transaction_minor, commission_exact, transaction_exact, category, subid, extra, first_seen, last_changed)
     VALUES (?, 'acct', ?, '2026-01-15', NULL, ?, ?, ?, ?, ?, ?, ?, NULL, 'coupon', NULL, NULL, '2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z')`,
  );
  insert.run(3, 'S-YEN', 'approved', 'paid', 'JPY', 2, 120_000, 1_500_000, null);
  insert.run(7, 'S-EURO', 'pending', null, 'EUR', 2, 101, 2000, '1.005');
  insert.run(9, 'S-DINAR', 'declined', 'pending', 'KWD', 3, 1125, null, null);
  db.prepare(
    "INSERT INTO sales_fts (rowid, reference, product, collection, subid) VALUES (3, 'S-YEN', '', '', '')",
  ).run();
  db.prepare('UPDATE search_progress SET indexed_through = 3').run();
  db.close();
}

function raw<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

beforeEach(() => {
  folder = tempFolder('migration-05');
  path = join(folder.dir, 'cache.sqlite');
  writeVersion4();
});
afterEach(() => folder.remove());

describe('cache format 5', () => {
  it('T6: upgrading keeps every row and id, and moves amounts to each currency’s own decimals, exact text and notice where finer', () => {
    const { cache, previousVersion } = openCache({ path });
    try {
      expect(previousVersion).toBe(4);
      const rows = new Map([...cache.iterateSales('acct', { filter: {} })].map((s) => [s.reference, s]));
      expect(rows.get('S-YEN')).toMatchObject({
        amountScale: 0,
        commissionMinor: 1200,
        transactionMinor: 15000,
        commissionAmount: 1200,
        notices: [],
      });
      expect(rows.get('S-EURO')).toMatchObject({
        amountScale: 2,
        commissionMinor: 101,
        commissionExact: '1.005',
        commissionAmount: 1.005,
        transactionAmount: 20,
      });
      expect(rows.get('S-EURO')?.notices).toEqual([
        expect.objectContaining({ kind: 'finer-than-currency', field: 'commission_amount' }),
      ]);
      expect(rows.get('S-DINAR')).toMatchObject({
        amountScale: 3,
        commissionMinor: 1125,
        transactionMinor: null,
        commissionStatus: 'declined',
      });
      expect(cache.summary('acct', { currencies: ['EUR'] }).byCurrency[0]).toMatchObject({ commission: '1.005' });
    } finally {
      cache.close();
    }
    expect(raw((db) => db.prepare('SELECT id FROM sales ORDER BY id').pluck().all())).toEqual([3, 7, 9]);
  });

  it('T8: the rebuilt table takes statuses the spec does not list, and a sale without a status or amount, even with CHECKs enforced', () => {
    openCache({ path }).cache.close();
    const db = new Database(path);
    try {
      db.pragma('ignore_check_constraints = OFF');
      const insert = db.prepare(
        `INSERT INTO sales (account_id, reference, transaction_date, commission_status, payment_status, currency, amount_scale, first_seen, last_changed)
         VALUES ('acct', ?, '2026-01-16', ?, ?, 'USD', 2, 'x', 'x')`,
      );
      insert.run('S-REVERSED', 'reversed', 'processing');
      insert.run('S-BARE', null, null);
      expect(() => insert.run('S-EMPTY', '', null)).toThrow(/CHECK/);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });

  it('keeps every sale searchable, the one its word index held and the others', () => {
    const { cache } = openCache({ path });
    try {
      expect(cache.countSales('acct', { text: 'S-YEN' })).toBe(1);
      expect(cache.countSales('acct', { text: 'S-EURO' })).toBe(1);
      expect(cache.countSales('acct', { text: 'S-DINAR' })).toBe(1);
    } finally {
      cache.close();
    }
    const indexes = raw((db) =>
      (db.pragma('index_list(sales)') as { name: string; unique: number }[]).map((index) => ({
        unique: index.unique,
        columns: (db.pragma(`index_info(${index.name})`) as { name: string }[]).map((c) => c.name),
      })),
    );
    expect(indexes).toEqual(
      expect.arrayContaining([
        { unique: 0, columns: ['account_id', 'transaction_date'] },
        { unique: 1, columns: ['account_id', 'reference'] },
      ]),
    );
    expect(indexes).toHaveLength(2);
    expect(raw((db) => db.pragma('quick_check', { simple: true }))).toBe('ok');
  });
});
