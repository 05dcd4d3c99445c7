/**
 * The reporting service's behaviour (spec sections 4, 5, 7, 8) as one pure function from request to response.
 * One implementation serves the app's demo mode (through a fetch-compatible wrapper) and the HTTPS fake server
 * used by tests and benchmarks, so both agree on every status code, filter and paging rule.
 * Where the spec says "not shown", this picks one plausible answer (see the notes on each rule below).
 */
import { addDays, isIsoDay } from '../../shared/dates';
import type { WireProfile, WireSale } from './sales-dataset';

/** A request as the service sees it; header names are lower-case. */
export interface SpecRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** A complete response: the transport (fetch wrapper or HTTPS server) only copies it out. */
export interface SpecResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Everything the service needs: who may call it, what it reports, and what "today" is for default windows. */
export interface SpecServiceOptions {
  credentials: { apiKey: string; apiSecret: string; appId: string };
  profile: WireProfile;
  /** Sorted ascending as `generateSales` returns them; other orders are accepted and sorted once. */
  sales: readonly WireSale[];
  /** ISO day, used for the default start and end of the report window. */
  today: () => string;
  /** false answers the report with 405 ("not allowed for this account"). Defaults to true. */
  reportAccess?: boolean;
}

/** The service as a function, so transports and tests can share one type. */
export type SpecService = (request: SpecRequest) => SpecResponse;

const REPORT_PATH = '/v1/report/sales';
const USER_PATH = '/v1/user/';
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
const DEFAULT_WINDOW_DAYS = 30;
const MATCH_CACHE_SIZE = 4;

interface SalesIndex {
  sales: readonly WireSale[];
  /** `yyyymmdd` of each sale's transaction date, -1 when unreadable; aligned with `sales`, ascending. */
  keys: Int32Array;
}

interface ReportQuery {
  page: number;
  limit: number;
  startKey: number;
  endKey: number;
  descending: boolean;
  commissionStatus: string | null;
  paymentStatus: string | null;
  subid: string | null;
}

interface Context {
  options: SpecServiceOptions;
  index: SalesIndex;
  profileBody: string;
  matches: Map<string, Int32Array>;
}

/** Thrown by the parameter parsers; becomes a 400 naming the parameter. */
class BadParameter extends Error {}

function json(status: number, body: unknown, headers: Record<string, string> = {}): SpecResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

function failure(status: number, message: string, headers: Record<string, string> = {}): SpecResponse {
  return json(status, { status, message }, headers);
}

/** Where the digits of `dd-mm-yyyy` sit, read in `yyyymmdd` order. */
const DIGIT_POSITIONS = [6, 7, 8, 9, 3, 4, 0, 1] as const;

/** `dd-mm-yyyy` to a sortable `yyyymmdd` number; -1 when the value is not in that shape. Hot: runs once per sale. */
function serviceDayKey(value: unknown): number {
  if (typeof value !== 'string' || value.length !== 10 || value[2] !== '-' || value[5] !== '-') return -1;
  let key = 0;
  for (const position of DIGIT_POSITIONS) {
    const digit = value.charCodeAt(position) - 48;
    if (digit < 0 || digit > 9) return -1;
    key = key * 10 + digit;
  }
  return key;
}

function isoDayKey(isoDay: string): number {
  return Number(isoDay.slice(0, 4)) * 10_000 + Number(isoDay.slice(5, 7)) * 100 + Number(isoDay.slice(8, 10));
}

function compareReferences(a: WireSale, b: WireSale): number {
  return a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0;
}

function isOrdered(sales: readonly WireSale[], keys: Int32Array): boolean {
  for (let i = 1; i < sales.length; i++) {
    const byDay = (keys[i - 1] as number) - (keys[i] as number);
    if (byDay > 0 || (byDay === 0 && compareReferences(sales[i - 1] as WireSale, sales[i] as WireSale) > 0))
      return false;
  }
  return true;
}

/** Day keys for binary search; sorts a copy only when the given sales are not already in (day, reference) order. */
function buildIndex(sales: readonly WireSale[]): SalesIndex {
  const keys = new Int32Array(sales.length);
  for (let i = 0; i < sales.length; i++) keys[i] = serviceDayKey((sales[i] as WireSale).transaction_date);
  if (isOrdered(sales, keys)) return { sales, keys };
  const order = sales.map((_, i) => i);
  order.sort(
    (a, b) =>
      (keys[a] as number) - (keys[b] as number) || compareReferences(sales[a] as WireSale, sales[b] as WireSale),
  );
  return { sales: order.map((i) => sales[i] as WireSale), keys: Int32Array.from(order, (i) => keys[i] as number) };
}

