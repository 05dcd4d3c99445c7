/**
 * The client of the reporting service: `GET /v1/user/` and `GET /v1/report/sales`, with the three
 * credential headers and nothing else identifying. The transport is a parameter (Node's fetch in
 * tests and the CLI, Electron's net.fetch in the app, the demo simulator in demo mode), so the
 * same code runs everywhere and is tested against a real HTTPS server.
 */
import { ZodError } from 'zod';
import type { Profile } from '../../shared/domain';
import { AppError } from '../../shared/errors';
import { parseProfile, parseSalesPage, type ParsedSalesPage } from '../../shared/wire-schemas';
import { parseBaseUrl } from './base-url';
import { buildSalesUrl, parseSalesFilter, type SalesFilter, type SalesPageRequest } from './sales-params';
import { errorForFetchFailure, errorForStatus } from './service-errors';

/** The three credentials of spec 5. Lives only in the main process. */
export interface Credentials {
  apiKey: string;
  apiSecret: string;
  appId: string;
}

/** A fetch-compatible transport. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What the client needs to talk to one account. */
export interface ServiceClientOptions {
  baseUrl: string;
  credentials: Credentials;
  fetch: FetchLike;
  /** Per-request timeout; the whole response must arrive within it. */
  timeoutMs?: number;
}

/** One account's view of the service. */
export interface ServiceClient {
  readonly baseUrl: string;
  getProfile(signal?: AbortSignal): Promise<Profile>;
  getSalesPage(filter: SalesFilter, page: SalesPageRequest, signal?: AbortSignal): Promise<ParsedSalesPage>;
}

function serviceMessage(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}

function badResponse(what: string, cause: unknown): AppError {
  return new AppError('BAD_RESPONSE', `The service sent ${what} that Commission Desk cannot read. Try again later; nothing was changed.`, { cause });
}

/** Creates a client for one account; refuses a non-https base URL up front. */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const baseUrl = parseBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const headers = {
    'api-key': options.credentials.apiKey,
    'api-secret': options.credentials.apiSecret,
    'app-id': options.credentials.appId,
    accept: 'application/json',
  };

  async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let text: string;
    let response: Response;
    try {
      response = await options.fetch(url, { method: 'GET', headers, signal: combined, redirect: 'error' });
      text = await response.text();
    } catch (error) {
      const reason = signal?.aborted ? 'cancelled' : timeout.aborted ? 'timeout' : null;
      throw errorForFetchFailure(error, reason);
    }
    if (!response.ok) throw errorForStatus(response.status, serviceMessage(text));
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw badResponse('a reply', error);
    }
  }

  return {
    baseUrl,
    async getProfile(signal) {
      const body = await getJson(`${baseUrl}/v1/user/`, signal);
      try {
        return parseProfile(body);
      } catch (error) {
        throw badResponse('a profile', error instanceof ZodError ? error : undefined);
      }
    },
    async getSalesPage(filter, page, signal) {
      const url = buildSalesUrl(baseUrl, parseSalesFilter(filter), page);
      const body = await getJson(url, signal);
      try {
        return parseSalesPage(body);
      } catch (error) {
        throw badResponse('a sales page', error instanceof ZodError ? error : undefined);
      }
    },
  };
}
