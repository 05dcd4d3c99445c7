import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  connectClient,
  eventually,
  type FakeClient,
  type FakeClientOptions,
} from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { burst, retryAfterDate, retryAfterSeconds, type RecordDefect } from '../../../e2e/fake-service/faults';
import { serviceDayToIso } from '../../shared/dates';
import type { SaleNoticeKind } from '../../shared/domain';
import { AppError, type ErrorCode } from '../../shared/errors';
import { createVirtualClock } from './clock';
import type { RetryEvent } from './request-runner';
import { ServiceError } from './service-errors';

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
  expect((error as Error).message).not.toContain(fake.credentials.apiSecret);
  expect((error as Error).message).not.toContain(fake.credentials.apiKey);
  return error as ServiceError;
}

const reportRequests = (): number => fake.requests.filter((r) => r.route === 'report').length;

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

describe('spec section 7: every status maps to one code and an actionable sentence', () => {
  it('Spec 7: 200 returns the profile and a parsed report page', async () => {
    const { client } = connect();
    const profile = await client.getProfile();
    expect(profile.userName).toBe(fake.profile.user_name);
    expect(profile.statistics.followers).toBe(fake.profile.statistics.followers);
    const page = await client.getSalesPage(FULL, PAGE);
    expect(page.sales).toHaveLength(100);
    expect(page.totalHint).toBe(250);
    expect(page.nextPage).toContain('page=2');
  });

  it('Spec 7: 400 → BAD_REQUEST quoting the service, not retried', async () => {
    const { client, clock } = connect();
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 400, message: 'Invalid parameter subid' } }] });
    const error = await failure(client.getSalesPage(FULL, PAGE), 'BAD_REQUEST');
    expect(error.message).toContain('Invalid parameter subid');
    expect(error.message).toMatch(/Check the dates and filters/);
    expect(reportRequests()).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('Spec 7: 401 (wrong secret) → AUTH_INVALID asking to copy the credentials again, not retried', async () => {
    const { client, clock } = connect({ credentials: { ...fake.credentials, apiSecret: 'wrong-secret-XYZ' } });
    const error = await failure(client.getProfile(), 'AUTH_INVALID');
    expect(error.message).toMatch(/sign in again/);
    expect(error.message).not.toContain('wrong-secret-XYZ');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.credentialsValid).toBe(false);
    expect(clock.sleeps).toEqual([]);
  });

  it('Spec 7: 401 for each wrong header, on both endpoints', async () => {
    for (const field of ['apiKey', 'apiSecret', 'appId'] as const) {
      const { client } = connect({ credentials: { ...fake.credentials, [field]: 'not-the-right-one' } });
      await failure(client.getProfile(), 'AUTH_INVALID');
      await failure(client.getSalesPage(FULL, PAGE), 'AUTH_INVALID');
    }
    expect(fake.requests).toHaveLength(6);
  });

  it('Spec 7: 403 → FORBIDDEN pointing to the administrator, not retried', async () => {
    const { client } = connect();
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 403 } }] });
    const error = await failure(client.getProfile(), 'FORBIDDEN');
    expect(error.message).toMatch(/administrator/);
    expect(fake.requests).toHaveLength(1);
  });

  it('Spec 7: 404 (wrong base path) → NOT_FOUND asking to check the address, not retried', async () => {
    const { client } = connect({ baseUrl: `${fake.baseUrl}/api` });
    const error = await failure(client.getProfile(), 'NOT_FOUND');
    expect(error.message).toMatch(/service address/);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.status).toBe(404);
  });

  it('Spec 7: 405 (no report access) → NOT_ALLOWED_FOR_ACCOUNT once a POST was refused too, not retried; the profile still works', async () => {
    fake.setReportAccess(false);
    const { client } = connect();
    const error = await failure(client.getSalesPage(FULL, PAGE), 'NOT_ALLOWED_FOR_ACCOUNT');
    expect(error.message).toMatch(/Ask your platform administrator/);
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
    await expect(client.getProfile()).resolves.toMatchObject({ userName: fake.profile.user_name });
  });

  it('Spec 7: 500 → retried, then SERVER_ERROR with the status and the number of tries', async () => {
    const { client } = connect();
    fake.setFaults({ serverErrorRate: 1, serverErrorStatuses: [500] });
    const error = await failure(client.getSalesPage(FULL, PAGE), 'SERVER_ERROR');
    expect(error.message).toMatch(/status 500, 4 tries/);
    expect(error.message).toMatch(/Try again in a few minutes/);
    expect(reportRequests()).toBe(4);
  });
});

