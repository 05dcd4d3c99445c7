/**
 * A real HTTPS server on 127.0.0.1 for tests, e2e runs and benchmarks. It wraps the ONE implementation of the
 * service's behaviour (`createSpecService`, also behind demo mode), so the fake and the demo agree on every
 * status, filter and paging rule; this file adds only the sockets, TLS, a request log, and fault knobs that
 * can be changed while it runs. A second, plain-HTTP listener exists only to show that plain HTTP is refused
 * (the spec service answers it 403).
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  createRandom,
  type Random,
  generateProfile,
  generateSales,
  type WireProfile,
  type WireSale,
  createSpecService,
  type SpecResponse,
  type SpecService,
} from '../../src/core/demo';
import { isoDayToService } from '../../src/shared/dates';
import { sharedTestCertificates, type TestCertificates } from './certificates';
import {
  faultSettingsSchema,
  noFaults,
  retryAfterSeconds,
  saleMutationSchema,
  type FaultPatch,
  type FaultSettings,
  type SaleMutation,
  type TransportFault,
} from './faults';
import { applySaleMutations, exclusiveEndUrl, withoutNextPage } from './live-data';
import { shapeReport } from './report-shaping';
import { createTokenBucket, type TokenBucket } from './token-bucket';

/** The three credentials the fake accepts. */
export interface FakeCredentials {
  apiKey: string;
  apiSecret: string;
  appId: string;
}

/** How to generate the dataset; the same options always give the same sales. */
export interface FakeDatasetOptions {
  count?: number;
  seed?: number;
  /** Last day covered, yyyy-mm-dd. Default 2026-01-31. */
  endDay?: string;
  /** Days covered, ending at `endDay`. Default 365. */
  days?: number;
}

/** Options of {@link startFakeService}. */
export interface FakeServiceOptions {
  /** Generated data (default 250 sales) or the exact records to serve. */
  sales?: FakeDatasetOptions | readonly WireSale[];
  /** "Today" for the spec's default window; default the dataset's last day. */
  today?: string;
  credentials?: Partial<FakeCredentials>;
  /** false: the report answers 405, as for an account without report access. */
  reportAccess?: boolean;
  faults?: FaultPatch;
  /** Fixed ports; default random free ports. */
  port?: number;
  httpPort?: number;
  /** Default: one throwaway CA per process. */
  certificates?: TestCertificates;
  /** Oldest entries are dropped beyond this many. Default 100,000. */
  maxLoggedRequests?: number;
}

/** One request as the fake saw it; credential values are never kept. */
export interface LoggedRequest {
  seq: number;
  scheme: 'https' | 'http';
  method: string;
  path: string;
  /** The query exactly as it arrived, before decoding. */
  rawQuery: string;
  /** The query decoded (repeated names become lists). */
  query: Record<string, string | string[]>;
  /** Header names as received; values of api-key, api-secret and app-id replaced by "[redacted]". */
  headers: Record<string, string>;
  /** Whether the three credentials matched. */
  credentialsValid: boolean;
  /** The request body as text (report requests sent by POST), or null when there was none. */
  body: string | null;
  route: 'user' | 'report' | 'other';
  page: number | null;
  /** Status sent; null when the connection was closed or stalled instead. */
  status: number | null;
  /** The transport fault applied, if any. */
  fault: TransportFault['kind'] | null;
  /** Requests in flight when this one arrived (itself included). */
  inFlight: number;
  /** The client went away before the response was complete (cancel, timeout, or a reset fault). */
  closedEarly: boolean;
}

/** How to change the statuses of some sales (for re-sync tests). */
export interface StatusChange {
  count: number;
  /** Only sales with this commission status change. Default "pending". */
  fromCommissionStatus?: string;
  /** New values. Default commission_status "approved". */
  to?: { commission_status?: string; payment_status?: string; payment_date?: string | null };
}

