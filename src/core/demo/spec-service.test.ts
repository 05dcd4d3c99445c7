import { describe, it, expect } from 'vitest';
import { addDays, serviceDayToIso } from '../../shared/dates';
import { generateProfile, generateSales, type WireSale } from './sales-dataset';
import { createSpecService, type SpecResponse, type SpecService, type SpecServiceOptions } from './spec-service';

const TODAY = '2026-03-31';
const ORIGIN = 'https://reports.example.test:8443';
const CREDENTIALS = { apiKey: 'key-1', apiSecret: 'secret-1', appId: 'app-1' };
const HEADERS = { 'api-key': 'key-1', 'api-secret': 'secret-1', 'app-id': 'app-1' };
const SALES = generateSales({ seed: 7, count: 3_000, endDay: TODAY, days: 400 });
const PROFILE = generateProfile(7);
const SPECIAL_SUBID = 'blog post & deals+ü';

function service(overrides: Partial<SpecServiceOptions> = {}): SpecService {
  return createSpecService({
    credentials: CREDENTIALS,
    profile: PROFILE,
    sales: SALES,
    today: () => TODAY,
    ...overrides,
  });
}

const SERVICE = service();

interface Page {
  status: number;
  message: string;
  current: number;
  start: number;
  end: number;
  limit: number;
  total: number;
  next_page: string | null;
  data: WireSale[];
}

function get(url: string, headers: Record<string, string> = HEADERS, svc: SpecService = SERVICE): SpecResponse {
  return svc({ method: 'GET', url, headers });
}

function report(params: Record<string, string>, svc: SpecService = SERVICE): Page {
  const response = get(`${ORIGIN}/v1/report/sales?${new URLSearchParams(params).toString()}`, HEADERS, svc);
  expect(response.status, response.body).toBe(200);
  return JSON.parse(response.body) as Page;
}

/** Follows next_page from page 1 to the end, checking the envelope on the way. */
function allPages(params: Record<string, string>, svc: SpecService = SERVICE): { rows: WireSale[]; pages: Page[] } {
  const pages: Page[] = [];
  let url: string | null = `${ORIGIN}/v1/report/sales?${new URLSearchParams(params).toString()}`;
  while (url !== null) {
    const response = get(url, HEADERS, svc);
    expect(response.status, response.body).toBe(200);
    const page = JSON.parse(response.body) as Page;
    expect(page.current).toBe(pages.length + 1);
    pages.push(page);
    url = page.next_page;
    expect(pages.length).toBeLessThan(10_000);
  }
  return { rows: pages.flatMap((p) => p.data), pages };
}

function iso(sale: WireSale): string {
  return serviceDayToIso(sale.transaction_date) ?? 'invalid';
}

interface Expectation {
  start?: string;
  end?: string;
  commission?: string;
  payment?: string;
  subid?: string;
  descending?: boolean;
}

/** An independent reading of the spec's rules over the whole dataset. */
function expected(e: Expectation): string[] {
  const start = e.start ?? addDays(TODAY, -30);
  const end = e.end ?? TODAY;
  const rows = SALES.filter(
    (s) =>
      iso(s) >= start &&
      iso(s) <= end &&
      (e.commission === undefined || s.commission_status === e.commission) &&
      (e.payment === undefined || s.payment_status === e.payment) &&
      (e.subid === undefined || s.subid === e.subid),
  ).sort((a, b) => iso(a).localeCompare(iso(b)) || (a.reference < b.reference ? -1 : 1));
  if (e.descending) rows.reverse();
  return rows.map((s) => s.reference);
}

function refs(rows: readonly WireSale[]): string[] {
  return rows.map((s) => s.reference);
}

function errorOf(response: SpecResponse): { status: number; message: string } {
  expect(response.headers['content-type']).toBe('application/json');
  return JSON.parse(response.body) as { status: number; message: string };
}

const WIDE = { start_date: '2025-01-01T00:00:00', end_date: '2026-03-31T23:59:59', limit: '100' };

