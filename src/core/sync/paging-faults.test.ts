/**
 * Paging that cannot lose or stale a sale (T9) and sales the service stops reporting (T5), through the sync
 * engine against the HTTPS fake service, whose data changes while a window is walked.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import type { WireSale } from '../demo';
import { serviceDayToIso } from '../../shared/dates';
import { openCache, type SalesCache } from '../cache';
import { tempFolder } from '../../../test-support/cache-kit';
import { runSync } from './sync-engine';
import type { SyncResult } from './sync-types';

const TODAY = '2026-06-30';
const JAN = { from: '2026-01-01', to: '2026-01-31' };

let fake: FakeService;
let connected: FakeClient;
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
let accounts = 0;

const dayOf = (sale: WireSale): string => serviceDayToIso(sale.transaction_date) ?? '';
const servedIn = (from: string, to: string): WireSale[] => fake.sales.filter((s) => dayOf(s) >= from && dayOf(s) <= to);
const reportRequests = (): number => fake.requests.filter((r) => r.route === 'report').length;

/** A fresh account, so each case starts from an empty cache. */
function freshAccount(): string {
  accounts += 1;
  return `paging-${accounts}`;
}

function sync(account: string, range: { from: string; to: string } = JAN, refresh = false): Promise<SyncResult> {
  return runSync(
    { cache, client: connected.client, today: () => TODAY, parallelWindows: 1 },
    { account, ...range, trailingDays: 0, refresh },
  );
}

/** Every sale the service holds for the days is cached once, as the service holds it now (the newest copy). */
function expectCachedAsServed(account: string, range: { from: string; to: string } = JAN): void {
  const served = servedIn(range.from, range.to);
  const rows = [...cache.iterateSales(account, { filter: { ...range, includeNoLongerReported: true } })];
  expect(rows.map((r) => r.reference).sort()).toEqual(served.map((s) => s.reference).sort());
  const byReference = new Map(rows.map((r) => [r.reference, r]));
  for (const sale of served) {
    expect(byReference.get(sale.reference)).toMatchObject({
      commissionStatus: sale.commission_status,
      transactionDate: dayOf(sale),
    });
  }
}

/** The `n`th sale (0-based) of the January window as the service orders it: page 1 for n < 100. */
function janSale(n: number): WireSale {
  return servedIn(JAN.from, '2026-02-01')[n] as WireSale;
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 3650, endDay: TODAY, days: 365, seed: 5 } });
  connected = connectClient(fake);
  folder = tempFolder('paging-faults');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
});

beforeEach(() => {
  fake.resetFaults();
  fake.clearRequests();
});

afterAll(async () => {
  cache.close();
  connected.close();
  await fake.close();
  folder.remove();
});

describe('paging under a changing report (T9)', () => {
  it('T9: a sale that moves to a later page while the window is walked makes another be skipped; the walk is repeated until it matches the count', async () => {
    const account = freshAccount();
    const moved = janSale(10);
    const onePass = Math.ceil(servedIn(JAN.from, '2026-02-01').length / 100);
    fake.setFaults({
      dataChanges: [
        { page: 2, startDay: JAN.from, changes: [{ kind: 'move', reference: moved.reference, toDay: '2026-01-28' }] },
      ],
    });
    const result = await sync(account);
    expect(result.notes.join(' ')).toMatch(/counted \d+ sales but \d+ distinct ones arrived .* walked again/);
    expect(reportRequests()).toBe(2 * onePass);
    expectCachedAsServed(account);
    expect(cache.countSales(account, JAN)).toBe(servedIn(JAN.from, JAN.to).length);
    expect(cache.coverage(account, JAN.from, JAN.to).complete).toBe(true);
  });

  it('T9: a later, different copy of a sale on another page wins over the first one, and the conflict is noted', async () => {
    const account = freshAccount();
    const changed = servedIn(JAN.from, '2026-02-01')
      .slice(5, 90)
      .find((s) => s.commission_status !== 'declined') as WireSale;
    fake.setFaults({
      dataChanges: [
        {
          page: 2,
          startDay: JAN.from,
          changes: [
            { kind: 'set', reference: changed.reference, fields: { commission_status: 'declined' } },
            { kind: 'move', reference: changed.reference, toDay: '2026-01-29' },
          ],
        },
      ],
    });
    const result = await sync(account);
    expect(result.notes.join(' ')).toMatch(
      /sent 1 sale\(s\) again with other values than earlier in the same walk: .*\. The later copy was kept/,
    );
    const rows = [...cache.iterateSales(account, { filter: { text: changed.reference } })];
    expect(rows).toEqual([
      expect.objectContaining({
        reference: changed.reference,
        commissionStatus: 'declined',
        transactionDate: '2026-01-29',
      }),
    ]);
    expect(cache.changesSince(account, { since: '2000-01-01T00:00:00Z' })).toEqual([
      expect.objectContaining({
        reference: changed.reference,
        field: 'commissionStatus',
        oldValue: changed.commission_status,
        newValue: 'declined',
      }),
      expect.objectContaining({ reference: changed.reference, field: 'transactionDate', newValue: '2026-01-29' }),
    ]);
    expectCachedAsServed(account);
  });

  it('T9: a full page whose next_page is null while the count says more does not end the window', async () => {
    const account = freshAccount();
    fake.setFaults({ nextPageNullAt: [2] });
    const result = await sync(account);
    expect(result.notes).toEqual([]);
    expectCachedAsServed(account);
    expect(cache.coverage(account, JAN.from, JAN.to).complete).toBe(true);
  });

  it('T9: a server that reads the end bound as exclusive loses no boundary day, and marks nothing no longer reported', async () => {
    const account = freshAccount();
    const range = { from: '2026-01-01', to: '2026-02-28' };
    fake.setFaults({ exclusiveEnd: true });
    const first = await sync(account, range);
    expect(servedIn('2026-01-31', '2026-01-31').length).toBeGreaterThan(0);
    expect(servedIn('2026-02-28', '2026-02-28').length).toBeGreaterThan(0);
    expectCachedAsServed(account, range);
    const again = await sync(account, range, true);
    expect(first.noLongerReported + again.noLongerReported).toBe(0);
    expect(cache.countSales(account, range)).toBe(servedIn(range.from, range.to).length);
  });

  it('T9: a late sale added early in the window while it is walked is stored, with every other sale once', async () => {
    const account = freshAccount();
    const late: WireSale = {
      ...janSale(3),
      reference: 'S-LATE-JAN-0001',
      transaction_date: '02-01-2026',
      commission_status: 'pending',
    };
    fake.setFaults({ dataChanges: [{ page: 3, startDay: JAN.from, changes: [{ kind: 'add', record: late }] }] });
    const result = await sync(account);
    expect(result.notes.join(' ')).toMatch(/walked again/);
    expectCachedAsServed(account);
    expect(cache.countSales(account, { text: 'S-LATE-JAN-0001' })).toBe(1);
  });

  it('T9: a report that changes on every walk is left unsettled after 3 walks, with a note that says so; what arrived is kept', async () => {
    const account = freshAccount();
    const moves = [12, 14, 16].map((n) => janSale(n).reference);
    fake.setFaults({
      dataChanges: moves.map((reference, i) => ({
        page: 2,
        startDay: JAN.from,
        changes: [{ kind: 'move' as const, reference, toDay: `2026-01-2${i + 5}` }],
      })),
    });
    const result = await sync(account);
    expect(result.progress.state).toBe('completed');
    expect(result.notes.join(' ')).toMatch(
      /changed on each of 3 walks .* not marked complete and will be fetched again/,
    );
    expect(cache.syncGaps(account, JAN.from, JAN.to)).toEqual([JAN]);
    expect(cache.countSales(account, JAN)).toBeGreaterThanOrEqual(servedIn(JAN.from, JAN.to).length - 1);
    await sync(account);
    expectCachedAsServed(account);
  });
});