/** A running fake service. */
export interface FakeService {
  /** https://127.0.0.1:<port> */
  readonly baseUrl: string;
  /** http://127.0.0.1:<port>, the plain-HTTP listener that is refused. */
  readonly httpUrl: string;
  /** The CA to add (as the client's extra CA) to trust the server. */
  readonly caPem: string;
  readonly caPemPath: string;
  readonly credentials: FakeCredentials;
  /** The dataset as served now, ascending by date then reference. */
  readonly sales: readonly WireSale[];
  readonly profile: WireProfile;
  /** Every request received, oldest first. */
  readonly requests: readonly LoggedRequest[];
  readonly faults: FaultSettings;
  /** Most requests in flight at once since start (or the last `clearRequests`). */
  readonly maxInFlight: number;
  /** Changes some knobs now; the others keep their values. `next` replaces the queue of one-shot faults. */
  setFaults(patch: FaultPatch): void;
  /** Every knob back to "no fault". */
  resetFaults(): void;
  clearRequests(): void;
  setReportAccess(allowed: boolean): void;
  /** Changes the statuses of `count` sales spread over the dataset; returns the changed records. */
  changeSaleStatuses(change: StatusChange): WireSale[];
  /** Changes the data now: statuses, removed sales, late sales, sales moved to another day (see `SaleMutation`). */
  updateSales(changes: readonly SaleMutation[]): void;
  /** Stops listening (open connections are cut); `start` listens again on the same ports. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_CREDENTIALS: FakeCredentials = {
  apiKey: 'fake-api-key-0001',
  apiSecret: 'fake-api-secret-CANARY-7f3a91',
  appId: 'commission-desk-tests',
};

const CREDENTIAL_HEADERS = ['api-key', 'api-secret', 'app-id'];

function dataset(option: FakeServiceOptions['sales']): { sales: WireSale[]; endDay: string } {
  if (Array.isArray(option)) return { sales: [...(option as readonly WireSale[])], endDay: '2026-01-31' };
  const o = (option ?? {}) as FakeDatasetOptions;
  const endDay = o.endDay ?? '2026-01-31';
  return { sales: generateSales({ seed: o.seed ?? 1, count: o.count ?? 250, endDay, days: o.days ?? 365 }), endDay };
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function decodedQuery(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    out[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}

function routeOf(path: string): LoggedRequest['route'] {
  const p = path.endsWith('/') ? path : `${path}/`;
  return p === '/v1/user/' ? 'user' : p === '/v1/report/sales/' ? 'report' : 'other';
}

function pageOf(params: URLSearchParams): number | null {
  const raw = params.get('page');
  if (raw === null) return 1;
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

function waitOrClose(ms: number, res: ServerResponse): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', onClose);
  });
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function shut(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Writes a spec answer as it is. */
function send(res: ServerResponse, answer: SpecResponse): void {
  const body = Buffer.from(answer.body, 'utf8');
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(body.length) });
  res.end(body);
}

/** Writes an answer damaged by `fault`; returns the status sent, or null when none was completed. */
function sendFaulty(
  req: IncomingMessage,
  res: ServerResponse,
  fault: TransportFault,
  answer: () => SpecResponse,
): number | null {
  switch (fault.kind) {
    case 'status': {
      const status = fault.status;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        ...(fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter }),
      };
      send(res, {
        status,
        headers,
        body: JSON.stringify({
          status: fault.bodyStatus ?? status,
          message: fault.message ?? `Simulated status ${status}.`,
        }),
      });
      return status;
    }
    case 'reset':
      req.socket.destroy();
      return null;
    case 'malformed-json':
      send(res, {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: '{"status":200,"message":"OK","data":[{"reference":"S-',
      });
      return 200;
    case 'html-page':
      send(res, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: '<!DOCTYPE html><html><head><title>Sign in to the guest network</title></head><body><form></form></body></html>',
      });
      return 200;
    case 'empty-body':
      send(res, { status: 200, headers: { 'content-type': 'application/json' }, body: '' });
      return 200;
    case 'endless-body':
      sendEndless(res);
      return null;
    case 'deep-json':
      send(res, {
        status: 200,
        headers: JSON_HEADERS,
        body: `{"status":200,"message":"OK","data":[${'['.repeat(fault.levels)}${']'.repeat(fault.levels)}]}`,
      });
      return 200;
    case 'many-rows':
      send(res, { status: 200, headers: JSON_HEADERS, body: manyRows(fault.rows) });
      return 200;
    case 'redirect':
      send(res, {
        status: fault.status,
        headers: { location: fault.location, 'content-type': 'text/plain' },
        body: 'Moved.',
      });
      return fault.status;
    case 'wrong-shape':
      send(res, {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 200, message: 'OK', data: { rows: 'not a list' } }),
      });
      return 200;
    default:
      return sendBroken(res, fault, answer());
  }
}