describe('GET /v1/user/', () => {
  it('returns the profile as JSON', () => {
    const response = get(`${ORIGIN}/v1/user/`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(JSON.parse(response.body)).toEqual(PROFILE);
    expect(get(`${ORIGIN}/v1/user`).status).toBe(200);
  });
});

describe('GET /v1/report/sales: defaults and envelope', () => {
  it('defaults to page 1, limit 20, the last 30 days ascending', () => {
    const page = report({});
    const want = expected({});
    expect(page).toMatchObject({
      status: 200,
      message: 'OK',
      current: 1,
      start: 1,
      end: 20,
      limit: 20,
      total: want.length,
    });
    expect(refs(page.data)).toEqual(want.slice(0, 20));
    expect(page.next_page).toBe(`${ORIGIN}/v1/report/sales?page=2&limit=20`);
  });

  it('returns every record of the default window when paged to the end', () => {
    expect(refs(allPages({}).rows)).toEqual(expected({}));
  });

  it('answers a page beyond the end with no rows, start and end 0 and no next page', () => {
    const page = report({ ...WIDE, page: '9999' });
    expect(page).toMatchObject({
      current: 9999,
      start: 0,
      end: 0,
      total: expected({ start: '2025-01-01', end: TODAY }).length,
    });
    expect(page.data).toEqual([]);
    expect(page.next_page).toBeNull();
  });

  it('answers an empty window with total 0 and no next page', () => {
    const page = report({ start_date: '2020-01-01T00:00:00', end_date: '2020-01-31T00:00:00' });
    expect(page).toMatchObject({ total: 0, start: 0, end: 0, data: [], next_page: null });
  });
});

describe('GET /v1/report/sales: filters and orders', () => {
  it.each([
    [{ order_by: 'transaction_date' }, {}],
    [{ order_by: '-transaction_date' }, { descending: true }],
    [{ commission_status: 'all' }, {}],
    [{ commission_status: 'approved' }, { commission: 'approved' }],
    [{ commission_status: 'pending' }, { commission: 'pending' }],
    [{ payment_status: 'all' }, {}],
    [{ payment_status: 'paid' }, { payment: 'paid' }],
    [{ payment_status: 'pending' }, { payment: 'pending' }],
    [{ subid: 'newsletter' }, { subid: 'newsletter' }],
    [{ subid: SPECIAL_SUBID }, { subid: SPECIAL_SUBID }],
    [{ subid: 'nobody' }, { subid: 'nobody' }],
    [
      { commission_status: 'approved', payment_status: 'pending', subid: 'tiktok', order_by: '-transaction_date' },
      { commission: 'approved', payment: 'pending', subid: 'tiktok', descending: true },
    ],
  ] as [Record<string, string>, Expectation][])('%j matches an independent filter', (params, want) => {
    const { rows } = allPages({ ...WIDE, ...params });
    const reference = expected({ start: '2025-01-01', end: TODAY, ...want });
    expect(refs(rows)).toEqual(reference);
    if (!('subid' in want && want.subid === 'nobody')) expect(reference.length).toBeGreaterThan(0);
  });

  it('treats an empty subid as no filter', () => {
    expect(refs(allPages({ ...WIDE, subid: '' }).rows)).toEqual(expected({ start: '2025-01-01', end: TODAY }));
  });

  it('decodes a subid sent with %20 as well as with +', () => {
    const encoded = encodeURIComponent(SPECIAL_SUBID);
    expect(encoded).toContain('%20');
    const response = get(`${ORIGIN}/v1/report/sales?limit=100&start_date=2025-01-01T00:00:00&subid=${encoded}`);
    const page = JSON.parse(response.body) as Page;
    expect(page.total).toBe(expected({ start: '2025-01-01', subid: SPECIAL_SUBID }).length);
    expect(page.data.every((s) => s.subid === SPECIAL_SUBID)).toBe(true);
  });

  it('breaks ties within a day by reference, reversed in descending order', () => {
    const busyDay = iso(SALES[SALES.length - 1] as WireSale);
    const bounds = { start_date: `${busyDay}T00:00:00`, end_date: `${busyDay}T00:00:00`, limit: '100' };
    const asc = refs(report(bounds).data);
    expect(asc.length).toBeGreaterThan(1);
    expect(asc).toEqual([...asc].sort());
    expect(refs(report({ ...bounds, order_by: '-transaction_date' }).data)).toEqual([...asc].reverse());
  });
});

describe('GET /v1/report/sales: date bounds', () => {
  it('includes both calendar days and ignores the time of day', () => {
    const days = [...new Set(SALES.map(iso))].filter((d) => d >= '2025-06-01').slice(0, 5);
    const [first, last] = [days[0] as string, days[4] as string];
    const { rows } = allPages({ start_date: `${first}T23:59:59`, end_date: `${last}T00:00:00`, limit: '100' });
    expect(refs(rows)).toEqual(expected({ start: first, end: last }));
    expect(rows.some((s) => iso(s) === first) && rows.some((s) => iso(s) === last)).toBe(true);
  });

  it('accepts start and end on the same day, whatever the times', () => {
    const day = iso(SALES[1_000] as WireSale);
    const page = report({ start_date: `${day}T18:00:00`, end_date: `${day}T06:00:00`, limit: '100' });
    expect(refs(page.data)).toEqual(expected({ start: day, end: day }));
  });

  it('uses today minus 30 days and today when one bound is missing', () => {
    expect(report({ start_date: '2026-03-20T00:00:00' }).total).toBe(expected({ start: '2026-03-20' }).length);
    expect(report({ end_date: '2026-03-10T00:00:00' }).total).toBe(expected({ end: '2026-03-10' }).length);
  });
});

describe('GET /v1/report/sales: paging', () => {
  it('covers every record exactly once, with consistent positions, and ends with next_page null', () => {
    const params = { ...WIDE, limit: '7', payment_status: 'paid', subid: SPECIAL_SUBID, order_by: '-transaction_date' };
    const { rows, pages } = allPages(params);
    const want = expected({ start: '2025-01-01', payment: 'paid', subid: SPECIAL_SUBID, descending: true });
    expect(refs(rows)).toEqual(want);
    expect(new Set(refs(rows)).size).toBe(rows.length);
    expect(pages).toHaveLength(Math.ceil(want.length / 7));
    pages.forEach((page, i) => {
      expect(page).toMatchObject({ limit: 7, total: want.length, start: i * 7 + 1, end: i * 7 + page.data.length });
    });
    expect(pages.at(-1)?.next_page).toBeNull();
    expect(pages.slice(0, -1).every((p) => p.data.length === 7)).toBe(true);
  });

  it('builds next_page from the request origin with page+1, limit and the other parameters', () => {
    const page = report({ ...WIDE, limit: '5', subid: SPECIAL_SUBID, commission_status: 'approved' });
    const next = new URL(page.next_page ?? '');
    expect(next.origin).toBe(ORIGIN);
    expect(next.pathname).toBe('/v1/report/sales');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      ...WIDE,
      limit: '5',
      page: '2',
      subid: SPECIAL_SUBID,
      commission_status: 'approved',
    });
    expect(decodeURIComponent(page.next_page ?? '')).toContain(`subid=${SPECIAL_SUBID}`);
  });

  it('pages a large filtered result the same way twice (remembered filter results stay correct)', () => {
    const first = allPages({ ...WIDE, commission_status: 'pending' }).rows;
    const other = allPages({ ...WIDE, commission_status: 'approved' }).rows;
    expect(refs(allPages({ ...WIDE, commission_status: 'pending' }).rows)).toEqual(refs(first));
    expect(refs(other)).toEqual(expected({ start: '2025-01-01', commission: 'approved' }));
  });

  it('serves sales given out of order as if they were sorted', () => {
    const shuffled = [...SALES].reverse();
    const svc = service({ sales: shuffled });
    expect(refs(allPages(WIDE, svc).rows)).toEqual(expected({ start: '2025-01-01' }));
  });
});