describe('N2: rate limiting', () => {
  it('N2: 429 with Retry-After in seconds waits exactly that long, then retries and succeeds', async () => {
    const { client, clock } = connect();
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 429, retryAfter: retryAfterSeconds(7) } }] });
    const page = await client.getSalesPage(FULL, PAGE);
    expect(page.sales).toHaveLength(100);
    expect(clock.sleeps).toEqual([7000]);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it('N2: 429 with Retry-After as an HTTP-date waits until that instant, then retries', async () => {
    const clock = createVirtualClock({ start: Date.UTC(2026, 1, 1, 9, 0, 0) });
    const { client } = connect({ clock });
    const at = retryAfterDate(Date.UTC(2026, 1, 1, 9, 0, 12));
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 429, retryAfter: at } }] });
    await client.getProfile();
    expect(clock.sleeps).toEqual([12_000]);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it('N2: a Retry-After above the cap fails fast with RATE_LIMITED "rate limited until …", without waiting', async () => {
    const start = Date.UTC(2026, 1, 1, 9, 0, 0);
    for (const retryAfter of [retryAfterSeconds(3600), retryAfterDate(start + 3_600_000)]) {
      const clock = createVirtualClock({ start });
      const { client } = connect({ clock, retry: { maxRetryAfterMs: 60_000 } });
      fake.clearRequests();
      fake.setFaults({ next: [{ fault: { kind: 'status', status: 429, retryAfter } }] });
      const error = await failure(client.getSalesPage(FULL, PAGE), 'RATE_LIMITED');
      expect(error.message).toContain('rate limited requests until');
      expect(error.retryAt).toBe(start + 3_600_000);
      expect(clock.sleeps).toEqual([]);
      expect(fake.requests).toHaveLength(1);
    }
  });

  it('N2: 429 without Retry-After backs off exponentially with jitter, and reports each retry', async () => {
    const events: RetryEvent[] = [];
    const { client, clock } = connect({
      onRetry: (e) => events.push(e),
      retry: { baseDelayMs: 500, maxDelayMs: 20_000 },
    });
    fake.setFaults({ next: burst(3, { kind: 'status', status: 429 }) });
    await client.getSalesPage(FULL, PAGE);
    expect(clock.sleeps).toEqual([375, 750, 1500]);
    expect(events.map((e) => [e.reason, e.status, e.attempts])).toEqual([
      ['rate-limited', 429, 1],
      ['rate-limited', 429, 2],
      ['rate-limited', 429, 3],
    ]);
    expect(events[0]?.path).toBe('/v1/report/sales');
    const jittered = connect({ random: () => 0.1 });
    fake.setFaults({ next: burst(2, { kind: 'status', status: 429 }) });
    await jittered.client.getSalesPage(FULL, PAGE);
    expect(jittered.clock.sleeps).toEqual([275, 550]);
  });

  it('N2: a 429 that never ends gives up after the budget with RATE_LIMITED', async () => {
    const { client, clock } = connect({ retry: { maxRateLimitedAttempts: 5 } });
    fake.setFaults({ rateLimitRate: 1 });
    const error = await failure(client.getSalesPage(FULL, PAGE), 'RATE_LIMITED');
    expect(error.message).toMatch(/5 tries/);
    expect(clock.sleeps).toHaveLength(4);
    expect(reportRequests()).toBe(5);
  });

  it('N2: concurrency drops while 429s happen and recovers afterwards (parallel windows through one gate)', async () => {
    const { client } = connect();
    fake.setFaults({ latencyMs: 20, next: burst(4, { kind: 'status', status: 429 }, { route: 'report' }) });
    const limits: number[] = [];
    const pages = await Promise.all(
      Array.from({ length: 3 }, (_, i) => i + 1).flatMap((page) =>
        [25, 50, 100].map(async (limit) => {
          const result = await client.getSalesPage(FULL, { page, limit });
          limits.push(client.gate.snapshot().limit);
          return result;
        }),
      ),
    );
    expect(pages.every((p) => p.sales.length > 0)).toBe(true);
    const snapshot = client.gate.snapshot();
    expect(snapshot.max).toBe(4);
    expect(snapshot.lowest).toBe(2);
    expect(snapshot.slowDowns).toBe(1);
    expect(Math.min(...limits)).toBeLessThan(4);
    expect(fake.requests.filter((r) => r.status === 429)).toHaveLength(4);
    for (let i = 0; i < 8; i++) await client.getProfile();
    expect(client.gate.snapshot().limit).toBe(4);
  });

  it('N2: a 503 with Retry-After is honoured too, and holds the other requests of the gate', async () => {
    const { client, clock } = connect();
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 503, retryAfter: '3' }, route: 'report' }] });
    await Promise.all([client.getSalesPage(FULL, PAGE), client.getSalesPage(FULL, { page: 2, limit: 100 })]);
    expect(clock.sleeps).toContain(3000);
    expect(client.gate.snapshot().slowDowns).toBe(1);
  });
});

