import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../../shared/domain';
import { openCache } from '../file';
import type { SalesCache } from '../sales-cache';
import { sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';

let folder: ReturnType<typeof tempFolder>;
let path: string;
let cache: SalesCache;
let clock: ReturnType<typeof testClock>;
const SALES = sampleSales({ count: 300 });

beforeEach(() => {
  folder = tempFolder('page-store');
  path = join(folder.dir, 'cache.sqlite');
  clock = testClock();
  cache = openCache({ path, now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

function rowsOf(reference: string): { first_seen: string; last_changed: string; commission_status: string }[] {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare<[string], { first_seen: string; last_changed: string; commission_status: string }>(
        'SELECT first_seen, last_changed, commission_status FROM sales WHERE reference = ?',
      )
      .all(reference);
  } finally {
    db.close();
  }
}

function firstWith(predicate: (s: Sale) => boolean): Sale {
  const sale = SALES.find(predicate);
  if (!sale) throw new Error('no such sample sale');
  return sale;
}

describe('storePage: upserts (D4)', () => {
  it('stores a new page and counts every sale as inserted', () => {
    expect(cache.storePage('acct', SALES, clock.now())).toEqual({
      inserted: 300,
      updated: 0,
      unchanged: 0,
      statusChanges: 0,
      amountChanges: 0,
      currencyChanges: 0,
      dateChanges: 0,
      restatements: 0,
      roundedAmounts: 0,
      reportedAgain: 0,
    });
    expect(cache.countSales('acct', {})).toBe(300);
  });

  it('D4: re-storing a sale whose status changed updates it in place, logs the change, and the count stays the same', () => {
    const pending = firstWith((s) => s.commissionStatus === 'pending' && s.paymentStatus === 'pending');
    cache.storePage('acct', SALES, clock.now());
    const firstSeen = rowsOf(pending.reference)[0]?.first_seen;
    clock.advance(86_400_000);
    const changed: Sale = {
      ...pending,
      commissionStatus: 'approved',
      paymentStatus: 'paid',
      paymentDate: '2026-06-30',
    };
    const refetch = SALES.map((s) => (s.reference === pending.reference ? changed : s));
    expect(cache.storePage('acct', refetch, clock.now())).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 299,
      statusChanges: 2,
      amountChanges: 0,
      currencyChanges: 0,
      dateChanges: 1,
      restatements: 0,
      roundedAmounts: 0,
      reportedAgain: 0,
    });
    expect(cache.countSales('acct', {})).toBe(300);
    const rows = rowsOf(pending.reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      first_seen: firstSeen,
      last_changed: clock.now().toISOString(),
      commission_status: 'approved',
    });
    const changes = cache.changesSince('acct', { since: '2000-01-01T00:00:00Z' });
    expect(
      changes.map(({ reference, field, oldValue, newValue, changedAt }) => ({
        reference,
        field,
        oldValue,
        newValue,
        changedAt,
      })),
    ).toEqual([
      {
        reference: pending.reference,
        field: 'commissionStatus',
        oldValue: 'pending',
        newValue: 'approved',
        changedAt: clock.now().toISOString(),
      },
      {
        reference: pending.reference,
        field: 'paymentStatus',
        oldValue: 'pending',
        newValue: 'paid',
        changedAt: clock.now().toISOString(),
      },
      {
        reference: pending.reference,
        field: 'paymentDate',
        oldValue: pending.paymentDate,
        newValue: '2026-06-30',
        changedAt: clock.now().toISOString(),
      },
    ]);
    const page = cache.salesPage('acct', { filter: { text: pending.reference }, offset: 0, limit: 10 });
    expect(page.rows.map((r) => [r.reference, r.commissionStatus, r.paymentStatus])).toEqual([
      [pending.reference, 'approved', 'paid'],
    ]);
  });

  it('D4: a decline is a change too, and "changes since" returns only what changed after the given time', () => {
    const approved = firstWith((s) => s.commissionStatus === 'approved');
    cache.storePage('acct', SALES, clock.now());
    clock.advance(1000);
    cache.storePage('acct', [{ ...approved, commissionStatus: 'declined' }], clock.now());
    const boundary = clock.now().toISOString();
    clock.advance(1000);
    cache.storePage('acct', [{ ...approved, commissionStatus: 'approved' }], clock.now());
    const later = cache.changesSince('acct', { since: boundary });
    expect(later.map((c) => [c.oldValue, c.newValue])).toEqual([['declined', 'approved']]);
    expect(later[0]?.commission).toMatch(/^\d+\.\d{2}$/);
    expect(cache.changesSince('acct', { since: '2000-01-01T00:00:00Z' })).toHaveLength(2);
  });

  it("B1: a sale's history is every change of that sale, oldest first, and of no other sale or account", () => {
    const [sale, other] = SALES.filter((s) => s.commissionStatus === 'pending') as [Sale, Sale];
    cache.storePage('acct', SALES, clock.now());
    expect(cache.saleHistory('acct', { reference: sale.reference })).toEqual([]);
    clock.advance(1000);
    cache.storePage(
      'acct',
      [
        { ...sale, commissionStatus: 'approved' },
        { ...other, commissionStatus: 'declined' },
      ],
      clock.now(),
    );
    clock.advance(1000);
    cache.storePage(
      'acct',
      [{ ...sale, commissionStatus: 'approved', paymentStatus: 'paid', paymentDate: '2026-07-01' }],
      clock.now(),
    );
    cache.storePage('other', [{ ...sale, commissionStatus: 'declined' }], clock.now());
    const history = cache.saleHistory('acct', { reference: sale.reference });
    expect(history.map((c) => [c.field, c.oldValue, c.newValue])).toEqual([
      ['commissionStatus', 'pending', 'approved'],
      ...(sale.paymentStatus === 'paid' ? [] : [['paymentStatus', sale.paymentStatus, 'paid']]),
      ['paymentDate', sale.paymentDate, '2026-07-01'],
    ]);
    expect(new Set(history.map((c) => c.reference))).toEqual(new Set([sale.reference]));
    expect(history.map((c) => c.changedAt)).toEqual([...history.map((c) => c.changedAt)].sort());
    expect(() => cache.saleHistory('acct', { reference: '' })).toThrow(/sale history query/);
  });

  it('does not touch an unchanged sale: last_changed stays, nothing is logged', () => {
    cache.storePage('acct', SALES, clock.now());
    const before = rowsOf(SALES[0]?.reference ?? '');
    clock.advance(3_600_000);
    expect(cache.storePage('acct', SALES, clock.now())).toMatchObject({ inserted: 0, updated: 0, unchanged: 300 });
    expect(rowsOf(SALES[0]?.reference ?? '')).toEqual(before);
    expect(cache.changesSince('acct', { since: '2000-01-01T00:00:00Z' })).toEqual([]);
  });

  it('updates a sale whose amount or product changed without logging a status change, and search follows', () => {
    const sale = firstWith((s) => s.productName !== null);
    cache.storePage('acct', SALES, clock.now());
    const renamed: Sale = { ...sale, commissionAmount: 99.99, productName: 'Zyzzyva Gadget', productSlug: 'zyzzyva' };
    expect(cache.storePage('acct', [renamed], clock.now())).toMatchObject({ updated: 1, statusChanges: 0 });
    const found = cache.salesPage('acct', { filter: { text: 'zyzzy' }, offset: 0, limit: 5 });
    expect(found.rows.map((r) => [r.reference, r.commissionAmount, r.productName])).toEqual([
      [sale.reference, 99.99, 'Zyzzyva Gadget'],
    ]);
    const oldWord = sale.productName?.split(' ')[0] ?? '';
    const stillOld = cache.salesPage('acct', { filter: { text: `${oldWord} ${sale.reference}` }, offset: 0, limit: 5 });
    expect(stillOld.total).toBe(0);
  });

  it('keeps the search index in step through updates: new words are found, the replaced words no longer match', () => {
    cache.storePage('acct', SALES, clock.now());
    const originals = SALES.slice(0, 40).filter((s) => s.productName !== null && s.subid !== null);
    const edited = originals.map((s, i) => ({ ...s, subid: `edited-${i}`, productName: 'Renamed Thing' }));
    cache.storePage('acct', edited, clock.now());
    expect(cache.countSales('acct', { text: 'edited' })).toBe(edited.length);
    expect(cache.countSales('acct', { text: 'renamed thing' })).toBe(edited.length);
    for (const sale of originals) {
      const oldWord = (sale.productName ?? '').split(' ')[0] ?? '';
      expect(cache.countSales('acct', { text: `${sale.reference} ${oldWord}` })).toBe(0);
      expect(cache.countSales('acct', { text: `${sale.reference} ${sale.subid ?? ''}` })).toBe(0);
      expect(cache.countSales('acct', { text: `${sale.reference} renamed` })).toBe(1);
    }
  });

  it('keeps accounts apart: the same reference in two accounts is two sales', () => {
    cache.storePage('a', SALES.slice(0, 5), clock.now());
    cache.storePage('b', SALES.slice(0, 5), clock.now());
    expect(cache.countSales('a', {})).toBe(5);
    expect(cache.countSales('b', {})).toBe(5);
  });

  it('stores amounts finer than the currency’s scale rounded, counts them, and gives back the number that was sent', () => {
    const sale = { ...(SALES[0] as Sale), commissionAmount: 1.005 };
    expect(cache.storePage('acct', [sale], clock.now()).roundedAmounts).toBe(1);
    const [row] = cache.salesPage('acct', { offset: 0, limit: 1 }).rows;
    expect(row?.commissionAmount).toBe(1.005);
    expect(row?.commissionMinor).toBe(101);
  });

  it('refuses a page holding an impossible sale and stores none of it', () => {
    const bad = { ...(SALES[1] as Sale), transactionDate: '2026-02-30' };
    expect(() => cache.storePage('acct', [SALES[0] as Sale, bad], clock.now())).toThrow(/no valid transaction date/);
    expect(cache.countSales('acct', {})).toBe(0);
    expect(() => cache.storePage('', SALES, clock.now())).toThrow(/account id/);
  });

  it('keeps extra fields, and an extra field that changed is an update', () => {
    const sale: Sale = { ...(SALES[0] as Sale), extra: { voucher: 'X1', tier: 2 } };
    cache.storePage('acct', [sale], clock.now());
    expect(cache.storePage('acct', [{ ...sale, extra: { tier: 2, voucher: 'X1' } }], clock.now()).unchanged).toBe(1);
    expect(cache.storePage('acct', [{ ...sale, extra: { tier: 3, voucher: 'X1' } }], clock.now()).updated).toBe(1);
    expect(cache.salesPage('acct', { offset: 0, limit: 1 }).rows[0]?.extra).toEqual({ tier: 3, voucher: 'X1' });
  });

  it('records a page against its sync run with the resume checkpoint in the same transaction', () => {
    const runId = cache.beginSyncRun('acct', '2025-06-01', '2026-06-30');
    cache.storePage('acct', SALES.slice(0, 100), clock.now(), { runId, checkpoint: { window: 0, next: 'page=2' } });
    cache.storePage('acct', SALES.slice(100, 200), clock.now(), { runId, checkpoint: { window: 0, next: 'page=3' } });
    expect(cache.unfinishedSyncRuns('acct')).toMatchObject([
      { id: runId, pages: 2, records: 200, checkpoint: { window: 0, next: 'page=3' } },
    ]);
    cache.finishSyncRun(runId, 'completed');
    expect(cache.unfinishedSyncRuns('acct')).toEqual([]);
    expect(cache.lastSyncRun('acct', 'completed')).toMatchObject({
      id: runId,
      status: 'completed',
      finishedAt: clock.now().toISOString(),
    });
    expect(() => cache.storePage('acct', SALES.slice(200, 210), clock.now(), { runId })).toThrow(/not running/);
    expect(cache.countSales('acct', {})).toBe(200);
  });

  it('rolls a page back with the caller’s transaction, and the browse index forgets it', () => {
    cache.storePage('acct', SALES.slice(0, 10), clock.now());
    expect(cache.countSales('acct', {})).toBe(10);
    expect(() =>
      cache.transaction(() => {
        cache.storePage('acct', SALES.slice(10, 20), clock.now());
        expect(cache.countSales('acct', {})).toBe(20);
        throw new Error('sync engine failed after storing');
      }),
    ).toThrow(/sync engine failed/);
    expect(cache.countSales('acct', {})).toBe(10);
    expect(cache.storePage('acct', SALES.slice(10, 20), clock.now()).inserted).toBe(10);
  });
});

describe('profile and coverage', () => {
  it('keeps the profile as last fetched, with its fetch time', () => {
    expect(cache.profile('acct')).toBeNull();
    const profile = {
      uId: 'u1',
      userName: 'ana',
      profileName: 'Ana',
      country: 'DE',
      email: null,
      description: null,
      isPrivate: false,
      avatar: null,
      coverImage: null,
      statistics: { followers: 1, following: 2, productCount: null, collectionCount: null },
      socialChannels: [{ channel: 'instagram', link: 'https://www.instagram.com/ana' }],
    };
    cache.saveProfile('acct', profile, clock.now());
    cache.saveProfile('acct', { ...profile, profileName: 'Ana B.' }, '2026-07-02T00:00:00Z');
    expect(cache.profile('acct')).toEqual({
      profile: { ...profile, profileName: 'Ana B.' },
      fetchedAt: '2026-07-02T00:00:00.000Z',
    });
  });

  it('marks windows covered and answers whether a range is complete, as of when, and what is missing', () => {
    cache.markCovered('acct', '2026-01-01', '2026-01-31', '2026-07-01T00:00:00Z');
    cache.markCovered('acct', '2026-02-01', '2026-02-10', '2026-06-01T00:00:00Z');
    expect(cache.coverage('acct', '2026-01-10', '2026-02-05')).toEqual({
      complete: true,
      asOf: '2026-06-01T00:00:00.000Z',
      missing: [],
    });
    expect(cache.coverage('acct', '2025-12-30', '2026-02-15')).toEqual({
      complete: false,
      asOf: '2026-06-01T00:00:00.000Z',
      missing: [
        { from: '2025-12-30', to: '2025-12-31' },
        { from: '2026-02-11', to: '2026-02-15' },
      ],
    });
    expect(cache.coverage('other', '2026-01-10', '2026-01-11').complete).toBe(false);
    expect(() => cache.coverage('acct', '2026-02-01', '2026-01-01')).toThrow(/ends before it starts/);
    expect(cache.coveredWindows('acct')).toHaveLength(2);
  });
});

describe('storePage: money changes (R2)', () => {
  it('R2: compares amounts as exact decimals: a finer amount changed by a thousandth is logged exactly, an equal amount in another currency only as a currency change', () => {
    const [fine, moved] = SALES.filter((s) => s.commissionStatus === 'pending' && s.paymentStatus === 'pending') as [
      Sale,
      Sale,
    ];
    const before: Sale[] = [
      { ...fine, currency: 'EUR', commissionAmount: 0.125, commissionExact: '0.125' },
      { ...moved, currency: 'USD', commissionAmount: 10, transactionAmount: 200 },
    ];
    cache.storePage('acct', before, clock.now());
    clock.advance(1000);
    const result = cache.storePage(
      'acct',
      [
        { ...fine, currency: 'EUR', commissionAmount: 0.126, commissionExact: '0.126' },
        { ...moved, currency: 'JPY', commissionAmount: 10, transactionAmount: 200 },
      ],
      clock.now(),
    );
    expect(result).toMatchObject({ amountChanges: 1, currencyChanges: 1, statusChanges: 0, restatements: 0 });
    expect(
      cache
        .changesSince('acct', { since: '2000-01-01T00:00:00Z' })
        .map((c) => [c.reference, c.field, c.oldValue, c.newValue, c.oldCurrency, c.newCurrency, c.restatement]),
    ).toEqual([
      [fine.reference, 'commissionAmount', '0.125', '0.126', 'EUR', 'EUR', false],
      [moved.reference, 'currency', 'USD', 'JPY', null, null, false],
    ]);
  });
});
