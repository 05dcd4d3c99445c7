import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../../../test-support/cache-kit';
import { openCache } from '../open-cache';
import { APPLICATION_ID, MIGRATIONS } from './index';

let folder: ReturnType<typeof tempFolder>;
let path: string;

/** A cache file of format 10 with a sale and logged status changes: one away from "paid", one from no status. */
function writeVersion10(): void {
  const db = new Database(path);
  for (const migration of MIGRATIONS.filter((m) => m.version <= 10)) migration.up(db);
  db.pragma(`application_id = ${APPLICATION_ID}`);
  db.pragma('user_version = 10');
  db.prepare(
    `INSERT INTO sales (account_id, reference, transaction_date, commission_status, payment_status, currency, amount_scale,
       commission_minor, first_seen, last_changed)
     VALUES ('acct', 'S-1', '2026-07-10', 'declined', 'pending', 'EUR', 2, 3000, '2026-07-11T00:00:00.000Z', '2026-10-01T00:00:00.000Z')`,
  ).run();
  const log = db.prepare(
    "INSERT INTO sale_changes (account_id, reference, field, old_value, new_value, changed_at) VALUES ('acct', 'S-1', ?, ?, ?, ?)",
  );
  log.run('commission_status', 'approved', 'declined', '2026-10-01T00:00:00.000Z');
  log.run('payment_status', 'paid', 'pending', '2026-10-01T00:00:00.000Z');
  log.run('payment_status', null, 'pending', '2026-10-01T00:00:00.000Z');
  db.close();
}

beforeEach(() => {
  folder = tempFolder('migration-12');
  path = join(folder.dir, 'cache.sqlite');
  writeVersion10();
});
afterEach(() => folder.remove());

describe('cache format 12', () => {
  it('R2: upgrading keeps the logged changes, flags a logged move away from paid as a restatement, and then logs money changes', () => {
    const { cache, previousVersion } = openCache({ path });
    try {
      expect(previousVersion).toBe(10);
      const kept = cache.changesSince('acct', { since: '2000-01-01T00:00:00Z' });
      expect(kept.map((c) => [c.field, c.oldValue, c.newValue, c.restatement])).toEqual([
        ['commissionStatus', 'approved', 'declined', false],
        ['paymentStatus', 'paid', 'pending', true],
        ['paymentStatus', null, 'pending', false],
      ]);
      cache.storePage(
        'acct',
        [
          {
            reference: 'S-1',
            transactionDate: '2026-07-10',
            paymentDate: null,
            commissionStatus: 'declined',
            paymentStatus: 'pending',
            currency: 'EUR',
            commissionAmount: 0,
            transactionAmount: null,
            category: null,
            subid: null,
            productSlug: null,
            productName: null,
            collectionSlug: null,
            collectionName: null,
            collectionUrl: null,
            extra: {},
          },
        ],
        '2026-10-02T00:00:00.000Z',
      );
      expect(
        cache.changesSince('acct', { since: '2026-10-01T12:00:00Z' }).map((c) => [c.field, c.oldValue, c.newValue]),
      ).toEqual([['commissionAmount', '30.00', '0.00']]);
    } finally {
      cache.close();
    }
  });

  it('runs again on a file that has it (a file marked older than it is) without touching the log', () => {
    openCache({ path }).cache.close();
    const db = new Database(path);
    db.pragma('user_version = 10');
    db.close();
    const { cache } = openCache({ path });
    try {
      expect(cache.changesSince('acct', { since: '2000-01-01T00:00:00Z' })).toHaveLength(3);
    } finally {
      cache.close();
    }
  });
});
