import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../../shared/domain';
import { openCache } from '../file';
import type { SalesCache } from '../sales-cache';
import { sampleSales, tempFolder, testClock } from '../../../../test-support/cache-kit';

const SALES = sampleSales({ count: 400, endDay: '2026-06-30', days: 120 });
const ACCOUNT = 'acct';

let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
let clock: ReturnType<typeof testClock>;

beforeEach(() => {
  folder = tempFolder('status-checks');
  clock = testClock();
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

const isOpen = (s: Sale): boolean =>
  s.commissionStatus !== 'declined' && !(s.commissionStatus === 'approved' && s.paymentStatus === 'paid');
const inDays = (from: string, to: string) => (s: Sale) => s.transactionDate >= from && s.transactionDate <= to;
const HOUR = 3_600_000;

describe('status checks (T3)', () => {
  it('T3: every stored sale, changed or not, is confirmed at its page time; the oldest confirmation of a filter never overstates', () => {
    const first = clock.now().toISOString();
    cache.storePage(ACCOUNT, SALES, clock.now());
    expect(cache.oldestStatusCheck(ACCOUNT, {})).toEqual({
      sales: 400,
      oldest: first,
      oldestOpen: first,
      neverChecked: 0,
    });

    clock.advance(HOUR);
    const second = clock.now().toISOString();
    const june = SALES.filter(inDays('2026-06-01', '2026-06-30'));
    const changed = june.map((s, i) =>
      i === 0
        ? { ...s, commissionStatus: 'approved' as const, paymentStatus: 'paid' as const, paymentDate: '2026-06-30' }
        : s,
    );
    const stored = cache.storePage(ACCOUNT, changed, clock.now());
    expect(stored).toMatchObject({ updated: 1, unchanged: june.length - 1 });

    expect(cache.oldestStatusCheck(ACCOUNT, { from: '2026-06-01', to: '2026-06-30' })).toMatchObject({
      sales: june.length,
      oldest: second,
    });
    expect(cache.oldestStatusCheck(ACCOUNT, {}).oldest).toBe(first);
    const openBefore = SALES.filter((s) => s.transactionDate < '2026-06-01' && isOpen(s));
    expect(openBefore.length).toBeGreaterThan(0);
    expect(cache.oldestStatusCheck(ACCOUNT, {}).oldestOpen).toBe(first);
    expect(
      cache.oldestStatusCheck(ACCOUNT, { commissionStatuses: ['declined'], from: '2026-06-01' }).oldestOpen,
    ).toBeNull();
    expect(cache.oldestStatusCheck(ACCOUNT, { text: june[1]?.reference }).oldest).toBe(second);
    expect(cache.oldestStatusCheck(ACCOUNT, { from: '2030-01-01' })).toEqual({
      sales: 0,
      oldest: null,
      oldestOpen: null,
      neverChecked: 0,
    });
  });

  it('T1: lists the open sales (pending, approved and unpaid, unlisted statuses) and the oldest open day; final sales are left out', () => {
    const odd: Sale = {
      ...(SALES[0] as Sale),
      reference: 'S-ODD',
      commissionStatus: 'on_hold',
      paymentStatus: 'paid',
      transactionDate: '2026-03-01',
    };
    cache.storePage(ACCOUNT, [...SALES, odd], clock.now());
    const open = cache.openSales(ACCOUNT, '2000-01-01', '2026-06-30');
    const expected = [...SALES, odd].filter(isOpen);
    expect(new Set(open.map((s) => s.reference))).toEqual(new Set(expected.map((s) => s.reference)));
    expect(open.find((s) => s.reference === 'S-ODD')?.day).toBe('2026-03-01');
    expect(cache.oldestOpenSaleDay(ACCOUNT, '2026-07-01')).toBe(expected.map((s) => s.transactionDate).sort()[0]);
    expect(cache.oldestOpenSaleDay(ACCOUNT, '2000-01-01')).toBeNull();
    const perDay = cache.salesPerDay(ACCOUNT, '2026-06-01', '2026-06-30');
    expect(perDay.reduce((n, d) => n + d.count, 0)).toBe(SALES.filter(inDays('2026-06-01', '2026-06-30')).length);
  });
});

describe('no longer reported (T5)', () => {
  it('T5: a sale missing from a complete fetch of its day is kept, stamped, listed as a change and left out of results and totals by default', () => {
    cache.storePage(ACCOUNT, SALES, clock.now());
    clock.advance(HOUR);
    const fetchStarted = clock.now();
    const may = SALES.filter(inDays('2026-05-01', '2026-05-31'));
    const [gone, confirmedMeanwhile, ...kept] = may;
    if (!gone || !confirmedMeanwhile) throw new Error('sample too small');
    clock.advance(1000);
    cache.storePage(ACCOUNT, kept, clock.now());
    // Confirmed after the fetch began (another window of the same sync, say): not marked, whatever the list says.
    cache.storePage(ACCOUNT, [confirmedMeanwhile], clock.now());
    const noticed = clock.now();
    const marked = cache.markNoLongerReported(
      ACCOUNT,
      { from: '2026-05-01', to: '2026-05-31', reported: new Set(kept.map((s) => s.reference)), fetchStarted },
      noticed,
    );
    expect(marked).toBe(1);

    expect(cache.countSales(ACCOUNT, {})).toBe(SALES.length - 1);
    expect(cache.countSales(ACCOUNT, { includeNoLongerReported: true })).toBe(SALES.length);
    const summary = cache.summary(ACCOUNT, { from: '2026-05-01', to: '2026-05-31' });
    expect(summary.byCurrency.reduce((n, t) => n + t.count, 0)).toBe(may.length - 1);
    const exported = [...cache.iterateSales(ACCOUNT, { filter: { from: '2026-05-01', to: '2026-05-31' } })].map(
      (s) => s.reference,
    );
    expect(exported).not.toContain(gone.reference);
    expect(exported).toHaveLength(may.length - 1);
    const all = [
      ...cache.iterateSales(ACCOUNT, {
        filter: { from: '2026-05-01', to: '2026-05-31', includeNoLongerReported: true },
      }),
    ];
    expect(all.map((s) => s.reference)).toContain(gone.reference);
    expect(cache.openSales(ACCOUNT, '2026-05-01', '2026-05-31').map((s) => s.reference)).not.toContain(gone.reference);

    const changes = cache
      .changesSince(ACCOUNT, { since: fetchStarted.toISOString() })
      .filter((c) => c.field === 'reported');
    expect(changes).toEqual([
      expect.objectContaining({
        reference: gone.reference,
        oldValue: 'reported',
        newValue: 'no longer reported',
        changedAt: noticed.toISOString(),
      }),
    ]);
  });

  it('T5: a sale that reappears is reported again, counted again, and that is a change too', () => {
    cache.storePage(ACCOUNT, SALES, clock.now());
    const target = SALES[10] as Sale;
    const day = target.transactionDate;
    const others = SALES.filter((s) => s.transactionDate === day && s.reference !== target.reference);
    clock.advance(HOUR);
    cache.markNoLongerReported(
      ACCOUNT,
      { from: day, to: day, reported: new Set(others.map((s) => s.reference)), fetchStarted: clock.now() },
      clock.now(),
    );
    expect(cache.countSales(ACCOUNT, {})).toBe(SALES.length - 1);
    clock.advance(HOUR);
    const back = clock.now();
    expect(cache.storePage(ACCOUNT, [target], back)).toMatchObject({ reportedAgain: 1, unchanged: 1 });
    expect(cache.countSales(ACCOUNT, {})).toBe(SALES.length);
    const changes = cache.changesSince(ACCOUNT, { since: new Date(back.getTime() - 1).toISOString() });
    expect(changes).toEqual([
      expect.objectContaining({
        reference: target.reference,
        field: 'reported',
        oldValue: 'no longer reported',
        newValue: 'reported',
      }),
    ]);
    expect(cache.storePage(ACCOUNT, [target], back).reportedAgain).toBe(0);
  });
});

describe('coverage of days still under way', () => {
  it('D1: a day not over when it was fetched is covered only provisionally: shown as covered, but fetched again by every sync', () => {
    cache.markCovered(ACCOUNT, '2026-06-01', '2026-06-30', '2026-06-30T10:00:00Z', '2026-06-30');
    expect(cache.coverage(ACCOUNT, '2026-06-01', '2026-06-30')).toEqual({
      complete: true,
      asOf: '2026-06-30T10:00:00.000Z',
      missing: [],
    });
    expect(cache.syncGaps(ACCOUNT, '2026-06-01', '2026-06-30')).toEqual([{ from: '2026-06-30', to: '2026-06-30' }]);
    expect(cache.provisionalDays(ACCOUNT)).toEqual(['2026-06-30']);

    // Without the user's today, the UTC day of the fetch still bounds what is settled; future days stay provisional.
    cache.markCovered(ACCOUNT, '2026-06-29', '2026-07-02', '2026-07-01T23:00:00Z');
    expect(cache.syncGaps(ACCOUNT, '2026-06-01', '2026-07-02')).toEqual([{ from: '2026-07-01', to: '2026-07-02' }]);
    expect(cache.provisionalDays(ACCOUNT)).toEqual(['2026-07-01', '2026-07-02']);
    expect(cache.coveredWindows(ACCOUNT).at(-1)).toMatchObject({ to: '2026-06-30' });
  });
});