describe('sales the service stops reporting (T5)', () => {
  it('T5: a sale removed while its window is walked changes the count; the window is walked again and the sale is marked no longer reported', async () => {
    const account = freshAccount();
    const removed = janSale(20);
    fake.setFaults({
      dataChanges: [{ page: 2, startDay: JAN.from, changes: [{ kind: 'remove', reference: removed.reference }] }],
    });
    const result = await sync(account);
    expect(result.notes.join(' ')).toMatch(/count changed from page to page/);
    expect(result.noLongerReported).toBe(1);
    expect(cache.countSales(account, JAN)).toBe(servedIn(JAN.from, JAN.to).length);
    expect(cache.countSales(account, { ...JAN, includeNoLongerReported: true })).toBe(
      servedIn(JAN.from, JAN.to).length + 1,
    );
  });

  it('T5: a sale missing from a full fetch of its day is kept, listed and left out of totals and exports; when it returns it is reported again', async () => {
    const account = freshAccount();
    const march = { from: '2026-03-01', to: '2026-03-31' };
    await sync(account, march);
    const gone = servedIn('2026-03-10', '2026-03-10')[0] as WireSale;
    fake.updateSales([{ kind: 'remove', reference: gone.reference }]);
    const since = new Date().toISOString();

    const refreshed = await sync(account, march, true);

    expect(refreshed.noLongerReported).toBe(1);
    const served = servedIn(march.from, march.to);
    expect(cache.countSales(account, march)).toBe(served.length);
    const summary = cache.summary(account, march);
    const centsOf = (currency: string) =>
      served
        .filter((s) => s.currency === currency)
        .reduce((sum, s) => sum + Math.round(Number(s.commission_amount) * 100), 0);
    for (const total of summary.byCurrency) expect(total.commissionMinor).toBe(centsOf(total.currency));
    const exported = [...cache.iterateSales(account, { filter: march })].map((s) => s.reference);
    expect(exported).not.toContain(gone.reference);
    expect(
      [...cache.iterateSales(account, { filter: { ...march, includeNoLongerReported: true } })].map((s) => s.reference),
    ).toContain(gone.reference);
    expect(cache.changesSince(account, { since })).toEqual([
      expect.objectContaining({
        reference: gone.reference,
        field: 'reported',
        oldValue: 'reported',
        newValue: 'no longer reported',
        transactionDate: '2026-03-10',
      }),
    ]);

    fake.updateSales([{ kind: 'add', record: gone }]);
    const back = await sync(account, march, true);
    expect(back).toMatchObject({ reportedAgain: 1, noLongerReported: 0 });
    expect(cache.countSales(account, march)).toBe(servedIn(march.from, march.to).length);
    expect(cache.changesSince(account, { since }).at(-1)).toMatchObject({
      reference: gone.reference,
      oldValue: 'no longer reported',
      newValue: 'reported',
    });
  });
});
