/**
 * Answers that are not what they claim, against the HTTPS fake service: a 200 whose body names an error status, a 200
 * that is empty, an HTML page or cut-off JSON, and a report that answers 405 to GET but serves a POST.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, type FakeClient, type FakeClientOptions } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { burst } from '../../../e2e/fake-service/faults';
import { AppError, type ErrorCode } from '../../shared/errors';
import type { RetryEvent } from './request-runner';
import type { ServiceError } from './service-errors';

const FULL = { startDate: '2025-01-01', endDate: '2026-01-31' };
const PAGE = { page: 1, limit: 100 };

let fake: FakeService;
const clients: FakeClient[] = [];

function connect(options: FakeClientOptions = {}): FakeClient {
  const connected = connectClient(fake, options);
  clients.push(connected);
  return connected;
}

async function failure(promise: Promise<unknown>, code: ErrorCode): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(AppError);
  expect((error as AppError).code, (error as Error).message).toBe(code);
  return error as ServiceError;
}

const reports = () => fake.requests.filter((r) => r.route === 'report');

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 250, seed: 3 } });
});

beforeEach(() => {
  fake.resetFaults();
  fake.setReportAccess(true);
  fake.clearRequests();
});

afterAll(async () => {
  for (const c of clients) c.close();
  await fake.close();
});

describe('a 200 that names an error status in its body', () => {
  it('N2: a 200 whose body says status 429 is backed off and retried like a 429, lowering the concurrency', async () => {
    const events: RetryEvent[] = [];
    const { client, clock } = connect({ onRetry: (e) => events.push(e) });
    fake.setFaults({ next: burst(2, { kind: 'status', status: 200, bodyStatus: 429, message: 'Too many requests' }) });
    const page = await client.getSalesPage(FULL, PAGE);
    expect(page.sales).toHaveLength(100);
    expect(events.map((e) => [e.reason, e.status])).toEqual([
      ['rate-limited', 429],
      ['rate-limited', 429],
    ]);
    expect(clock.sleeps).toEqual([375, 750]);
    expect(client.gate.snapshot().slowDowns).toBeGreaterThan(0);
  });

  it('N2: a 200 that says 429 every time gives up after the rate-limit budget with RATE_LIMITED', async () => {
    const { client } = connect({ retry: { maxRateLimitedAttempts: 3 } });
    fake.setFaults({ next: burst(5, { kind: 'status', status: 200, bodyStatus: 429 }) });
    const error = await failure(client.getSalesPage(FULL, PAGE), 'RATE_LIMITED');
    expect(error.message).toMatch(/3 tries/);
    expect(reports()).toHaveLength(3);
  });

  it('N3: a 200 whose body says status 500 is retried like a 500, then the page arrives; 500 every time is SERVER_ERROR', async () => {
    const { client, clock } = connect({ retry: { maxAttempts: 3 } });
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 200, bodyStatus: 500 } }] });
    await expect(client.getSalesPage(FULL, PAGE)).resolves.toMatchObject({ rawCount: 100 });
    expect(clock.sleeps).toHaveLength(1);
    fake.clearRequests();
    fake.setFaults({ next: burst(3, { kind: 'status', status: 200, bodyStatus: 500 }) });
    const error = await failure(client.getSalesPage(FULL, PAGE), 'SERVER_ERROR');
    expect(error.message).toMatch(/status 500, 3 tries/);
    expect(reports()).toHaveLength(3);
  });

  it('N3: a 200 whose body says 401 is not retried: the credentials are wrong', async () => {
    const { client } = connect();
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 200, bodyStatus: 401 } }] });
    await failure(client.getSalesPage(FULL, PAGE), 'AUTH_INVALID');
    expect(reports()).toHaveLength(1);
  });
});

describe('a 200 that is not a report at all', () => {
  it('N3: an empty 200, an HTML page and cut-off JSON are each retried like a 5xx, and the page then arrives', async () => {
    const events: RetryEvent[] = [];
    const { client } = connect({ onRetry: (e) => events.push(e) });
    fake.setFaults({
      next: [
        { fault: { kind: 'empty-body' } },
        { fault: { kind: 'html-page' } },
        { fault: { kind: 'malformed-json' } },
      ],
    });
    const page = await client.getSalesPage(FULL, PAGE);
    expect(page.sales).toHaveLength(100);
    expect(reports().map((r) => r.fault)).toEqual(['empty-body', 'html-page', 'malformed-json', null]);
    expect(events.map((e) => e.reason)).toEqual(['unreadable-reply', 'unreadable-reply', 'unreadable-reply']);
  });

  it.each([
    ['empty-body', /sent an empty reply instead of a report \(3 tries\)/],
    ['html-page', /sent an HTML page \(“Sign in to the guest network”\) instead of a report \(3 tries\)/],
    ['malformed-json', /sent a reply cut off after \d+ characters instead of a report \(3 tries\)/],
  ] as const)(
    'N3: %s every time → a bounded number of tries, then BAD_RESPONSE saying what came back',
    async (kind, message) => {
      const { client } = connect({ retry: { maxAttempts: 3 } });
      fake.setFaults({ next: burst(4, { kind }) });
      const error = await failure(client.getSalesPage(FULL, PAGE), 'BAD_RESPONSE');
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/try again later/);
      expect(reports()).toHaveLength(3);
    },
  );

  it('N5: a 200 of valid JSON in the wrong shape is not retried: asking again would give the same', async () => {
    const { client } = connect();
    fake.setFaults({ next: burst(2, { kind: 'wrong-shape' }) });
    await failure(client.getSalesPage(FULL, PAGE), 'BAD_RESPONSE');
    expect(reports()).toHaveLength(1);
  });
});

describe('the report method the spec does not name', () => {
  it('N3: a report that answers 405 to GET is asked once with the parameters as a JSON body; the client then keeps using POST', async () => {
    fake.setFaults({ reportByPost: true });
    const { client } = connect();
    const subid = fake.sales.find((s) => typeof s.subid === 'string' && s.subid !== '')?.subid as string;
    const first = await client.getSalesPage({ ...FULL, subid }, { page: 1, limit: 5 });
    expect(first.rawCount).toBeGreaterThan(0);
    expect(first.sales.every((s) => s.subid === subid)).toBe(true);
    const [get, post] = reports();
    expect([get?.method, get?.status, post?.method, post?.status]).toEqual(['GET', 405, 'POST', 200]);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      page: 1,
      limit: 5,
      start_date: '2025-01-01T00:00:00',
      end_date: '2026-01-31T23:59:59',
      order_by: 'transaction_date',
      commission_status: 'all',
      payment_status: 'all',
      subid,
    });
    fake.clearRequests();
    const again = await client.getSalesPage(FULL, PAGE);
    expect(again.sales).toHaveLength(100);
    expect(reports().map((r) => [r.method, r.status])).toEqual([['POST', 200]]);
  });

  it('N3: the same pages arrive by POST as by GET', async () => {
    const byGet = await connect().client.getSalesPage(FULL, { page: 3, limit: 40 });
    fake.setFaults({ reportByPost: true });
    const byPost = await connect().client.getSalesPage(FULL, { page: 3, limit: 40 });
    expect(byPost.sales.map((s) => s.reference)).toEqual(byGet.sales.map((s) => s.reference));
  });

  it('N3: when the POST is refused too, the 405 is reported as "not allowed for this account", after exactly two requests', async () => {
    fake.setFaults({ reportByPost: true });
    fake.setReportAccess(false);
    const { client } = connect();
    const error = await failure(client.getSalesPage(FULL, PAGE), 'NOT_ALLOWED_FOR_ACCOUNT');
    expect(error.message).toMatch(/not allowed to use the sales report/);
    expect(reports().map((r) => [r.method, r.status])).toEqual([
      ['GET', 405],
      ['POST', 405],
    ]);
  });

  it('N3: a client that was served by GET does not try POST when a later GET is refused', async () => {
    const { client } = connect();
    await client.getSalesPage(FULL, PAGE);
    fake.setReportAccess(false);
    fake.clearRequests();
    await failure(client.getSalesPage(FULL, PAGE), 'NOT_ALLOWED_FOR_ACCOUNT');
    expect(reports().map((r) => r.method)).toEqual(['GET']);
  });
});
