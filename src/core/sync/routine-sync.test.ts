/**
 * The routine sync against the HTTPS fake service (T1, T2, T5, D1): statuses of old sales kept current with
 * few requests, counted at the fake.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import type { WireSale } from '../demo';
import { addDays, serviceDayToIso } from '../../shared/dates';
import { openCache, type SalesCache } from '../cache';
import { tempFolder } from '../../../test-support/cache-kit';
import { createSilentLogger } from '../log';
import { runRoutineSync } from './routine-sync';
import { createSyncManager } from './sync-manager';
import { runSync } from './sync-engine';
import type { SyncDeps } from './sync-types';

const TODAY = '2026-06-30';
const FROM = '2025-07-01';
const ACCOUNT = 'routine';
const TRAILING_START = addDays(TODAY, -60);

let fake: FakeService;
let connected: FakeClient;
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
let deps: SyncDeps;

const dayOf = (sale: WireSale): string => serviceDayToIso(sale.transaction_date) ?? '';
const ageOf = (sale: WireSale): number => Math.round((Date.parse(TODAY) - Date.parse(dayOf(sale))) / 86_400_000);
const reportRequests = (): number => fake.requests.filter((r) => r.route === 'report').length;

function cached(account: string, reference: string) {
  return [...cache.iterateSales(account, { filter: { text: reference, includeNoLongerReported: true } })].find(
    (s) => s.reference === reference,
  );
}

function pendingAged(min: number, max: number): WireSale {
  const sale = fake.sales.find((s) => s.commission_status === 'pending' && ageOf(s) >= min && ageOf(s) <= max);
  if (!sale) throw new Error(`the dataset has no pending sale ${min}-${max} days old`);
  return sale;
}

/**
 * Pages of one walk over days `from`..`to`, plus the day after until the service was seen to include its end day (as
 * the engine asks), of the sales `keep` selects.
 */
function pagesOf(from: string, to: string, keep: (sale: WireSale) => boolean = () => true, dayAfter = true): number {
  const end = dayAfter ? addDays(to, 1) : to;
  const rows = fake.sales.filter((s) => dayOf(s) >= from && dayOf(s) <= end && keep(s)).length;
  return Math.max(1, Math.ceil(rows / 100));
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 3000, endDay: TODAY, days: 365, seed: 7 } });
  connected = connectClient(fake);
  folder = tempFolder('routine-sync');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
  deps = { cache, client: connected.client, today: () => TODAY };
  await runSync(deps, { account: ACCOUNT, from: FROM, to: TODAY });
});

afterAll(async () => {
  cache.close();
  connected.close();
  await fake.close();
  folder.remove();
});