/** First position whose key is >= key (or > key when `after`). */
function bound(keys: Int32Array, key: number, after: boolean): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[mid] as number;
    if (k < key || (after && k === key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function single(params: URLSearchParams, name: string): string | null {
  const values = params.getAll(name);
  if (values.length > 1) throw new BadParameter(`Invalid parameter ${name}: it is given more than once.`);
  return values[0] ?? null;
}

function integerParam(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = single(params, name);
  if (raw === null) return fallback;
  const value = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? 'at least 1' : `from 1 to ${max}`;
    throw new BadParameter(`Invalid parameter ${name}: must be an integer ${range}, got "${raw}".`);
  }
  return value;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/** `YYYY-MM-DDTHH:MM:SS` (no zone) to a day key; the time is checked but ignored, as bounds compare by day. */
function dateParam(params: URLSearchParams, name: string, fallbackDay: string): number {
  const raw = single(params, name);
  if (raw === null) return isoDayKey(fallbackDay);
  const m = DATE_TIME.exec(raw);
  if (!m || !isIsoDay(m[1] as string) || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4]) > 59) {
    throw new BadParameter(`Invalid parameter ${name}: expected YYYY-MM-DDTHH:MM:SS, got "${raw}".`);
  }
  return isoDayKey(m[1] as string);
}

function choiceParam(params: URLSearchParams, name: string, allowed: readonly string[], fallback: string): string {
  const raw = single(params, name);
  if (raw === null) return fallback;
  if (!allowed.includes(raw)) {
    throw new BadParameter(`Invalid parameter ${name}: must be one of ${allowed.join(', ')}, got "${raw}".`);
  }
  return raw;
}

function statusFilter(params: URLSearchParams, name: string, allowed: readonly string[]): string | null {
  const value = choiceParam(params, name, ['all', ...allowed], 'all');
  return value === 'all' ? null : value;
}

/** Reads and checks every report parameter (spec 4.2); an empty subid means "no filter". */
function parseQuery(params: URLSearchParams, today: string): ReportQuery {
  const page = integerParam(params, 'page', 1, Number.MAX_SAFE_INTEGER);
  const limit = integerParam(params, 'limit', DEFAULT_LIMIT, MAX_LIMIT);
  const startKey = dateParam(params, 'start_date', addDays(today, -DEFAULT_WINDOW_DAYS));
  const endKey = dateParam(params, 'end_date', today);
  if (endKey < startKey) throw new BadParameter('Invalid parameter end_date: it is before start_date.');
  const order = choiceParam(params, 'order_by', ['transaction_date', '-transaction_date'], 'transaction_date');
  return {
    page,
    limit,
    startKey,
    endKey,
    descending: order === '-transaction_date',
    commissionStatus: statusFilter(params, 'commission_status', ['approved', 'pending']),
    paymentStatus: statusFilter(params, 'payment_status', ['paid', 'pending']),
    subid: single(params, 'subid') || null,
  };
}

function matcher(query: ReportQuery): ((sale: WireSale) => boolean) | null {
  const { commissionStatus, paymentStatus, subid } = query;
  if (commissionStatus === null && paymentStatus === null && subid === null) return null;
  return (sale) =>
    (commissionStatus === null || sale.commission_status === commissionStatus) &&
    (paymentStatus === null || sale.payment_status === paymentStatus) &&
    (subid === null || sale.subid === subid);
}

function scan(index: SalesIndex, lo: number, hi: number, accept: (sale: WireSale) => boolean): Int32Array {
  const found = new Int32Array(hi - lo);
  let n = 0;
  for (let i = lo; i < hi; i++) if (accept(index.sales[i] as WireSale)) found[n++] = i;
  return found.subarray(0, n);
}

/** Positions of the filtered rows, remembered for a few queries so paging through a filter is not quadratic. */
function filtered(
  context: Context,
  query: ReportQuery,
  lo: number,
  hi: number,
  accept: (sale: WireSale) => boolean,
): Int32Array {
  const key = JSON.stringify([lo, hi, query.commissionStatus, query.paymentStatus, query.subid]);
  const cached = context.matches.get(key);
  if (cached) return cached;
  const found = scan(context.index, lo, hi, accept);
  if (context.matches.size >= MATCH_CACHE_SIZE) context.matches.delete(context.matches.keys().next().value as string);
  context.matches.set(key, found);
  return found;
}

