/**
 * Final sales re-confirmed in rotation (R3) and statuses no filter can ask for (R4), against the HTTPS fake service
 * with the real cache: a year of sales spread evenly over the days, requests counted at the fake.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { generateSales, type WireSale } from '../demo';
import { addDays, isoDayToService, serviceDayToIso } from '../../shared/dates';
import { openCache, type SalesCache } from '../cache';
import { tempFolder } from '../../../test-support/cache-kit';
import { runRoutineSync } from './routine-sync';
import { runSync } from './sync-engine';
import type { SyncDeps } from './sync-types';

const TODAY = '2026-06-30';
const DAYS = 365;
const FROM = addDays(TODAY, -(DAYS - 1));
/** The R4 cache holds three years, as an affiliate's would after a while. */
const YEARS_FROM = addDays(TODAY, -(3 * DAYS - 1));
const TRAILING_START = addDays(TODAY, -60);
const ROTATION_DAYS = 30;

const dayOf = (sale: WireSale): string => serviceDayToIso(sale.transaction_date) ?? '';
const isFinal = (s: WireSale): boolean =>
  s.commission_status === 'declined' || (s.commission_status === 'approved' && s.payment_status === 'paid');

/** Generated sales moved, in order, onto evenly spread days (the generator's grow denser towards the end). */
function evenSales(count: number, seed: number, from: string): WireSale[] {
  const days = Math.round((Date.parse(TODAY) - Date.parse(from)) / 86_400_000) + 1;
  return generateSales({ seed, count, endDay: TODAY, days }).map((s, i) => ({
    ...s,
    transaction_date: isoDayToService(addDays(from, Math.floor((i * days) / count))),
  }));
}

interface Setup {
  fake: FakeService;
  connected: FakeClient;
  folder: ReturnType<typeof tempFolder>;
  cache: SalesCache;
  deps: SyncDeps;
}

async function setUp(name: string, sales: readonly WireSale[], from: string): Promise<Setup> {
  const fake = await startFakeService({ sales, today: TODAY });
  const connected = connectClient(fake);
  const folder = tempFolder(name);
  const cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
  const deps: SyncDeps = { cache, client: connected.client, today: () => TODAY };
  await runSync(deps, { account: name, from, to: TODAY });
  return { fake, connected, folder, cache, deps };
}

async function tearDown(setup: Setup): Promise<void> {
  setup.cache.close();
  setup.connected.close();
  await setup.fake.close();
  setup.folder.remove();
}

const reports = (fake: FakeService) => fake.requests.filter((r) => r.route === 'report');
/** Full walks of days older than the trailing window: the rotation, and months whose count differed. */
const olderFullWalks = (fake: FakeService): number =>
  reports(fake).filter(
    (r) =>
      r.query.limit !== '1' &&
      r.query.commission_status === 'all' &&
      r.query.payment_status === 'all' &&
      String(r.query.start_date) < `${TRAILING_START}T00:00:00`,
  ).length;

function cachedSale(setup: Setup, account: string, reference: string) {
  return [...setup.cache.iterateSales(account, { filter: { text: reference, includeNoLongerReported: true } })].find(
    (s) => s.reference === reference,
  );
}