/** A page of `rows` distinct rows of one day, with no next page. */
function manyRows(rows: number): string {
  const row = (i: number): string =>
    `{"reference":"MANY-${i}","transaction_date":"15-01-2026","commission_amount":1,"currency":"EUR"}`;
  return `{"status":200,"message":"OK","total":${rows},"next_page":null,"data":[${Array.from({ length: rows }, (_, i) => row(i)).join(',')}]}`;
}

/** Writes rows of a page that never ends, as fast as the client reads them, until it goes away. */
function sendEndless(res: ServerResponse): void {
  res.writeHead(200, JSON_HEADERS);
  const chunk = Buffer.from(
    Array.from({ length: 100 }, (_, i) => `{"reference":"ENDLESS-${i}","transaction_date":"15-01-2026"},`).join(''),
  );
  let open = true;
  res.once('close', () => {
    open = false;
  });
  const pump = (): void => {
    while (open && res.write(chunk));
    if (open) res.once('drain', pump);
  };
  res.write('{"status":200,"message":"OK","data":[');
  pump();
}

/** Faults that start a real answer and never finish it properly. */
function sendBroken(
  res: ServerResponse,
  fault: Extract<TransportFault, { kind: 'reset-mid-body' | 'stall' | 'trickle' }>,
  answer: SpecResponse,
): null {
  const body = Buffer.from(answer.body, 'utf8');
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(body.length) });
  if (fault.kind === 'reset-mid-body') {
    res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
  } else if (fault.kind === 'stall') {
    res.write(body.subarray(0, Math.min(10, body.length)));
  } else {
    let at = 0;
    const timer = setInterval(() => {
      if (at >= body.length) {
        clearInterval(timer);
        res.end();
        return;
      }
      res.write(body.subarray(at, at + 1));
      at += 1;
    }, fault.intervalMs ?? 50);
    res.once('close', () => clearInterval(timer));
  }
  return null;
}

interface State {
  sales: WireSale[];
  profile: WireProfile;
  today: string;
  credentials: FakeCredentials;
  reportAccess: boolean;
  service: SpecService;
  faults: FaultSettings;
  random: Random;
  /** The live state of `faults.tokenBucket`, started at its first request. */
  bucket: TokenBucket | null;
  requests: LoggedRequest[];
  seq: number;
  inFlight: number;
  maxInFlight: number;
}

function rebuild(state: State): void {
  state.service = createSpecService({
    credentials: state.credentials,
    profile: state.profile,
    sales: state.sales,
    today: () => state.today,
    reportAccess: state.reportAccess,
  });
}

function takeScheduled(state: State, route: LoggedRequest['route'], page: number | null): TransportFault | null {
  const index = state.faults.next.findIndex(
    (s) =>
      (s.route === undefined || s.route === route) && (s.page === undefined || (route === 'report' && s.page === page)),
  );
  if (index < 0) return null;
  const [scheduled] = state.faults.next.splice(index, 1);
  return scheduled?.fault ?? null;
}