describe('routine sync (T1, T2)', () => {
  it('T1: a 200-day-old pending sale that became paid is updated by the next routine sync; the cache and the change log show it', async () => {
    const paid = pendingAged(190, 210);
    const approved = pendingAged(150, 180);
    const vanished = pendingAged(100, 140);
    expect(new Set([dayOf(paid), dayOf(approved), dayOf(vanished)]).size).toBe(3);
    fake.updateSales([
      {
        kind: 'set',
        reference: paid.reference,
        fields: { commission_status: 'approved', payment_status: 'paid', payment_date: '29-06-2026' },
      },
      { kind: 'set', reference: approved.reference, fields: { commission_status: 'approved' } },
      { kind: 'remove', reference: vanished.reference },
    ]);
    const before = new Date().toISOString();

    const result = await runRoutineSync(deps, { account: ACCOUNT });

    expect(result.progress.state).toBe('completed');
    expect(cached(ACCOUNT, paid.reference)).toMatchObject({
      commissionStatus: 'approved',
      paymentStatus: 'paid',
      paymentDate: '2026-06-29',
    });
    expect(cached(ACCOUNT, approved.reference)).toMatchObject({
      commissionStatus: 'approved',
      paymentStatus: 'pending',
    });
    const changes = cache
      .changesSince(ACCOUNT, { since: before })
      .map((c) => [c.reference, c.field, c.oldValue, c.newValue]);
    expect(changes).toEqual(
      expect.arrayContaining([
        [paid.reference, 'commissionStatus', 'pending', 'approved'],
        [paid.reference, 'paymentStatus', 'pending', 'paid'],
        [approved.reference, 'commissionStatus', 'pending', 'approved'],
        [vanished.reference, 'reported', 'reported', 'no longer reported'],
      ]),
    );
    // Only the days of the two sales that left the open statuses were fetched in full; the approved one was still open.
    expect(result).toMatchObject({ daysFetchedAgain: 2, noLongerReported: 1 });
    expect(result.openSalesChecked).toBe(
      cache.openSales(ACCOUNT, '2000-01-01', addDays(TRAILING_START, -1)).length + 2,
    );
    expect(cache.countSales(ACCOUNT, { text: vanished.reference })).toBe(0);
    expect((cache.oldestStatusCheck(ACCOUNT, {}).oldestOpen ?? '') >= before).toBe(true);
  });

  it('T2: a routine sync with nothing changed costs the trailing window’s pages plus the open sales’ pages, counted at the service', async () => {
    fake.clearRequests();
    const result = await runRoutineSync(deps, { account: ACCOUNT });
    const oldestOpen = fake.sales
      .filter(
        (s) =>
          dayOf(s) < TRAILING_START &&
          (s.commission_status === 'pending' || (s.commission_status === 'approved' && s.payment_status !== 'paid')),
      )
      .map(dayOf)
      .sort()[0] as string;
    const openTo = addDays(TRAILING_START, -1);
    const trailingPages = pagesOf(TRAILING_START, '2026-05-31') + pagesOf('2026-06-01', TODAY);
    // The trailing windows (walked first, together) showed that the service includes its end day: no day after.
    const openPages =
      pagesOf(oldestOpen, openTo, (s) => s.commission_status === 'pending', false) +
      pagesOf(oldestOpen, openTo, (s) => s.commission_status === 'approved' && s.payment_status === 'pending', false);
    const fullRefreshPages = pagesOf(FROM, TODAY);

    // R3 adds one count of the older months and a share of them fetched in full in rotation.
    const counts = fake.requests.filter((r) => r.route === 'report' && r.query.limit === '1').length;
    const rotation = fake.requests.filter(
      (r) =>
        r.route === 'report' &&
        r.query.limit !== '1' &&
        String(r.query.start_date) < TRAILING_START &&
        r.query.commission_status === 'all',
    ).length;
    expect(counts).toBe(1);
    expect(rotation).toBeGreaterThan(0);
    expect(rotation).toBeLessThanOrEqual(Math.ceil(pagesOf(FROM, addDays(TRAILING_START, -1)) / 30) + 1);
    expect(reportRequests()).toBe(trailingPages + openPages + counts + rotation);
    expect(reportRequests()).toBeLessThanOrEqual(fullRefreshPages / 2);
    expect(result).toMatchObject({
      daysFetchedAgain: 0,
      statusChanges: 0,
      inserted: 0,
      noLongerReported: 0,
      notes: [],
    });
  });

  it('T1: the app’s sync manager starts a routine sync in the background, with the trailing window from the preferences', async () => {
    const manager = createSyncManager({
      cache: () => cache,
      today: () => TODAY,
      logger: createSilentLogger(),
      onAuthRejected: () => undefined,
      trailingDays: () => 30,
    });
    const pending = pendingAged(240, 300);
    fake.updateSales([{ kind: 'set', reference: pending.reference, fields: { commission_status: 'declined' } }]);
    fake.clearRequests();
    expect(manager.startRoutine(connected.client, { account: ACCOUNT }).running).toBe(true);
    await manager.idle();
    const status = manager.status(ACCOUNT);
    expect(status).toMatchObject({ running: false, error: null, lastRun: { status: 'completed', to: TODAY } });
    expect(cached(ACCOUNT, pending.reference)?.commissionStatus).toBe('declined');
    const starts = fake.requests
      .filter((r) => r.route === 'report' && r.query.commission_status === 'all')
      .map((r) => String(r.query.start_date));
    // Days 30 to 60 back were fetched by the syncs above, so the rotation (R3) takes older ones.
    const trailing = (s: string): boolean => s >= `${TRAILING_START}T00:00:00` && !s.startsWith(dayOf(pending));
    expect(starts.filter(trailing).every((s) => s >= `${addDays(TODAY, -30)}T00:00:00`)).toBe(true);
    expect(starts).toContain(`${addDays(TODAY, -30)}T00:00:00`);
  });

  it('D1: with the trailing window at 0, sales made later on the day of a sync are still fetched, and the day is settled once it is over', async () => {
    const account = 'trailing-zero';
    const template = fake.sales.at(-1) as WireSale;
    const late = (reference: string): WireSale => ({ ...template, reference, transaction_date: '30-06-2026' });
    await runSync(deps, { account, from: '2026-06-01', to: TODAY, trailingDays: 0 });
    expect(cache.coverage(account, '2026-06-01', TODAY).complete).toBe(true);
    expect(cache.syncGaps(account, '2026-06-01', TODAY)).toEqual([{ from: TODAY, to: TODAY }]);

    fake.updateSales([{ kind: 'add', record: late('S-LATE-0001') }]);
    await runSync(deps, { account, from: '2026-06-01', to: TODAY, trailingDays: 0 });
    expect(cached(account, 'S-LATE-0001')).toBeDefined();

    fake.updateSales([{ kind: 'add', record: late('S-LATE-0002') }]);
    await runRoutineSync({ ...deps, today: () => '2026-07-01' }, { account, trailingDays: 0 });
    expect(cached(account, 'S-LATE-0002')).toMatchObject({ transactionDate: TODAY });
    expect(cache.syncGaps(account, '2026-06-01', TODAY)).toEqual([]);
    expect(cache.countSales(account, { from: TODAY, to: TODAY })).toBe(
      fake.sales.filter((s) => dayOf(s) === TODAY).length,
    );
  });
});