describe('final sales re-confirmed in rotation (R3)', () => {
  const ACCOUNT = 'rotation';
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp(ACCOUNT, evenSales(3000, 11, FROM), FROM);
  });
  afterAll(() => tearDown(setup));

  const finalAged = (min: number, max: number, paid: boolean): WireSale => {
    const ageOf = (s: WireSale): number => Math.round((Date.parse(TODAY) - Date.parse(dayOf(s))) / 86_400_000);
    const sale = setup.fake.sales.find(
      (s) => ageOf(s) >= min && ageOf(s) <= max && (paid ? s.payment_status === 'paid' : isFinal(s)),
    );
    if (!sale) throw new Error(`no final sale ${min}-${max} days old`);
    return sale;
  };

  it('R3: a paid sale declined long after and a paid amount cut are seen by routine syncs within the rotation, within the request budget; every older day is fetched again', async () => {
    const { fake, deps } = setup;
    fake.clearRequests();
    await runSync(deps, { account: ACCOUNT, from: FROM, to: addDays(TRAILING_START, -1), refresh: true });
    const refreshOfOlder = reports(fake).length;
    const declined = finalAged(250, 300, true);
    const restated = finalAged(120, 180, true);
    fake.updateSales([
      { kind: 'set', reference: declined.reference, fields: { commission_status: 'declined' } },
      { kind: 'set', reference: restated.reference, fields: { commission_amount: 3 } },
    ]);
    const started = new Date().toISOString();
    const perSync: number[] = [];
    const seenAt: Record<string, number> = {};
    for (let sync = 1; sync <= ROTATION_DAYS; sync++) {
      fake.clearRequests();
      await runRoutineSync(deps, { account: ACCOUNT, rotationDays: ROTATION_DAYS });
      perSync.push(olderFullWalks(fake));
      if (cachedSale(setup, ACCOUNT, declined.reference)?.commissionStatus === 'declined') seenAt.declined ??= sync;
      if (cachedSale(setup, ACCOUNT, restated.reference)?.commissionAmount === 3) seenAt.restated ??= sync;
    }

    // Both seen without a refresh, the one fetched first in the rotation no later than the other.
    expect(seenAt.declined).toBeDefined();
    expect(seenAt.restated).toBeDefined();
    // The whole history before the trailing window was fetched again within the rotation days, and the final sales'
    // "statuses checked" says so.
    const older = setup.cache.coveredWindows(ACCOUNT).filter((w) => w.from < TRAILING_START);
    expect(older.every((w) => w.fetchedAt >= started)).toBe(true);
    const checked = setup.cache.oldestStatusCheck(ACCOUNT, { to: addDays(TRAILING_START, -1) }).oldest ?? '';
    expect(checked >= started).toBe(true);
    // Each sync spends about a rotation day's share of a refresh of those days, never much more.
    const share = Math.ceil(refreshOfOlder / ROTATION_DAYS);
    expect(Math.max(...perSync)).toBeLessThanOrEqual(share + 1);
    expect(perSync.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(refreshOfOlder * 1.5);
    expect(Math.min(...perSync)).toBeGreaterThan(0);
  });

  it('R3: ten paid or declined sales the service stopped reporting are all left out after one routine sync, found by the month counts', async () => {
    const { fake, deps, cache } = setup;
    const old = fake.sales.filter((s) => dayOf(s) < addDays(TRAILING_START, -1) && isFinal(s));
    const removed = Array.from({ length: 10 }, (_, i) => old[Math.floor((i * old.length) / 10)] as WireSale);
    fake.updateSales(removed.map((s) => ({ kind: 'remove', reference: s.reference })));
    fake.clearRequests();

    const result = await runRoutineSync(deps, { account: ACCOUNT, rotationDays: ROTATION_DAYS });

    expect(result).toMatchObject({ noLongerReported: 10 });
    for (const sale of removed) expect(cache.countSales(ACCOUNT, { text: sale.reference })).toBe(0);
    expect(cache.countSales(ACCOUNT, {})).toBe(fake.sales.length);
    // One count of the whole span, then one per month of it.
    const counts = reports(fake).filter((r) => r.query.limit === '1').length;
    const months = new Set(fake.sales.filter((s) => dayOf(s) < TRAILING_START).map((s) => dayOf(s).slice(0, 7))).size;
    expect(counts).toBe(1 + months);
  });
});

describe('statuses no filter can ask for (R4)', () => {
  const ACCOUNT = 'unlisted';
  let setup: Setup;
  /** Every seventeenth sale (about 6 %) waits in a commission status the spec does not list. */
  const unlisted = (sales: WireSale[]): WireSale[] =>
    sales.map((s, i) =>
      i % 17 === 3 ? { ...s, commission_status: 'on_hold', payment_status: 'pending', payment_date: null } : s,
    );
  beforeAll(async () => {
    setup = await setUp(ACCOUNT, unlisted(evenSales(6000, 12, YEARS_FROM)), YEARS_FROM);
  });
  afterAll(() => tearDown(setup));

  it('R4: with 6 % of the sales in an unlisted status, a routine sync with nothing changed costs at most 0.3× a full refresh, and one of them paid is seen', async () => {
    const { fake, deps } = setup;
    const share = fake.sales.filter((s) => s.commission_status === 'on_hold').length / fake.sales.length;
    expect(share).toBeGreaterThan(0.055);
    fake.clearRequests();
    await runSync(deps, { account: ACCOUNT, from: YEARS_FROM, to: TODAY, refresh: true });
    const refresh = reports(fake).length;
    await runRoutineSync(deps, { account: ACCOUNT });

    fake.clearRequests();
    const idle = await runRoutineSync(deps, { account: ACCOUNT });
    expect(idle).toMatchObject({ statusChanges: 0, noLongerReported: 0, daysFetchedAgain: 0 });
    expect(reports(fake).length).toBeLessThanOrEqual(0.3 * refresh);

    // Paid: the service's count of sales waiting for payment drops, and only that month's held days are fetched.
    const held = fake.sales.find((s) => s.commission_status === 'on_hold' && dayOf(s) < '2025-01-01') as WireSale;
    const heldDays = new Set(
      fake.sales
        .filter((s) => s.commission_status === 'on_hold' && dayOf(s).startsWith(dayOf(held).slice(0, 7)))
        .map(dayOf),
    );
    fake.updateSales([
      {
        kind: 'set',
        reference: held.reference,
        fields: { commission_status: 'approved', payment_status: 'paid', payment_date: '29-06-2026' },
      },
    ]);
    const paid = await runRoutineSync(deps, { account: ACCOUNT });
    expect(cachedSale(setup, ACCOUNT, held.reference)).toMatchObject({
      commissionStatus: 'approved',
      paymentStatus: 'paid',
    });
    expect(paid.daysFetchedAgain).toBe(heldDays.size);
  });
});