function drawRandom(state: State, route: LoggedRequest['route']): TransportFault | null {
  if (route !== 'report') return null;
  const f = state.faults;
  if (f.tokenBucket !== null) {
    state.bucket ??= createTokenBucket(f.tokenBucket);
    const taken = state.bucket.take(Date.now());
    if (!taken.allowed) {
      const retryAfter = f.tokenBucket.retryAfter
        ? { retryAfter: retryAfterSeconds(Math.max(1, Math.ceil(taken.waitMs / 1000))) }
        : {};
      return { kind: 'status', status: 429, ...retryAfter };
    }
  }
  if (f.rateLimitRate > 0 && state.random.chance(f.rateLimitRate)) {
    return {
      kind: 'status',
      status: 429,
      ...(f.rateLimitRetryAfter === null ? {} : { retryAfter: f.rateLimitRetryAfter }),
    };
  }
  if (f.serverErrorRate > 0 && state.random.chance(f.serverErrorRate))
    return { kind: 'status', status: state.random.pick(f.serverErrorStatuses) };
  if (f.resetRate > 0 && state.random.chance(f.resetRate)) return { kind: 'reset' };
  return null;
}

function logEntry(
  state: State,
  req: IncomingMessage,
  url: URL,
  scheme: LoggedRequest['scheme'],
  max: number,
): LoggedRequest {
  const headers = headerRecord(req);
  const c = state.credentials;
  const credentialsValid =
    headers['api-key'] === c.apiKey && headers['api-secret'] === c.apiSecret && headers['app-id'] === c.appId;
  for (const name of CREDENTIAL_HEADERS) if (name in headers) headers[name] = '[redacted]';
  const route = routeOf(url.pathname);
  const entry: LoggedRequest = {
    seq: (state.seq += 1),
    scheme,
    method: req.method ?? 'GET',
    path: url.pathname,
    rawQuery: url.search.replace(/^\?/, ''),
    query: decodedQuery(url.searchParams),
    headers,
    credentialsValid,
    body: null,
    route,
    page: route === 'report' ? pageOf(url.searchParams) : null,
    status: null,
    fault: null,
    inFlight: state.inFlight,
    closedEarly: false,
  };
  state.requests.push(entry);
  if (state.requests.length > max) state.requests.splice(0, state.requests.length - max);
  return entry;
}

/** The request for the spec service; `method` replaces the one sent when the fake answers a POST as its GET. */
function specRequest(req: IncomingMessage, url: string, method = req.method ?? 'GET'): Parameters<SpecService>[0] {
  return { method, url, headers: headerRecord(req) };
}

/** Reads a request body of at most 64 kB. */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 65_536) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