describe('GET /v1/report/sales: 400 on invalid parameters', () => {
  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', 'abc'],
    ['page', '1.5'],
    ['page', ''],
    ['limit', '0'],
    ['limit', '101'],
    ['limit', 'ten'],
    ['start_date', '2026-03-01'],
    ['start_date', '2026-02-30T00:00:00'],
    ['start_date', '2026-03-01T24:00:00'],
    ['start_date', '2026-03-01T10:00:00Z'],
    ['end_date', '01-03-2026T00:00:00'],
    ['end_date', 'yesterday'],
    ['order_by', 'amount'],
    ['order_by', 'transaction_date desc'],
    ['commission_status', 'declined'],
    ['commission_status', 'APPROVED'],
    ['payment_status', 'declined'],
    ['payment_status', 'unpaid'],
  ])('%s=%j', (name, value) => {
    const response = get(`${ORIGIN}/v1/report/sales?${new URLSearchParams({ [name]: value }).toString()}`);
    expect(response.status).toBe(400);
    const body = errorOf(response);
    expect(body.status).toBe(400);
    expect(body.message).toContain(name);
  });

  it('refuses an end_date before start_date, naming end_date', () => {
    const response = get(`${ORIGIN}/v1/report/sales?start_date=2026-03-10T00:00:00&end_date=2026-03-09T23:59:59`);
    expect(response.status).toBe(400);
    expect(errorOf(response).message).toContain('end_date');
  });

  it('refuses a parameter given twice', () => {
    const response = get(`${ORIGIN}/v1/report/sales?page=1&page=2`);
    expect(response.status).toBe(400);
    expect(errorOf(response).message).toContain('page');
  });

  it('accepts the edges of limit', () => {
    expect(report({ ...WIDE, limit: '1' }).data).toHaveLength(1);
    expect(report({ ...WIDE, limit: '100' }).data).toHaveLength(100);
  });
});

