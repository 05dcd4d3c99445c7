import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  connectClient,
  eventually,
  type FakeClient,
  type FakeClientOptions,
} from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import type { TransportFault } from '../../../e2e/fake-service/faults';
import { MAX_BODY_DEPTH, MAX_LIST_ITEMS } from './json-body';
import { ServiceError, type RefusedReply } from './service-errors';

const FULL = { startDate: '2025-01-01', endDate: '2026-01-31' };
const PAGE = { page: 1, limit: 100 };

let fake: FakeService;
const clients: FakeClient[] = [];

function connect(options: FakeClientOptions = {}): FakeClient {
  const connected = connectClient(fake, options);
  clients.push(connected);
  return connected;
}

function serve(fault: TransportFault): void {
  fake.setFaults({ next: [{ fault, route: 'report' }] });
}

async function refused(promise: Promise<unknown>, refusal: RefusedReply): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).code).toBe('BAD_RESPONSE');
  expect((error as ServiceError).refused, (error as Error).message).toBe(refusal);
  expect((error as Error).message).toMatch(/nothing (from (it|that reply) )?was stored|stored nothing/);
  return error as ServiceError;
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 50, seed: 13 } });
});

beforeEach(() => {
  fake.resetFaults();
  fake.clearRequests();
});

afterAll(async () => {
  for (const c of clients) c.close();
  await fake.close();
});

describe('S13: a hostile service is bounded', () => {
  it('S13: a page body that never ends is read as a stream and cut at the cap: a typed error, the connection closed, no retry', async () => {
    const { client, clock } = connect({ maxBodyBytes: 256 * 1024 });
    serve({ kind: 'endless-body' });
    const error = await refused(client.getSalesPage(FULL, PAGE), 'body-too-large');
    expect(error.message).toMatch(
      /^The service sent a reply with more than 256 kB, more than Commission Desk accepts for one page; it stopped reading there/,
    );
    expect(await eventually(() => fake.requests[0]?.closedEarly === true)).toBe(true);
    expect(fake.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('S13: a body whose declared length is over the cap is refused before it is read', async () => {
    const { client } = connect({ maxBodyBytes: 16 * 1024 });
    serve({ kind: 'many-rows', rows: 500 });
    const error = await refused(client.getSalesPage(FULL, PAGE), 'body-too-large');
    expect(error.message).toContain('more than 16 kB');
  });

  it(`R5: a record nested 100,000 levels deep is set aside with its reason and its page kept, not refused; one within ${MAX_BODY_DEPTH} levels is read`, async () => {
    const { client, clock } = connect();
    serve({ kind: 'deep-json', levels: 100_000 });
    const deep = await client.getSalesPage(FULL, PAGE);
    expect(deep.rawCount).toBe(1);
    expect(deep.warnings).toEqual([
      { reference: null, day: null, reason: expect.stringMatching(/nested more than 256 levels deep.*set aside/) },
    ]);
    expect(clock.sleeps).toEqual([]);
    serve({ kind: 'deep-json', levels: MAX_BODY_DEPTH - 3 });
    const page = await client.getSalesPage(FULL, PAGE);
    expect(page.rawCount).toBe(1);
    expect(page.warnings).toEqual([{ reference: null, day: null, reason: expect.stringMatching(/not an object/) }]);
  });

  it(`S13: a page of more than ${MAX_LIST_ITEMS} rows is refused; up to ${MAX_LIST_ITEMS} (more than the 100 asked for) are read, each once`, async () => {
    const { client } = connect();
    serve({ kind: 'many-rows', rows: MAX_LIST_ITEMS + 1 });
    const error = await refused(client.getSalesPage(FULL, PAGE), 'too-many-rows');
    expect(error.message).toContain('more than 1,000 rows on one page');
    serve({ kind: 'many-rows', rows: MAX_LIST_ITEMS });
    const page = await client.getSalesPage(FULL, PAGE);
    expect(new Set(page.sales.map((s) => s.reference)).size).toBe(MAX_LIST_ITEMS);
  });

  it('S13: a profile body beyond the bounds gets the same typed errors', async () => {
    const { client } = connect();
    fake.setFaults({ next: [{ fault: { kind: 'deep-json', levels: 1_000 }, route: 'user' }] });
    await refused(client.getProfile(), 'too-deep');
  });
});