/** The report URL a POST's JSON body stands for, or null when the body is not a JSON object of parameters. */
function urlOfPostedParameters(url: URL, body: string): URL | null {
  let parameters: unknown;
  try {
    parameters = JSON.parse(body);
  } catch {
    return null;
  }
  if (parameters === null || typeof parameters !== 'object' || Array.isArray(parameters)) return null;
  const asked = new URL(url.pathname, url.origin);
  for (const [name, value] of Object.entries(parameters)) {
    if (typeof value === 'string' || typeof value === 'number') asked.searchParams.set(name, String(value));
  }
  return asked;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * With `reportByPost`, the report answers GET with 405 and reads a POST's JSON body as its parameters; the request is
 * then answered as the GET those parameters make. Returns the URL to answer, or the refusal.
 */
async function reportByPost(req: IncomingMessage, url: URL, entry: LoggedRequest): Promise<URL | SpecResponse> {
  if (req.method !== 'POST') {
    return {
      status: 405,
      headers: { ...JSON_HEADERS, allow: 'POST' },
      body: JSON.stringify({ status: 405, message: 'Method GET is not allowed; use POST.' }),
    };
  }
  entry.body = await readBody(req);
  const asked = urlOfPostedParameters(url, entry.body);
  return (
    asked ?? {
      status: 400,
      headers: JSON_HEADERS,
      body: JSON.stringify({ status: 400, message: 'The request body is not a JSON object.' }),
    }
  );
}

function answerFor(
  state: State,
  req: IncomingMessage,
  url: URL,
  route: LoggedRequest['route'],
  method: string,
): SpecResponse {
  if (route !== 'report' || state.reportAccess === false) return state.service(specRequest(req, url.href, method));
  const asked = state.faults.exclusiveEnd ? exclusiveEndUrl(url) : url;
  const answer = shapeReport(asked, state.faults, (page) => {
    if (page === null) return state.service(specRequest(req, asked.href, method));
    const paged = new URL(asked);
    paged.searchParams.set('page', String(page));
    return state.service(specRequest(req, paged.href, method));
  });
  return withoutNextPage(answer, url, state.faults.nextPageNullAt);
}

/** Applies the data changes scheduled for this report request, before it is answered. */
function applyScheduledChanges(state: State, url: URL, page: number | null): void {
  const startDay = url.searchParams.get('start_date')?.slice(0, 10);
  const index = state.faults.dataChanges.findIndex(
    (c) => c.page === page && (c.startDay === undefined || c.startDay === startDay),
  );
  if (index < 0) return;
  const [scheduled] = state.faults.dataChanges.splice(index, 1);
  if (scheduled) updateSales(state, scheduled.changes);
}

function updateSales(state: State, changes: readonly SaleMutation[]): void {
  state.sales = applySaleMutations(state.sales, changes);
  rebuild(state);
}

/** What to answer a request as: its own URL and method, or (see `reportByPost`) the GET a POST stands for; null when already answered. */
async function requestToAnswer(
  state: State,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  entry: LoggedRequest,
): Promise<{ url: URL; method: string } | null> {
  if (entry.route !== 'report' || !state.faults.reportByPost) return { url, method: req.method ?? 'GET' };
  const asked = await reportByPost(req, url, entry);
  if (asked instanceof URL) {
    entry.page = pageOf(asked.searchParams);
    return { url: asked, method: 'GET' };
  }
  send(res, asked);
  entry.status = asked.status;
  return null;
}

async function handleHttps(
  state: State,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  max: number,
): Promise<void> {
  const sent = new URL(req.url ?? '/', origin);
  const entry = track(state, req, res, sent, 'https', max);
  const target = await requestToAnswer(state, req, res, sent, entry);
  if (target === null) return;
  const { url, method } = target;
  if (!(await waitOrClose(state.faults.latencyMs, res))) return;
  if (entry.route === 'report') applyScheduledChanges(state, url, entry.page);
  const fault = takeScheduled(state, entry.route, entry.page) ?? drawRandom(state, entry.route);
  const answer = (): SpecResponse => answerFor(state, req, url, entry.route, method);
  if (fault === null) {
    const response = answer();
    send(res, response);
    entry.status = response.status;
    return;
  }
  entry.fault = fault.kind;
  entry.status = sendFaulty(req, res, fault, answer);
}

function track(
  state: State,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  scheme: LoggedRequest['scheme'],
  max: number,
): LoggedRequest {
  state.inFlight += 1;
  state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
  const entry = logEntry(state, req, url, scheme, max);
  res.once('close', () => {
    state.inFlight -= 1;
    entry.closedEarly = !res.writableFinished;
  });
  return entry;
}

function handleHttp(state: State, req: IncomingMessage, res: ServerResponse, origin: string, max: number): void {
  const url = new URL(req.url ?? '/', origin);
  const entry = track(state, req, res, url, 'http', max);
  const response = state.service(specRequest(req, url.href));
  send(res, response);
  entry.status = response.status;
}

function pickEvenly<T>(items: readonly T[], count: number): T[] {
  if (count > items.length) throw new RangeError(`Only ${items.length} sales can change, not ${count}.`);
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)] as T);
}