describe('authentication, transport and routing errors', () => {
  it.each(['api-key', 'api-secret', 'app-id'])('401 when %s is wrong or missing, on both endpoints', (header) => {
    const wrong = { ...HEADERS, [header]: 'nope' };
    const missing: Record<string, string> = Object.fromEntries(
      Object.entries(HEADERS).filter(([name]) => name !== header),
    );
    for (const path of ['/v1/user/', '/v1/report/sales']) {
      for (const headers of [wrong, missing]) {
        const response = get(`${ORIGIN}${path}`, headers);
        expect(response.status).toBe(401);
        expect(errorOf(response).status).toBe(401);
      }
    }
  });

  it('401 with no headers at all, and header names are matched case-insensitively', () => {
    expect(get(`${ORIGIN}/v1/user/`, {}).status).toBe(401);
    expect(get(`${ORIGIN}/v1/user/`, { 'API-Key': 'key-1', 'Api-Secret': 'secret-1', 'APP-ID': 'app-1' }).status).toBe(
      200,
    );
  });

  it('403 on plain HTTP, even with good credentials, telling to use HTTPS', () => {
    for (const path of ['/v1/user/', '/v1/report/sales', '/nowhere']) {
      const response = get(`http://reports.example.test${path}`);
      expect(response.status).toBe(403);
      expect(errorOf(response).message).toContain('HTTPS');
    }
  });

  it('404 on unknown paths', () => {
    for (const path of ['/', '/v1/', '/v2/user/', '/v1/report/sale', '/v1/report/sales/extra']) {
      const response = get(`${ORIGIN}${path}`);
      expect(response.status).toBe(404);
      expect(errorOf(response).status).toBe(404);
    }
  });

  it('405 for another method on a known path, with Allow: GET', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const path of ['/v1/user/', '/v1/report/sales']) {
        const response = SERVICE({ method, url: `${ORIGIN}${path}`, headers: HEADERS });
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe('GET');
        expect(errorOf(response).status).toBe(405);
      }
    }
  });

  it('405 on the report when the account has no report access; the profile still answers', () => {
    const svc = service({ reportAccess: false });
    const response = get(`${ORIGIN}/v1/report/sales`, HEADERS, svc);
    expect(response.status).toBe(405);
    expect(errorOf(response).message).toMatch(/administrator/);
    expect(get(`${ORIGIN}/v1/user/`, HEADERS, svc).status).toBe(200);
    expect(get(`${ORIGIN}/v1/report/sales`, { ...HEADERS, 'api-key': 'bad' }, svc).status).toBe(401);
  });

  it('500 when something unexpected fails inside', () => {
    const svc = service({
      today: () => {
        throw new Error('clock broke');
      },
    });
    const response = get(`${ORIGIN}/v1/report/sales`, HEADERS, svc);
    expect(response.status).toBe(500);
    expect(errorOf(response)).toEqual({ status: 500, message: 'Internal server error.' });
  });

  it('400 on a URL that cannot be parsed', () => {
    expect(get('not a url').status).toBe(400);
  });
});