describe('N3: server errors and dropped connections', () => {
  it('N3: 500, 502 and 504 are retried with growing, jittered, capped delays, then the page arrives', async () => {
    const { client, clock } = connect({
      retry: { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 2500 },
      random: () => 0.999,
    });
    fake.setFaults({ next: [500, 502, 504].map((status) => ({ fault: { kind: 'status' as const, status } })) });
    const page = await client.getSalesPage(FULL, PAGE);
    expect(page.sales).toHaveLength(100);
    expect(clock.sleeps).toEqual([1000, 1999, 2499]);
    expect(fake.requests.map((r) => r.status)).toEqual([500, 502, 504, 200]);
  });

  it('N3: 503 every time → a bounded number of tries, then SERVER_ERROR', async () => {
    const { client, clock } = connect({ retry: { maxAttempts: 3 } });
    fake.setFaults({ serverErrorRate: 1, serverErrorStatuses: [503] });
    const error = await failure(client.getSalesPage(FULL, PAGE), 'SERVER_ERROR');
    expect(error.attempts).toBe(3);
    expect(fake.requests.map((r) => r.status)).toEqual([503, 503, 503]);
    expect(clock.sleeps).toHaveLength(2);
    expect(clock.sleeps[1]).toBeGreaterThan(clock.sleeps[0] as number);
  });

  it('N3: a connection reset before the answer and one in the middle of the body are both retried', async () => {
    const events: RetryEvent[] = [];
    const { client } = connect({ onRetry: (e) => events.push(e) });
    fake.setFaults({ next: [{ fault: { kind: 'reset' } }, { fault: { kind: 'reset-mid-body' } }] });
    const page = await client.getSalesPage(FULL, PAGE);
    expect(page.sales).toHaveLength(100);
    expect(fake.requests.map((r) => r.fault)).toEqual(['reset', 'reset-mid-body', null]);
    expect(events.map((e) => e.reason)).toEqual(['connection-dropped', 'connection-dropped']);
  });

  it('N3: connections that keep dropping → NETWORK_OFFLINE after the budget', async () => {
    const { client } = connect({ retry: { maxAttempts: 3 } });
    fake.setFaults({ next: burst(5, { kind: 'reset' }) });
    const error = await failure(client.getProfile(), 'NETWORK_OFFLINE');
    expect(error.message).toMatch(/kept dropping \(3 tries\)/);
    expect(fake.requests).toHaveLength(3);
  });

  it('N3: 400, 401, 403, 404 and 405 are never retried', async () => {
    const cases: [number, ErrorCode][] = [
      [400, 'BAD_REQUEST'],
      [401, 'AUTH_INVALID'],
      [403, 'FORBIDDEN'],
      [404, 'NOT_FOUND'],
      [405, 'NOT_ALLOWED_FOR_ACCOUNT'],
    ];
    for (const [status, code] of cases) {
      const { client, clock } = connect();
      fake.clearRequests();
      fake.setFaults({ next: burst(3, { kind: 'status', status, retryAfter: '1' }) });
      await failure(client.getSalesPage(FULL, PAGE), code);
      // A 405 to GET is asked once more as a POST (the spec does not name the method); nothing is retried.
      expect(
        fake.requests.map((r) => r.method),
        String(status),
      ).toEqual(status === 405 ? ['GET', 'POST'] : ['GET']);
      expect(clock.sleeps).toEqual([]);
    }
  });

  it('N3: a host that is not listening → NETWORK_OFFLINE at once, not retried', async () => {
    const other = await startFakeService({ sales: { count: 1 } });
    await other.stop();
    const { client, clock } = connect({ baseUrl: other.baseUrl });
    const error = await failure(client.getProfile(), 'NETWORK_OFFLINE');
    expect(error.message).toMatch(/could not be reached/);
    expect(clock.sleeps).toEqual([]);
  });
});