function changeStatuses(state: State, change: StatusChange): WireSale[] {
  const from = change.fromCommissionStatus ?? 'pending';
  const to = change.to ?? { commission_status: 'approved' };
  const chosen = new Set(
    pickEvenly(
      state.sales.filter((s) => s.commission_status === from),
      change.count,
    ).map((s) => s.reference),
  );
  const changed: WireSale[] = [];
  state.sales = state.sales.map((sale) => {
    if (!chosen.has(sale.reference)) return sale;
    const next: WireSale = { ...sale, ...to } as WireSale;
    if (to.payment_status === 'paid' && to.payment_date === undefined) next.payment_date = isoDayToService(state.today);
    changed.push(next);
    return next;
  });
  rebuild(state);
  return changed;
}

function initialState(options: FakeServiceOptions): State {
  const { sales, endDay } = dataset(options.sales);
  const faults = faultSettingsSchema.parse({ ...noFaults(), ...options.faults });
  const state = {
    sales,
    profile: generateProfile(1),
    today: options.today ?? endDay,
    credentials: { ...DEFAULT_CREDENTIALS, ...options.credentials },
    reportAccess: options.reportAccess ?? true,
    faults,
    random: createRandom(faults.seed),
    bucket: null,
    requests: [],
    seq: 0,
    inFlight: 0,
    maxInFlight: 0,
  } as Omit<State, 'service'> as State;
  rebuild(state);
  return state;
}

/**
 * Starts the fake service. Certificates come from `openssl` (see certificates.ts); the dataset is generated
 * deterministically from `sales` (any size; 1,000,000 takes a few seconds).
 */
export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const certificates = options.certificates ?? (await sharedTestCertificates());
  const state = initialState(options);
  const max = options.maxLoggedRequests ?? 100_000;
  let origin = '';
  let httpOrigin = '';
  const https = createHttpsServer({ key: certificates.keyPem, cert: certificates.certPem }, (req, res) => {
    handleHttps(state, req, res, origin, max).catch(() => res.destroy());
  });
  const http = createHttpServer((req, res) => handleHttp(state, req, res, httpOrigin, max));
  let port = await listen(https, options.port ?? 0);
  let httpPort = await listen(http, options.httpPort ?? 0);
  origin = `https://127.0.0.1:${port}`;
  httpOrigin = `http://127.0.0.1:${httpPort}`;

  const service: FakeService = {
    baseUrl: origin,
    httpUrl: httpOrigin,
    caPem: certificates.caPem,
    caPemPath: certificates.caPemPath,
    credentials: state.credentials,
    get sales() {
      return state.sales;
    },
    profile: state.profile,
    get requests() {
      return state.requests;
    },
    get faults() {
      return state.faults;
    },
    get maxInFlight() {
      return state.maxInFlight;
    },
    setFaults(patch) {
      state.faults = faultSettingsSchema.parse({ ...state.faults, ...patch });
      if (patch.tokenBucket !== undefined) state.bucket = null;
      if (patch.seed !== undefined) state.random = createRandom(state.faults.seed);
    },
    resetFaults() {
      state.faults = noFaults();
      state.bucket = null;
      state.random = createRandom(state.faults.seed);
    },
    clearRequests() {
      state.requests = [];
      state.maxInFlight = state.inFlight;
    },
    setReportAccess(allowed) {
      state.reportAccess = allowed;
      rebuild(state);
    },
    changeSaleStatuses: (change) => changeStatuses(state, change),
    updateSales: (changes) =>
      updateSales(
        state,
        changes.map((c) => saleMutationSchema.parse(c)),
      ),
    async stop() {
      await Promise.all([shut(https), shut(http)]);
    },
    async start() {
      if (!https.listening) port = await listen(https, port);
      if (!http.listening) httpPort = await listen(http, httpPort);
    },
    close: () => service.stop(),
  };
  return service;
}
