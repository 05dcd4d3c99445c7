import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, type FakeClient, type FakeClientOptions } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { createFollowingFetch } from '../../../e2e/fake-service/following-fetch';
import { startRequestCounter, type RequestCounter } from '../../../e2e/fake-service/request-counter';
import { createNodeFetch } from './node-fetch';
import { serviceRequestInit } from './request-init';
import { createServiceClient, type FetchLike } from './service-client';
import { ServiceError } from './service-errors';

const FULL = { startDate: '2025-01-01', endDate: '2026-01-31' };
const PAGE = { page: 1, limit: 100 };
const STATUSES = [301, 302, 307, 308] as const;

let fake: FakeService;
let otherHost: RequestCounter;
let plainHttp: RequestCounter;
const clients: FakeClient[] = [];

function connect(options: FakeClientOptions = {}): FakeClient {
  const connected = connectClient(fake, options);
  clients.push(connected);
  return connected;
}

/** A client whose transport follows redirects unless the init it is given says not to, like Electron's net.fetch. */
function connectFollowing(): FakeClient {
  const nodeFetch = createNodeFetch({ extraCaPem: fake.caPem });
  return connect({ fetch: createFollowingFetch(nodeFetch) });
}

async function refused(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  const serviceError = error as ServiceError;
  expect(serviceError.code).toBe('BAD_RESPONSE');
  expect(serviceError.refused).toBe('redirect');
  expect(serviceError.message).toMatch(
    /^The service tried to send the request to another address.*; nothing was sent there\./,
  );
  expect(serviceError.message).not.toContain(fake.credentials.apiKey);
  expect(serviceError.message).not.toContain(fake.credentials.apiSecret);
  return serviceError;
}

function redirectTo(status: (typeof STATUSES)[number], location: string, route: 'user' | 'report'): void {
  fake.setFaults({ next: [{ fault: { kind: 'redirect', status, location }, route }] });
}

beforeAll(async () => {
  [fake, otherHost, plainHttp] = await Promise.all([
    startFakeService({ sales: { count: 50, seed: 11 } }),
    startRequestCounter('https'),
    startRequestCounter('http'),
  ]);
});

beforeEach(() => {
  fake.resetFaults();
  fake.clearRequests();
});

afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all([fake.close(), otherHost.close(), plainHttp.close()]);
});

describe('S11: the service client never follows a redirect', () => {
  for (const status of STATUSES) {
    it(`S11: a ${status} to another host and to http: ends in a typed error naming the address; the target gets no request`, async () => {
      const { client } = connect();
      for (const target of [otherHost, plainHttp]) {
        fake.clearRequests();
        redirectTo(status, `${target.origin}/v1/user/?api-key=leak`, 'user');
        const error = await refused(client.getProfile());
        expect(error.message).toContain(`(${target.origin}/v1/user/)`);
        expect(error.message).not.toContain('leak');
        expect(error.status).toBe(status);
        expect(fake.requests).toHaveLength(1);
      }
      expect(otherHost.requests).toEqual([]);
      expect(plainHttp.requests).toEqual([]);
    });
  }

  it('S11: through a transport that follows redirects unless told not to (as net.fetch does), no request reaches the target, for the profile and the report', async () => {
    const { client } = connectFollowing();
    for (const status of STATUSES) {
      for (const target of [otherHost, plainHttp]) {
        redirectTo(status, `${target.origin}/v1/report/sales`, 'report');
        const error = await refused(client.getSalesPage(FULL, PAGE));
        expect(error.message).not.toContain(target.origin);
        redirectTo(status, `${target.origin}/v1/user/`, 'user');
        await refused(client.getProfile());
      }
    }
    expect(otherHost.requests).toEqual([]);
    expect(plainHttp.requests).toEqual([]);
    expect(fake.requests.filter((r) => r.status !== null && r.status >= 300 && r.status < 400)).toHaveLength(
      STATUSES.length * 4,
    );
  });

  it('S11: that transport does carry the credentials to the new address when the init lets it follow, so the test above can fail', async () => {
    const follow = createFollowingFetch(createNodeFetch({ extraCaPem: fake.caPem }));
    redirectTo(302, `${plainHttp.origin}/v1/user/`, 'user');
    const headers = {
      'api-key': fake.credentials.apiKey,
      'api-secret': fake.credentials.apiSecret,
      'app-id': fake.credentials.appId,
    };
    const init = {
      ...serviceRequestInit({ url: `${fake.baseUrl}/v1/user/`, method: 'GET' }, headers, new AbortController().signal),
      redirect: 'follow' as const,
    };
    const before = plainHttp.requests.length;
    const response = await follow(`${fake.baseUrl}/v1/user/`, init);
    expect(response.status).toBe(200);
    expect(plainHttp.requests.slice(before)).toEqual([
      { method: 'GET', path: '/v1/user/', credentialHeaders: ['api-key', 'api-secret', 'app-id'] },
    ]);
  });

  it('S11: a redirect is never retried: one request, and the same error on a POST report', async () => {
    fake.setFaults({
      reportByPost: true,
      next: [
        { fault: { kind: 'redirect', status: 307, location: `${otherHost.origin}/v1/report/sales` }, route: 'report' },
      ],
    });
    const { client, clock } = connect();
    await refused(client.getSalesPage(FULL, PAGE));
    expect(clock.sleeps).toEqual([]);
    expect(otherHost.requests).toEqual([]);
  });
});

describe('S11: what the Electron net path is given', () => {
  const signal = new AbortController().signal;
  const headers = { 'api-key': 'k', 'api-secret': 's', 'app-id': 'a', accept: 'application/json' };

  it('S11: every request is sent with redirect "error", no cookies, no HTTP cache and no referrer', () => {
    const get = serviceRequestInit({ url: 'https://service.example/v1/user/', method: 'GET' }, headers, signal);
    expect(get).toEqual({
      method: 'GET',
      headers,
      signal,
      redirect: 'error',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    const post = serviceRequestInit(
      { url: 'https://service.example/v1/report/sales', method: 'POST', body: '{"page":1}' },
      headers,
      signal,
    );
    expect(post).toMatchObject({ method: 'POST', body: '{"page":1}', redirect: 'error', credentials: 'omit' });
    expect(post.headers).toEqual({ ...headers, 'content-type': 'application/json' });
  });

  it('S11: the client hands every transport that init, and reads Electron’s refusal as the same typed error, not retried', async () => {
    const seen: RequestInit[] = [];
    const electronLike: FetchLike = (_url, init) => {
      seen.push(init);
      return Promise.reject(new Error("Attempted to redirect, but redirect policy was 'error'"));
    };
    const client = createServiceClient({
      baseUrl: 'https://service.example',
      credentials: { apiKey: 'k', apiSecret: 's', appId: 'a' },
      fetch: electronLike,
    });
    const error = await refused(client.getProfile());
    expect(error.message).toMatch(
      /^The service tried to send the request to another address; nothing was sent there\./,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ redirect: 'error', credentials: 'omit', cache: 'no-store' });
  });
});
