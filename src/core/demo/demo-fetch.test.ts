import { describe, it, expect } from 'vitest';
import { parseProfile, parseSalesPage } from '../../shared/wire-schemas';
import { createDemoFetch, createDemoService, DEMO_BASE_URL, DEMO_CREDENTIALS } from './demo-fetch';
import type { SpecRequest, SpecResponse } from './spec-service';

const TODAY = '2026-05-15';
const AUTH = {
  'api-key': DEMO_CREDENTIALS.apiKey,
  'api-secret': DEMO_CREDENTIALS.apiSecret,
  'app-id': DEMO_CREDENTIALS.appId,
};
const demoFetch = createDemoFetch(createDemoService(TODAY));

describe('demo constants', () => {
  it('uses an HTTPS base that can never resolve and visibly fake credentials', () => {
    expect(new URL(DEMO_BASE_URL).protocol).toBe('https:');
    expect(new URL(DEMO_BASE_URL).hostname.endsWith('.invalid')).toBe(true);
    expect(Object.values(DEMO_CREDENTIALS).every((v) => v.includes('demo'))).toBe(true);
    expect(Object.isFrozen(DEMO_CREDENTIALS)).toBe(true);
  });
});

describe('createDemoFetch over the demo service', () => {
  it('returns a real Response with the profile, which the app parser reads in full', async () => {
    const response = await demoFetch(`${DEMO_BASE_URL}/v1/user/`, { headers: AUTH });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.url).toBe(`${DEMO_BASE_URL}/v1/user/`);
    const profile = parseProfile(await response.json());
    expect(profile.uId).not.toBeNull();
    expect(profile.socialChannels.length).toBeGreaterThan(0);
  });

  it('serves all 2,000 demo sales through next_page, parsed with zero warnings', async () => {
    let url: string | null =
      `${DEMO_BASE_URL}/v1/report/sales?limit=100&start_date=2024-11-01T00:00:00&end_date=${TODAY}T23:59:59`;
    const references = new Set<string>();
    let raw = 0;
    while (url !== null) {
      const response = await demoFetch(url, { headers: AUTH });
      expect(response.status).toBe(200);
      const page = parseSalesPage(await response.json());
      expect(page.warnings).toEqual([]);
      expect(page.totalHint).toBe(2000);
      raw += page.rawCount;
      page.sales.forEach((s) => references.add(s.reference));
      url = page.nextPage;
    }
    expect(raw).toBe(2000);
    expect(references.size).toBe(2000);
  });

  it('reads headers given as a Headers object, an array of pairs or a record in any case', async () => {
    const url = `${DEMO_BASE_URL}/v1/user/`;
    const mixedCase = { 'API-KEY': AUTH['api-key'], 'Api-Secret': AUTH['api-secret'], 'App-Id': AUTH['app-id'] };
    for (const headers of [new Headers(AUTH), Object.entries(AUTH), mixedCase]) {
      expect((await demoFetch(url, { headers })).status).toBe(200);
    }
    expect((await demoFetch(url, { headers: { ...AUTH, 'app-id': 'other' } })).status).toBe(401);
    expect((await demoFetch(url)).status).toBe(401);
  });

  it('accepts a URL object and a Request, and passes the method and headers through', async () => {
    expect((await demoFetch(new URL(`${DEMO_BASE_URL}/v1/user/`), { headers: AUTH })).status).toBe(200);
    expect((await demoFetch(new Request(`${DEMO_BASE_URL}/v1/user/`, { headers: AUTH }))).status).toBe(200);
    const post = await demoFetch(new Request(`${DEMO_BASE_URL}/v1/report/sales`, { method: 'POST', headers: AUTH }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });

  it('hands the service the exact request: upper-case method, full URL, lower-case header names', async () => {
    const seen: SpecRequest[] = [];
    const recorder = (request: SpecRequest): SpecResponse => {
      seen.push(request);
      return { status: 418, headers: { 'content-type': 'text/plain', 'x-demo': 'yes' }, body: 'teapot' };
    };
    const response = await createDemoFetch(recorder)(`${DEMO_BASE_URL}/v1/report/sales?subid=a%20b`, {
      method: 'delete',
      headers: { 'X-Trace': '1' },
    });
    expect(seen).toEqual([
      { method: 'DELETE', url: `${DEMO_BASE_URL}/v1/report/sales?subid=a%20b`, headers: { 'x-trace': '1' } },
    ]);
    expect(response.status).toBe(418);
    expect(response.headers.get('x-demo')).toBe('yes');
    expect(await response.text()).toBe('teapot');
  });

  it('passes error statuses through with their JSON body', async () => {
    const response = await demoFetch(`${DEMO_BASE_URL}/v1/report/sales?limit=101`, { headers: AUTH });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400 });
    expect((await demoFetch('http://demo.commission-desk.invalid/v1/user/', { headers: AUTH })).status).toBe(403);
  });

  it('rejects a URL fetch could not use with a TypeError', async () => {
    await expect(demoFetch('not a url')).rejects.toBeInstanceOf(TypeError);
  });
});

describe('createDemoFetch and AbortSignal', () => {
  const slowFetch = createDemoFetch(createDemoService(TODAY), { latencyMs: 200 });

  it('rejects with the reason when the signal is already aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    controller.abort(reason);
    await expect(demoFetch(`${DEMO_BASE_URL}/v1/user/`, { headers: AUTH, signal: controller.signal })).rejects.toBe(
      reason,
    );
  });

  it('rejects with an AbortError when aborted during the simulated latency', async () => {
    const controller = new AbortController();
    const pending = slowFetch(`${DEMO_BASE_URL}/v1/user/`, { headers: AUTH, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('honours the signal of a Request given as input', async () => {
    const controller = new AbortController();
    const request = new Request(`${DEMO_BASE_URL}/v1/user/`, { headers: AUTH, signal: controller.signal });
    const pending = slowFetch(request);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('answers normally after the latency when nothing aborts', async () => {
    const controller = new AbortController();
    const response = await slowFetch(`${DEMO_BASE_URL}/v1/user/`, { headers: AUTH, signal: controller.signal });
    expect(response.status).toBe(200);
    controller.abort();
  });
});