interface Selection {
  total: number;
  /** Sale at 0-based position within the ordered, filtered result. */
  at: (position: number) => WireSale;
}

/** The rows of the window in the requested order; descending reverses the ascending (day, reference) order. */
function select(context: Context, query: ReportQuery): Selection {
  const { keys, sales } = context.index;
  const lo = bound(keys, query.startKey, false);
  const hi = bound(keys, query.endKey, true);
  const accept = matcher(query);
  const rows = accept ? filtered(context, query, lo, hi, accept) : null;
  const total = rows ? rows.length : hi - lo;
  const ordered = (p: number): number => (query.descending ? total - 1 - p : p);
  const at = rows
    ? (p: number) => sales[rows[ordered(p)] as number] as WireSale
    : (p: number) => sales[lo + ordered(p)] as WireSale;
  return { total, at };
}

/** Same query with the next page; spaces as %20 so both URLSearchParams and decodeURIComponent read it back. */
function nextPageUrl(url: URL, query: ReportQuery): string {
  const params = new URLSearchParams(url.searchParams);
  params.set('page', String(query.page + 1));
  params.set('limit', String(query.limit));
  return `${url.origin}${REPORT_PATH}?${params.toString().replace(/\+/g, '%20')}`;
}

/** The 200 body: `start`/`end` are 1-based positions of the first and last row (0 on an empty page). */
function pageBody(url: URL, query: ReportQuery, selection: Selection): Record<string, unknown> {
  const first = (query.page - 1) * query.limit;
  const count = Math.max(0, Math.min(query.limit, selection.total - first));
  const data = Array.from({ length: count }, (_, i) => selection.at(first + i));
  return {
    status: 200,
    message: 'OK',
    current: query.page,
    start: count > 0 ? first + 1 : 0,
    end: count > 0 ? first + count : 0,
    limit: query.limit,
    total: selection.total,
    next_page: first + count < selection.total ? nextPageUrl(url, query) : null,
    data,
  };
}

function report(context: Context, url: URL): SpecResponse {
  if (context.options.reportAccess === false) {
    return failure(405, 'API method is not allowed for this account; access is obtained from an administrator.');
  }
  let query: ReportQuery;
  try {
    query = parseQuery(url.searchParams, context.options.today());
  } catch (error) {
    if (error instanceof BadParameter) return failure(400, error.message);
    throw error;
  }
  return json(200, pageBody(url, query, select(context, query)));
}

function authorised(headers: Record<string, string>, credentials: SpecServiceOptions['credentials']): boolean {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return (
    lower['api-key'] === credentials.apiKey &&
    lower['api-secret'] === credentials.apiSecret &&
    lower['app-id'] === credentials.appId
  );
}

/** Known paths, with or without the trailing slash. */
function routeOf(pathname: string): 'user' | 'report' | null {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (path === USER_PATH) return 'user';
  if (path === `${REPORT_PATH}/`) return 'report';
  return null;
}

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** Order of checks: HTTPS (403), path (404), method (405), credentials (401), account access (405), parameters (400). */
function handle(context: Context, request: SpecRequest): SpecResponse {
  const url = parseUrl(request.url);
  if (url === null) return failure(400, 'The request URL is not valid.');
  if (url.protocol !== 'https:') return failure(403, 'Plain HTTP is refused: use HTTPS.');
  const route = routeOf(url.pathname);
  if (route === null) return failure(404, `Resource not found: ${url.pathname}`);
  if (request.method.toUpperCase() !== 'GET') {
    return failure(405, `Method ${request.method} is not allowed on ${url.pathname}; use GET.`, { allow: 'GET' });
  }
  if (!authorised(request.headers, context.options.credentials)) {
    return failure(401, 'API key invalid: check api-key, api-secret and app-id.');
  }
  if (route === 'user')
    return { status: 200, headers: { 'content-type': 'application/json' }, body: context.profileBody };
  return report(context, url);
}

/**
 * Builds the service over a fixed set of sales. Indexing happens once here (O(n), plus a sort only when the sales
 * are not in order); each report request is then a binary search over the dates plus, with status or subid
 * filters, one scan of the date window that is remembered for the following pages.
 */
export function createSpecService(options: SpecServiceOptions): SpecService {
  const context: Context = {
    options,
    index: buildIndex(options.sales),
    profileBody: JSON.stringify(options.profile),
    matches: new Map(),
  };
  return (request) => {
    try {
      return handle(context, request);
    } catch {
      return failure(500, 'Internal server error.');
    }
  };
}
