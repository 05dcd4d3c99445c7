import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../../shared/domain';
import { openCache } from '../file';
import { createLookupIds } from './lookup-ids';
import { createPageStore, type PageStore } from './page-store';
import { ROW_VALUE_COLUMNS, toRowValues } from './sale-row';
import { sampleSales, tempFolder } from '../../../../test-support/cache-kit';

const AT = '2026-07-01T08:00:00.000Z';
let folder: ReturnType<typeof tempFolder>;
let db: Database.Database;
let store: PageStore;

beforeEach(() => {
  folder = tempFolder('bulk-insert');
  const path = join(folder.dir, 'cache.sqlite');
  openCache({ path }).cache.close();
  db = new Database(path);
  store = createPageStore(db, createLookupIds(db));
});
afterEach(() => {
  db.close();
  folder.remove();
});

/** A page of 250 sales (chunks of 64, 64, 64, 32, 16, 8 and 2) with a few of the rarely filled columns set. */
function mixedPage(): Sale[] {
  return sampleSales({ count: 250 }).map((sale, i) => {
    if (i === 3) return { ...sale, extra: { voucher: 'X1', tier: 2 } };
    if (i === 70) return { ...sale, commissionExact: '1.005', commissionAmount: 1.005 };
    if (i === 200)
      return { ...sale, notices: [{ kind: 'unlisted-value', field: 'commission_status', message: 'Kept as sent.' }] };
    return sale;
  });
}

function storedRow(account: string, reference: string): { id: number; values: unknown[]; times: unknown[] } {
  const row = db
    .prepare<[string, string], unknown[]>(
      `SELECT id, ${ROW_VALUE_COLUMNS.join(', ')}, first_seen, last_changed, status_checked_at FROM sales WHERE account_id = ? AND reference = ?`,
    )
    .raw()
    .get(account, reference);
  if (row === undefined) throw new Error(`${reference} is not stored`);
  return {
    id: row[0] as number,
    values: row.slice(1, ROW_VALUE_COLUMNS.length + 1),
    times: row.slice(ROW_VALUE_COLUMNS.length + 1),
  };
}

function countOf(account: string, reference: string): number {
  return (
    db
      .prepare<[string, string], number>('SELECT count(*) FROM sales WHERE account_id = ? AND reference = ?')
      .pluck()
      .get(account, reference) ?? 0
  );
}

describe('a page of new sales, stored in bulk', () => {
  it('stores every sale as sent, with the page time, and gives back their ids in page order', () => {
    const page = mixedPage();
    const { result, changedIds } = store('acct', page, AT);
    expect(result).toMatchObject({ inserted: 250, updated: 0, unchanged: 0, roundedAmounts: 1 });
    const lookups = createLookupIds(db);
    page.forEach((sale, i) => {
      const row = storedRow('acct', sale.reference);
      expect(row.id).toBe(changedIds[i]);
      expect(row.values).toEqual(toRowValues(sale, lookups).values);
      expect(row.times).toEqual([AT, AT, AT]);
    });
    expect(new Set(changedIds).size).toBe(250);
  });

  it('stores a page holding a stored sale sale by sale: nothing twice, the stored one updated and its change logged', () => {
    const [a, b, c, d] = sampleSales({ count: 4 }) as [Sale, Sale, Sale, Sale];
    store('acct', [a, b], AT);
    const changed: Sale = { ...a, commissionStatus: a.commissionStatus === 'declined' ? 'approved' : 'declined' };
    const { result } = store('acct', [c, changed, d, b], '2026-07-02T08:00:00.000Z');
    expect(result).toMatchObject({ inserted: 2, updated: 1, unchanged: 1, statusChanges: 1 });
    for (const sale of [a, b, c, d]) expect(countOf('acct', sale.reference)).toBe(1);
    expect(storedRow('acct', a.reference).values[3]).toBe(changed.commissionStatus);
    expect(db.prepare('SELECT count(*) FROM sale_changes').pluck().get()).toBe(1);
  });

  it('stores a page that repeats a reference once, with the later copy', () => {
    const [a, b] = sampleSales({ count: 2 }) as [Sale, Sale];
    const later: Sale = { ...a, subid: 'later-copy' };
    const { result } = store('acct', [a, b, later], AT);
    expect(result).toMatchObject({ inserted: 2, updated: 1 });
    expect(countOf('acct', a.reference)).toBe(1);
    expect(storedRow('acct', a.reference).values[ROW_VALUE_COLUMNS.indexOf('subid')]).toBe('later-copy');
  });

  it('keeps the same reference of two accounts apart', () => {
    const page = sampleSales({ count: 10 });
    store('a', page, AT);
    expect(store('b', page, AT).result.inserted).toBe(10);
    expect(countOf('a', page[0]?.reference ?? '')).toBe(1);
    expect(countOf('b', page[0]?.reference ?? '')).toBe(1);
  });

  it('reads the ids back when SQLite does not hand out the next ones (a row holds the largest id it allows)', () => {
    db.prepare(
      "INSERT INTO sales (id, account_id, reference, transaction_date, currency, amount_scale, first_seen, last_changed) VALUES (?, 'other', 'top', '2026-01-01', 'EUR', 2, ?, ?)",
    ).run(2n ** 63n - 1n, AT, AT);
    const page = sampleSales({ count: 100 });
    const { changedIds } = store('acct', page, AT);
    page.forEach((sale, i) => expect(changedIds[i]).toBe(storedRow('acct', sale.reference).id));
  });
});
