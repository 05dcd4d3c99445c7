/**
 * The client of the reporting service: `GET /v1/user/` and the sales report (GET with a query; see
 * `report-request.ts` for when it is sent as a POST), with the three credential headers and nothing else identifying. The transport is a parameter (Node's fetch in tests and the CLI,
 * Electron's net.fetch in the app, the demo simulator in demo mode), so the same code runs everywhere and is
 * tested against a real HTTPS server. Every call is validated before sending, retried per the retry policy,
 * limited by a shared request gate, and parsed with zod at the boundary.
 */
import { ZodError } from 'zod';
import type { Profile } from '../../shared/domain';
import { AppError } from '../../shared/errors';
import { parseProfile } from '../../shared/wire-schemas';
import { parseBaseUrl } from './base-url';
import { systemClock, type Clock } from './clock';
import type { FetchLike, HttpRequest } from './http-attempt';
import { createReportRequests } from './report-request';
import { createRequestGate, type RequestGate } from './request-gate';
import { runRequest, type RetryEvent, type RunnerDeps } from './request-runner';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
import { readSalesPage, type SalesPage } from './sales-page';
import type { SalesFilter, SalesPageRequest } from './sales-params';
import { badResponseError } from './service-errors';

export type { FetchLike } from './http-attempt';
export type { RetryEvent } from './request-runner';
export type { SalesPage, UnstoredRecord } from './sales-page';

/** The three credentials of spec 5. Lives only in the main process. */
export interface Credentials {
  apiKey: string;
  apiSecret: string;
  appId: string;
}

/** What the client needs to talk to one account. */
export interface ServiceClientOptions {
  baseUrl: string;
  credentials: Credentials;
  fetch: FetchLike;
  /** Per-request timeout, from sending to the last byte of the body. */
  timeoutMs?: number;
  /** Shared with every other client of the same account, so parallel work slows down together. Default: own gate of 4. */
  gate?: RequestGate;
  /** Overrides of the retry limits. */
  retry?: Partial<RetryPolicy>;
  /** Time for backoff waits and `Retry-After` dates. Default: real time. */
  clock?: Clock;
  /** Source of jitter in [0, 1). Default Math.random. */
  random?: () => number;
  /** Largest body accepted, in bytes: far above a page of sales, far below what a hostile reply could send. */
  maxBodyBytes?: number;
  /** Told before every retry; never given credentials. */
  onRetry?: (event: RetryEvent) => void;
}

/** One account's view of the service. */
export interface ServiceClient {
  readonly baseUrl: string;
  /** The gate this client's requests pass through; share it with clients that fetch in parallel. */
  readonly gate: RequestGate;
  getProfile(signal?: AbortSignal): Promise<Profile>;
  /** One report page; `onAnswered` is told when its 2xx headers arrive, before the body is read and checked. */
  getSalesPage(
    filter: SalesFilter,
    page: SalesPageRequest,
    signal?: AbortSignal,
    onAnswered?: () => void,
  ): Promise<SalesPage>;
}

const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** Checks and trims the credentials so a pasted line break becomes a clear message, not a network error. */
function credentialHeaders(credentials: Credentials): Record<string, string> {
  const fields: [keyof Credentials, string, string][] = [
    ['apiKey', 'api-key', 'API key'],
    ['apiSecret', 'api-secret', 'API secret'],
    ['appId', 'app-id', 'app ID'],
  ];
  const headers: Record<string, string> = {};
  for (const [field, header, label] of fields) {
    const value = typeof credentials[field] === 'string' ? credentials[field].trim() : '';
    if (!HEADER_VALUE.test(value)) {
      throw new AppError(
        'INVALID_INPUT',
        `The ${label} is empty or contains characters that cannot be sent (such as a line break). Copy it again from your account dashboard.`,
      );
    }
    headers[header] = value;
  }
  return headers;
}

function parseWith<T>(what: string, parse: (body: unknown) => T, body: unknown): T {
  try {
    return parse(body);
  } catch (error) {
    throw badResponseError(what, error instanceof ZodError ? error : undefined);
  }
}

/** Creates a client for one account; refuses a non-https base URL and unsendable credentials up front. */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const baseUrl = parseBaseUrl(options.baseUrl);
  const clock = options.clock ?? systemClock;
  const gate = options.gate ?? createRequestGate({ max: 4, clock });
  const deps: RunnerDeps = {
    fetch: options.fetch,
    headers: { ...credentialHeaders(options.credentials), accept: 'application/json' },
    clock,
    random: options.random ?? Math.random,
    policy: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    gate,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxBodyBytes: options.maxBodyBytes ?? 16 * 1024 * 1024,
    onRetry: options.onRetry,
  };

  const getBody = async (request: HttpRequest, signal?: AbortSignal, onAnswered?: () => void): Promise<unknown> =>
    (await runRequest(deps, request, signal, onAnswered)).body;
  const report = createReportRequests(baseUrl, getBody);

  return {
    baseUrl,
    gate,
    async getProfile(signal) {
      return parseWith('a profile', parseProfile, await getBody({ url: `${baseUrl}/v1/user/`, method: 'GET' }, signal));
    },
    async getSalesPage(filter, page, signal, onAnswered) {
      return parseWith('a sales page', readSalesPage, await report.fetch(filter, page, signal, onAnswered));
    },
  };
}
