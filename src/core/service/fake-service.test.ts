/**
 * The fake service's own guarantees (it lives in e2e/fake-service; its tests sit here because vitest runs
 * src/**): it wraps the spec service without changing its answers, keeps no credential in its log, makes the
 * same data from the same seed, changes statuses, restarts, and runs as a child process.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { createSpecService } from '../demo';
import { AppError } from '../../shared/errors';
import { createNodeFetch } from './node-fetch';
import { walkSalesPages } from './page-iterator';
import { createServiceClient } from './service-client';

const FULL = { startDate: '2025-01-01', endDate: '2026-01-31' };

let fake: FakeService;
const clients: FakeClient[] = [];

function connect(target: FakeService = fake): FakeClient {
  const c = connectClient(target);
  clients.push(c);
  return c;
}

async function allRefs(client: FakeClient['client']): Promise<string[]> {
  const refs: string[] = [];
  for await (const batch of walkSalesPages(client, FULL)) refs.push(...batch.sales.map((s) => s.reference));
  return refs;
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 300, seed: 9 } });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await fake.close();
});

describe('the fake service', () => {
  it('Spec 4.2: answers exactly as the spec service does (one implementation behind demo mode and the fake)', async () => {
    const spec = createSpecService({
      credentials: fake.credentials,
      profile: fake.profile,
      sales: fake.sales,
      today: () => '2026-01-31',
    });
    const headers = {
      'api-key': fake.credentials.apiKey,
      'api-secret': fake.credentials.apiSecret,
      'app-id': fake.credentials.appId,
    };
    const fetch = createNodeFetch({ extraCaPem: fake.caPem });
    const paths = [
      '/v1/user/',
      '/v1/report/sales?page=2&limit=7&order_by=-transaction_date',
      '/v1/report/sales?start_date=2025-06-01T00:00:00&end_date=2025-06-30T23:59:59&commission_status=approved',
      '/v1/report/sales',
      '/v1/report/sales?limit=101',
      '/v1/report/sales?commission_status=declined',
      '/v1/nothing',
    ];
    for (const path of paths) {
      const url = `${fake.baseUrl}${path}`;
      const response = await fetch(url, { headers });
      const expected = spec({ method: 'GET', url, headers });
      expect(response.status, path).toBe(expected.status);
      expect(await response.text(), path).toBe(expected.body);
    }
    fetch.close();
  });

  it('Spec 5: keeps no credential value in its request log', async () => {
    fake.clearRequests();
    await connect().client.getProfile();
    const log = JSON.stringify(fake.requests);
    for (const value of Object.values(fake.credentials)) expect(log).not.toContain(value);
    expect(fake.requests[0]?.headers['api-secret']).toBe('[redacted]');
  });

  it('N6: generates the same data from the same seed, at any size', async () => {
    const twin = await startFakeService({ sales: { count: 300, seed: 9 } });
    expect(twin.sales).toEqual(fake.sales);
    await twin.close();
    const big = await startFakeService({ sales: { count: 200_000, seed: 1, days: 730 } });
    expect(big.sales).toHaveLength(200_000);
    const { client } = connect(big);
    const lastPage = await client.getSalesPage(
      { startDate: '2024-01-01', endDate: '2026-01-31' },
      { page: 2000, limit: 100 },
    );
    expect(lastPage.sales.map((s) => s.reference)).toEqual(big.sales.slice(199_900).map((s) => s.reference));
    expect(lastPage.nextPage).toBeNull();
    await big.close();
  });

  it('D4: changes the statuses of N sales in place; a re-fetch sees the change with no duplicate', async () => {
    const { client } = connect();
    const before = await allRefs(client);
    const changed = fake.changeSaleStatuses({
      count: 5,
      to: { commission_status: 'approved', payment_status: 'paid' },
    });
    expect(changed).toHaveLength(5);
    const after: Map<string, string> = new Map();
    for await (const batch of walkSalesPages(client, FULL))
      for (const s of batch.sales) after.set(s.reference, `${s.commissionStatus}/${s.paymentStatus}/${s.paymentDate}`);
    expect([...after.keys()]).toEqual(before);
    for (const sale of changed) expect(after.get(sale.reference)).toBe('approved/paid/2026-01-31');
  });

  it('R9: a token bucket answers 429 past its burst, with Retry-After when asked, and lets a request pass again', async () => {
    const fetch = createNodeFetch({ extraCaPem: fake.caPem });
    const headers = {
      'api-key': fake.credentials.apiKey,
      'api-secret': fake.credentials.apiSecret,
      'app-id': fake.credentials.appId,
    };
    const get = () => fetch(`${fake.baseUrl}/v1/report/sales?limit=1`, { headers });
    try {
      fake.setFaults({ tokenBucket: { rate: 2, burst: 2, retryAfter: true } });
      const answers = [await get(), await get(), await get()];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers[2]?.headers.get('retry-after')).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await get()).status).toBe(200);
      fake.setFaults({ tokenBucket: { rate: 0.01, burst: 1, retryAfter: false } });
      const bare = [await get(), await get()];
      expect(bare.map((a) => a.status)).toEqual([200, 429]);
      expect(bare[1]?.headers.get('retry-after')).toBeNull();
    } finally {
      fake.resetFaults();
      fetch.close();
    }
  });

  it('N3: stops and restarts on the same address; the client reports NETWORK_OFFLINE meanwhile', async () => {
    const restartable = await startFakeService({ sales: { count: 10 } });
    const { client } = connect(restartable);
    await client.getProfile();
    await restartable.stop();
    const error = await client.getProfile().catch((e: unknown) => e);
    expect((error as AppError).code).toBe('NETWORK_OFFLINE');
    await restartable.start();
    await expect(client.getProfile()).resolves.toBeTruthy();
    await restartable.close();
  });
});

describe('the fake service as a child process', () => {
  let child: ChildProcessWithoutNullStreams;
  let lines: AsyncIterator<string>;

  async function nextLine(prefix: string): Promise<string> {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error(`The fake service ended before printing ${prefix}.`);
      if (value.startsWith(prefix)) return value.slice(prefix.length).trim();
    }
  }

  async function command(payload: unknown): Promise<unknown> {
    child.stdin.write(`${JSON.stringify(payload)}\n`);
    return JSON.parse(await nextLine('FAKE_SERVICE_OK')) as unknown;
  }

  beforeAll(() => {
    const main = join(__dirname, '../../../e2e/fake-service/main.ts');
    child = spawn(
      process.execPath,
      ['--import', 'tsx', main, '--sales', '120', '--seed', '4', '--api-secret', 'cli-secret-123'],
      {
        cwd: join(__dirname, '../../..'),
      },
    );
    lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  });

  afterAll(() => {
    child.kill();
  });

  it('N1: prints FAKE_SERVICE_READY <baseUrl> <caPemPath> (credentials in a private file, never on stdout), serves over TLS with that CA, and takes fault commands on stdin', async () => {
    const [baseUrl, caPemPath] = (await nextLine('FAKE_SERVICE_READY')).split(' ') as [string, string];
    expect(baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const infoPath = await nextLine('FAKE_SERVICE_INFO');
    expect(infoPath).not.toContain('cli-secret-123');
    expect(statSync(infoPath).mode & 0o077).toBe(0);
    const info = JSON.parse(readFileSync(infoPath, 'utf8')) as {
      baseUrl: string;
      credentials: { apiKey: string; apiSecret: string; appId: string };
    };
    expect(info.baseUrl).toBe(baseUrl);
    expect(info.credentials.apiSecret).toBe('cli-secret-123');
    const { readCaFile } = await import('./node-fetch');
    const fetch = createNodeFetch({ extraCaPem: await readCaFile(caPemPath) });
    const client = createServiceClient({ baseUrl, credentials: info.credentials, fetch, retry: { maxAttempts: 1 } });
    const page = await client.getSalesPage(FULL, { page: 1, limit: 100 });
    expect(page.totalHint).toBe(120);

    await command({ op: 'setFaults', faults: { next: [{ fault: { kind: 'status', status: 503 } }] } });
    const error = await client.getSalesPage(FULL, { page: 1, limit: 100 }).catch((e: unknown) => e);
    expect((error as AppError).code).toBe('SERVER_ERROR');
    const refused = await (async () => {
      child.stdin.write(`${JSON.stringify({ op: 'setFaults', faults: { noSuchKnob: 1 } })}\n`);
      return nextLine('FAKE_SERVICE_ERROR');
    })();
    expect(refused).toMatch(/noSuchKnob|Unrecognized/);
    const changed = (await command({ op: 'changeStatuses', count: 3 })) as string[];
    expect(changed).toHaveLength(3);
    const requests = (await command({ op: 'requests' })) as { status: number }[];
    expect(requests.map((r) => r.status)).toEqual([200, 503]);
    fetch.close();
  });
});