describe('N4: timeouts and cancellation', () => {
  it('N4: a stalled body is aborted at the timeout (TIMEOUT), and the connection is closed', async () => {
    const { client } = connect({ timeoutMs: 400, retry: { maxTimeoutRetries: 0 } });
    fake.setFaults({ next: [{ fault: { kind: 'stall' } }] });
    const error = await failure(client.getSalesPage(FULL, PAGE), 'TIMEOUT');
    expect(error.message).toMatch(/did not finish answering/);
    expect(await eventually(() => fake.requests[0]?.closedEarly === true)).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it('N4: a trickling body is aborted at the timeout even though bytes keep arriving', async () => {
    const { client } = connect({ timeoutMs: 500, retry: { maxTimeoutRetries: 0 } });
    fake.setFaults({ next: [{ fault: { kind: 'trickle', intervalMs: 20 } }] });
    await failure(client.getSalesPage(FULL, PAGE), 'TIMEOUT');
    expect(await eventually(() => fake.requests[0]?.closedEarly === true)).toBe(true);
  });

  it('N4: a timeout is retried once, so a single stall does not fail the request', async () => {
    const { client } = connect({ timeoutMs: 1500 });
    fake.setFaults({ next: [{ fault: { kind: 'stall' } }] });
    await expect(client.getProfile()).resolves.toMatchObject({ userName: fake.profile.user_name });
    expect(fake.requests.map((r) => r.fault)).toEqual(['stall', null]);
  });

  it('N4: cancelling aborts the request in flight (CANCELLED) and closes its connection', async () => {
    const { client } = connect();
    fake.setFaults({ latencyMs: 60_000 });
    const controller = new AbortController();
    const pending = client.getSalesPage(FULL, PAGE, controller.signal);
    expect(await eventually(() => fake.requests.length === 1)).toBe(true);
    controller.abort();
    const error = await failure(pending, 'CANCELLED');
    expect(error.message).toBe('The request was cancelled.');
    expect(await eventually(() => fake.requests[0]?.closedEarly === true)).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it('N4: cancelling a body that is being read stops it at once', async () => {
    const { client } = connect();
    fake.setFaults({ next: [{ fault: { kind: 'stall' } }] });
    const controller = new AbortController();
    const pending = client.getProfile(controller.signal);
    expect(await eventually(() => fake.requests.length === 1)).toBe(true);
    controller.abort();
    await failure(pending, 'CANCELLED');
    expect(await eventually(() => fake.requests[0]?.closedEarly === true)).toBe(true);
  });

  it('N4: cancelling during a backoff wait stops it at once and sends nothing more', async () => {
    const clock = createVirtualClock({ auto: false });
    const { client } = connect({ clock });
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 503 } }] });
    const controller = new AbortController();
    const pending = client.getSalesPage(FULL, PAGE, controller.signal);
    await clock.whenSleeping(1);
    controller.abort();
    await failure(pending, 'CANCELLED');
    expect(fake.requests).toHaveLength(1);
  });

  it('N4: an already-cancelled signal sends nothing', async () => {
    const { client } = connect();
    await failure(client.getProfile(AbortSignal.abort()), 'CANCELLED');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('N5: bad bodies and bad records', () => {
  it('N5: JSON cut off half-way is retried like a 5xx and then read; cut off every time, it is BAD_RESPONSE saying so, no crash', async () => {
    const { client } = connect({ retry: { maxAttempts: 3 } });
    fake.setFaults({ next: [{ fault: { kind: 'malformed-json' } }] });
    await expect(client.getSalesPage(FULL, PAGE)).resolves.toMatchObject({ rawCount: 100 });
    expect(reportRequests()).toBe(2);
    fake.clearRequests();
    fake.setFaults({ next: burst(3, { kind: 'malformed-json' }) });
    const error = await failure(client.getSalesPage(FULL, PAGE), 'BAD_RESPONSE');
    expect(error.message).toMatch(/a reply cut off after \d+ characters instead of a report \(3 tries\)/);
    expect(reportRequests()).toBe(3);
  });

  it('N5: a body of the wrong shape rejects the page with BAD_RESPONSE', async () => {
    const { client } = connect();
    fake.setFaults({ next: [{ fault: { kind: 'wrong-shape' } }, { fault: { kind: 'wrong-shape' } }] });
    await failure(client.getSalesPage(FULL, PAGE), 'BAD_RESPONSE');
    const profileError = await failure(client.getProfile(), 'BAD_RESPONSE');
    expect(profileError.message).toMatch(/cannot read/);
  });

  it('N5: an error status inside a 200 body is treated as that status', async () => {
    const { client } = connect();
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 200, bodyStatus: 401, message: 'API key invalid' } }] });
    await failure(client.getSalesPage(FULL, PAGE), 'AUTH_INVALID');
    expect(reportRequests()).toBe(1);
  });

  it('N5: only a record without a reference or a usable date becomes a warning; every other defect is kept and noted', async () => {
    const { client } = connect();
    const refs = fake.sales.slice(0, 100).map((s) => s.reference);
    const refused: [RecordDefect, string][] = [
      ['bad-date', 'transaction date'],
      ['missing-reference', 'no usable reference'],
      ['not-an-object', 'not an object'],
    ];
    const noted: [RecordDefect, SaleNoticeKind, string][] = [
      ['string-amount', 'unreadable', 'commission_amount'],
      ['missing-amount', 'missing', 'commission_amount'],
      ['bad-payment-date', 'unreadable', 'payment_date'],
      ['unknown-status', 'unlisted-value', 'commission_status'],
      ['unknown-category', 'unlisted-value', 'category'],
    ];
    const kept: RecordDefect[] = ['missing-optional-fields', 'null-optional-fields', 'extra-fields'];
    const defects: Record<string, RecordDefect> = {};
    [...refused.map(([d]) => d), ...noted.map(([d]) => d), ...kept].forEach(
      (defect, i) => (defects[refs[i] as string] = defect),
    );
    fake.setFaults({ recordDefects: defects });
    const page = await client.getSalesPage(FULL, PAGE);
    expect(page.rawCount).toBe(100);
    expect(page.sales).toHaveLength(100 - refused.length);
    expect(page.warnings).toHaveLength(refused.length);
    refused.forEach(([, reason], i) => expect(page.warnings[i]?.reason.toLowerCase()).toContain(reason));
    const byRef = new Map(page.sales.map((s) => [s.reference, s]));
    noted.forEach(([defect, kind, field], i) => {
      const sale = byRef.get(refs[refused.length + i] as string);
      expect(sale?.notices, defect).toEqual([expect.objectContaining({ kind, field })]);
    });
    expect(byRef.get(refs[refused.length] as string)).toMatchObject({ commissionAmount: null });
    expect(byRef.get(refs[refused.length + 2] as string)).toMatchObject({ paymentStatus: 'paid', paymentDate: null });
    expect(byRef.get(refs[refused.length + 3] as string)?.commissionStatus).toBe('on_hold');
    expect(byRef.get(refs[refused.length + 4] as string)?.category).toBe('mystery-box');
    const [missing, nulls, extra] = kept.map((_, i) => byRef.get(refs[refused.length + noted.length + i] as string));
    expect(missing).toMatchObject({
      productName: null,
      subid: null,
      category: null,
      transactionAmount: null,
      paymentStatus: null,
    });
    expect(nulls).toMatchObject({ productName: null, collectionUrl: null, paymentDate: null, transactionAmount: null });
    expect(extra?.extra).toEqual({ campaign: { id: 'spring-2026', tags: ['a', 'b'] }, click_id: 12345 });
    for (const sale of [missing, nulls, extra]) expect(sale?.notices).toBeUndefined();
  });

  it('N5: no silently wrong number: every kept amount and date equals the wire record, or is absent and noted', async () => {
    const { client } = connect();
    const broken = fake.sales[3]?.reference as string;
    fake.setFaults({ recordDefects: { [broken]: 'string-amount' } });
    const page = await client.getSalesPage(FULL, PAGE);
    const wire = new Map(fake.sales.map((s) => [s.reference, s]));
    for (const sale of page.sales) {
      const source = wire.get(sale.reference);
      expect(sale.commissionAmount).toBe(sale.reference === broken ? null : source?.commission_amount);
      expect(sale.currency).toBe(source?.currency);
      expect(sale.transactionDate).toBe(serviceDayToIso(source?.transaction_date ?? ''));
    }
    expect(page.sales.find((s) => s.reference === broken)?.notices?.[0]?.message).toContain('"');
  });
});

describe('what goes on the wire', () => {
  it('N1: every request carries the three credential headers and nothing else identifying', async () => {
    const { client } = connect();
    await client.getProfile();
    await client.getSalesPage(FULL, PAGE);
    for (const request of fake.requests) {
      expect(request.credentialsValid).toBe(true);
      expect(Object.keys(request.headers).sort()).toEqual([
        'accept',
        'api-key',
        'api-secret',
        'app-id',
        'connection',
        'host',
      ]);
      expect(request.method).toBe('GET');
    }
  });

  it('Spec 5: credentials with a pasted line break are refused before sending, without echoing them', () => {
    expect(() => connect({ credentials: { ...fake.credentials, apiSecret: 'abc\ndef' } })).toThrow(
      /API secret is empty or contains/,
    );
    expect(() => connect({ credentials: { ...fake.credentials, apiKey: '' } })).toThrow(/API key/);
    expect(fake.requests).toHaveLength(0);
  });

  it('Spec 5: surrounding spaces pasted with a credential are trimmed', async () => {
    const { client } = connect({ credentials: { ...fake.credentials, apiKey: `  ${fake.credentials.apiKey}\n` } });
    await expect(client.getProfile()).resolves.toBeTruthy();
  });
});
