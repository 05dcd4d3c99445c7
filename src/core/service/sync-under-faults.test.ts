import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { burst, retryAfterSeconds, type ScheduledFault } from '../../../e2e/fake-service/faults';
import { walkSalesPages, type PageProgress } from './page-iterator';
import type { RetryEvent } from './request-runner';
import type { SalesFilter } from './sales-params';

const YEAR: SalesFilter = { startDate: '2025-02-01', endDate: '2026-01-31' };

function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

let fake: FakeService;
const clients: FakeClient[] = [];

function connect(options: Parameters<typeof connectClient>[1] = {}): FakeClient {
  const c = connectClient(fake, options);
  clients.push(c);
  return c;
}

async function collect(
  client: FakeClient['client'],
  filter: SalesFilter,
): Promise<{ refs: string[]; progress: PageProgress | null }> {
  const refs: string[] = [];
  let progress: PageProgress | null = null;
  for await (const batch of walkSalesPages(client, filter, { limit: 100 })) {
    refs.push(...batch.sales.map((s) => s.reference));
    progress = batch.progress;
  }
  return { refs, progress };
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 5000, seed: 42, endDay: '2026-01-31', days: 365 } });
});

beforeEach(() => {
  fake.resetFaults();
  fake.clearRequests();
});

afterAll(async () => {
  for (const c of clients) c.close();
  await fake.close();
});

describe('a whole report under faults', () => {
  it('N3: fetches a 5,000-sale report across 50 pages through 429s, 503s and connection resets; every sale arrives exactly once', async () => {
    const faults: ScheduledFault[] = [
      { fault: { kind: 'status', status: 429, retryAfter: retryAfterSeconds(2) }, page: 5 },
      ...burst(2, { kind: 'status', status: 429 }, { page: 12 }),
      ...burst(2, { kind: 'status', status: 503 }, { page: 20 }),
      { fault: { kind: 'reset' }, page: 30 },
      { fault: { kind: 'reset-mid-body' }, page: 41 },
      { fault: { kind: 'status', status: 503, retryAfter: retryAfterSeconds(1) }, page: 47 },
    ];
    fake.setFaults({ next: faults });
    const events: RetryEvent[] = [];
    const { client, clock } = connect({ onRetry: (e) => events.push(e) });

    const { refs, progress } = await collect(client, YEAR);

    expect(refs).toHaveLength(5000);
    expect(new Set(refs).size).toBe(5000);
    expect(refs).toEqual(fake.sales.map((s) => s.reference));
    expect(progress).toMatchObject({ pages: 50, records: 5000, done: true, complete: true, endReason: 'no-next-page' });
    expect(fake.faults.next).toEqual([]);
    // Each page served once; the page after one whose body broke may be asked before that one's retry (when its headers came).
    const served = fake.requests.filter((r) => r.status === 200).map((r) => r.page as number);
    expect(served.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(fake.requests.filter((r) => r.status === 429)).toHaveLength(3);
    expect(fake.requests.filter((r) => r.status === 503)).toHaveLength(3);
    expect(fake.requests.filter((r) => r.fault === 'reset' || r.fault === 'reset-mid-body')).toHaveLength(2);
    expect(events.map((e) => e.reason).sort()).toEqual(
      [
        'connection-dropped',
        'connection-dropped',
        'rate-limited',
        'rate-limited',
        'rate-limited',
        'server-error',
        'server-error',
        'server-error',
      ].sort(),
    );
    expect(clock.sleeps).toContain(2000);
    expect(clock.sleeps).toContain(1000);
  });

  it('N2: twelve parallel date windows through one shared gate of 4, with random 429s, 5xx and resets: every sale exactly once, concurrency lowered', async () => {
    fake.setFaults({ seed: 7, rateLimitRate: 0.12, serverErrorRate: 0.06, resetRate: 0.03, latencyMs: 2 });
    const { client } = connect({ retry: { maxAttempts: 12, maxRateLimitedAttempts: 20 } });
    const months = [
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
    ];
    const windows: SalesFilter[] = months.map((m) => ({ startDate: `${m}-01`, endDate: lastDay(m) }));
    const results = await Promise.all(windows.map((w) => collect(client, w)));
    const refs = results.flatMap((r) => r.refs);
    expect(refs).toHaveLength(5000);
    expect(new Set(refs)).toEqual(new Set(fake.sales.map((s) => s.reference)));
    expect(results.every((r) => r.progress?.complete === true)).toBe(true);
    expect(fake.requests.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(client.gate.snapshot().lowest).toBeLessThan(client.gate.snapshot().max);
    expect(fake.maxInFlight).toBeLessThanOrEqual(4);
  });
});
