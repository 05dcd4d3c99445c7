import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { serviceDayToIso } from '../../shared/dates';
import { openCache, type SalesCache } from '../cache';
import { createNodeFetch, createServiceClient, type ServiceClient } from '../service';
import { runSync } from './sync-engine';
import type { SyncProgress } from '../../shared/sync-progress';

const TODAY = '2026-06-30';
const FROM = '2025-07-01';
let fake: FakeService;
let dir: string;
let cache: SalesCache;
let client: ServiceClient;

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 5000, endDay: TODAY, days: 365, seed: 42 } });
  dir = await mkdtemp(join(tmpdir(), 'sync-test-'));
  cache = openCache({ path: join(dir, 'cache.sqlite') }).cache;
  client = createServiceClient({
    baseUrl: fake.baseUrl,
    credentials: fake.credentials,
    fetch: createNodeFetch({ extraCaPem: fake.caPem }),
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
});

afterAll(async () => {
  cache.close();
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

/** Independent sums in cents per currency and status over the fake service's own records. */
function expectedTotals(): Map<string, { count: number; cents: number }> {
  const totals = new Map<string, { count: number; cents: number }>();
  for (const s of fake.sales) {
    const day = serviceDayToIso(s.transaction_date) ?? '';
    if (day < FROM || day > TODAY) continue;
    const key = `${s.currency}|${s.commission_status}`;
    const t = totals.get(key) ?? { count: 0, cents: 0 };
    t.count += 1;
    t.cents += Math.round(Number(s.commission_amount) * 100);
    totals.set(key, t);
  }
  return totals;
}

function cachedTotals(): Map<string, { count: number; cents: number }> {
  const summary = cache.summary('demo-sync', { from: FROM, to: TODAY });
  return new Map(
    summary.byCommissionStatus.map((t) => [
      `${t.currency}|${t.commissionStatus}`,
      { count: t.count, cents: t.commissionMinor },
    ]),
  );
}

describe('sync engine against the HTTPS fake service', () => {
  it('syncs 5,000 sales through injected faults, then a re-sync records 200 status changes; totals equal an independent sum', async () => {
    fake.setFaults({ serverErrorRate: 0.05, rateLimitRate: 0.05, rateLimitRetryAfter: '0', resetRate: 0.03, seed: 3 });
    const progress: SyncProgress[] = [];
    const first = await runSync(
      { cache, client, today: () => TODAY, onProgress: (p) => progress.push(p) },
      { account: 'demo-sync', from: FROM, to: TODAY },
    );
    const inRange = fake.sales.filter((s) => {
      const day = serviceDayToIso(s.transaction_date) ?? '';
      return day >= FROM && day <= TODAY;
    }).length;
    expect(first.progress.state).toBe('completed');
    const statuses = new Set(fake.requests.map((r) => r.status));
    expect(statuses.has(429) && [500, 502, 503, 504].some((s) => statuses.has(s))).toBe(true);
    expect(fake.requests.some((r) => r.fault === 'reset')).toBe(true);
    expect(first.inserted).toBe(inRange);
    expect(cache.countSales('demo-sync', {})).toBe(inRange);
    expect(cache.coverage('demo-sync', FROM, TODAY)).toMatchObject({ complete: true, missing: [] });
    expect(cachedTotals()).toEqual(expectedTotals());
    expect(progress.at(-1)?.records).toBeGreaterThanOrEqual(inRange);
    expect(progress.some((p) => p.state === 'running' && p.pages > 0)).toBe(true);

    const changed = fake.changeSaleStatuses({ count: 200 });
    expect(changed).toHaveLength(200);
    const before = new Date().toISOString();
    const second = await runSync(
      { cache, client, today: () => TODAY },
      { account: 'demo-sync', from: FROM, to: TODAY, refresh: true },
    );
    expect(second.progress.state).toBe('completed');
    expect(second.inserted).toBe(0);
    expect(second.statusChanges).toBe(200);
    expect(cache.countSales('demo-sync', {})).toBe(inRange);
    const changes = cache.changesSince('demo-sync', { since: before });
    expect(new Set(changes.map((c) => c.reference))).toEqual(new Set(changed.map((s) => s.reference)));
    expect(cachedTotals()).toEqual(expectedTotals());
    fake.resetFaults();
  });

  it('a normal re-sync fetches in full only the trailing window; older open sales are asked for by status only', async () => {
    fake.clearRequests();
    await runSync(
      { cache, client, today: () => TODAY },
      { account: 'demo-sync', from: FROM, to: TODAY, trailingDays: 30 },
    );
    const reports = fake.requests.filter((r) => r.route === 'report');
    const fullDays = reports
      .filter((r) => r.query.commission_status === 'all')
      .map((r) => String(r.query.start_date).slice(0, 10));
    expect(fullDays.length).toBeGreaterThan(0);
    expect(fullDays.every((d) => d >= '2026-05-31')).toBe(true);
    const openWalks = reports.filter((r) => r.query.commission_status !== 'all');
    expect(openWalks.length).toBeGreaterThan(0);
    expect(
      openWalks.every((r) => r.query.commission_status === 'pending' || r.query.payment_status === 'pending'),
    ).toBe(true);
  });

  it('cancelling stops the sync, keeps what was stored, and marks nothing it did not finish as covered', async () => {
    const account = 'cancel-test';
    fake.setFaults({ latencyMs: 30 });
    const controller = new AbortController();
    const run = runSync(
      {
        cache,
        client,
        today: () => TODAY,
        onProgress: (p) => {
          if (p.pages >= 3) controller.abort();
        },
      },
      { account, from: FROM, to: TODAY },
      controller.signal,
    );
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
    fake.resetFaults();
    expect(cache.lastSyncRun(account)?.status).toBe('cancelled');
    expect(cache.coverage(account, FROM, TODAY).complete).toBe(false);
    const resumed = await runSync({ cache, client, today: () => TODAY }, { account, from: FROM, to: TODAY });
    expect(resumed.progress.state).toBe('completed');
    expect(cache.countSales(account, {})).toBe(cache.countSales('demo-sync', {}));
  });

  it('a 401 stops the sync with AUTH_INVALID and records the failure', async () => {
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 401 }, route: 'report' }] });
    await expect(
      runSync({ cache, client, today: () => TODAY }, { account: 'auth-test', from: '2026-06-01', to: TODAY }),
    ).rejects.toMatchObject({
      code: 'AUTH_INVALID',
    });
    expect(cache.lastSyncRun('auth-test')?.status).toBe('failed');
    fake.resetFaults();
  });
});
