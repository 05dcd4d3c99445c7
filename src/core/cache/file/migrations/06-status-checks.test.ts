import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../../../test-support/cache-kit';
import { openCache } from '../open-cache';
import { APPLICATION_ID, MIGRATIONS } from './index';

let folder: ReturnType<typeof tempFolder>;
let path: string;

/**
 * A cache file of format 5: a sale written before its day's coverage window was fetched, one written after, one on a
 * day never covered, and a logged status change.
 */
function writeVersion5(): void {
  const db = new Database(path);
  for (const migration of MIGRATIONS.filter((m) => m.version <= 5)) migration.up(db);
  db.pragma(`application_id = ${APPLICATION_ID}`);
  db.pragma('user_version = 5');
  const insert = db.prepare(
    `INSERT INTO sales (account_id, reference, transaction_date, commission_status, payment_status, currency, amount_scale, commission_minor,
       first_seen, last_changed)
     VALUES ('acct', ?, ?, 'pending', 'pending', 'EUR', 2, 100, ?, ?)`,
  );
  insert.run('S-EARLY', '2026-01-10', '2026-01-05T00:00:00.000Z', '2026-01-05T00:00:00.000Z');
  insert.run('S-LATE', '2026-01-11', '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z');
  insert.run('S-UNCOVERED', '2026-05-01', '2026-05-02T00:00:00.000Z', '2026-05-02T00:00:00.000Z');
  db.prepare(
    "INSERT INTO coverage (account_id, from_day, to_day, fetched_at) VALUES ('acct', '2026-01-01', '2026-01-31', '2026-02-01T08:00:00.000Z')",
  ).run();
  db.prepare(
    "INSERT INTO sale_changes (account_id, reference, field, old_value, new_value, changed_at) VALUES ('acct', 'S-LATE', 'commission_status', 'pending', 'approved', '2026-03-01T00:00:00.000Z')",
  ).run();
  db.close();
}

function raw<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path);
  try {
    return read(db);
  } finally {
    db.close();
  }
}

beforeEach(() => {
  folder = tempFolder('migration-06');
  path = join(folder.dir, 'cache.sqlite');
  writeVersion5();
});
afterEach(() => folder.remove());

describe('cache format 6', () => {
  it('T3: upgrading gives every sale the latest confirmation the file can prove: its coverage window or its last write, never later', () => {
    const { cache, previousVersion } = openCache({ path });
    try {
      expect(previousVersion).toBe(5);
      expect(cache.oldestStatusCheck('acct', { from: '2026-01-10', to: '2026-01-10' }).oldest).toBe(
        '2026-02-01T08:00:00.000Z',
      );
      expect(cache.oldestStatusCheck('acct', { from: '2026-01-11', to: '2026-01-11' }).oldest).toBe(
        '2026-03-01T00:00:00.000Z',
      );
      expect(cache.oldestStatusCheck('acct', { from: '2026-05-01', to: '2026-05-01' }).oldest).toBe(
        '2026-05-02T00:00:00.000Z',
      );
      expect(cache.oldestStatusCheck('acct', {})).toMatchObject({ sales: 3, neverChecked: 0 });
      expect(cache.changesSince('acct', { since: '2000-01-01T00:00:00Z' })).toEqual([
        expect.objectContaining({ reference: 'S-LATE', field: 'commissionStatus', newValue: 'approved' }),
      ]);
    } finally {
      cache.close();
    }
  });

  it('T5: the rebuilt change log takes the `reported` field even with CHECKs enforced, and refuses an unknown one', () => {
    openCache({ path }).cache.close();
    raw((db) => {
      db.pragma('ignore_check_constraints = OFF');
      const log = db.prepare(
        "INSERT INTO sale_changes (account_id, reference, field, old_value, new_value, changed_at) VALUES ('acct', 'S-1', ?, 'a', 'b', 'x')",
      );
      log.run('reported');
      expect(() => log.run('colour')).toThrow(/CHECK/);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const indexes = (db.pragma('index_list(sale_changes)') as { name: string }[]).map((i) => i.name);
      expect(indexes).toContain('sale_changes_by_time');
    });
  });
});
