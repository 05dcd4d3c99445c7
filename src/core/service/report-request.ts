/**
 * How the sales report is asked for. The spec does not name its HTTP method: it lists the parameters under a request
 * body, yet writes them in query-string form. So the client sends a GET with a query; if the service answers 405 before
 * any report was served, it sends the same parameters once as a JSON body with POST, and remembers whichever worked for
 * the rest of the client's life. Only when the POST is refused too is the 405 reported ("not allowed for this
 * account"), as the spec reads it.
 */
import type { HttpRequest } from './http-attempt';
import {
  buildSalesUrl,
  parseSalesFilter,
  parseSalesPageRequest,
  salesQueryParams,
  type SalesFilter,
  type SalesPageRequest,
} from './sales-params';
import { ServiceError } from './service-errors';

/** Sends one request and resolves with its JSON body (see `runRequest`). */
export type BodyFetcher = (request: HttpRequest, signal?: AbortSignal, onAnswered?: () => void) => Promise<unknown>;

/** The report's requests for one client. */
export interface ReportRequests {
  /** The JSON body of one report page; `onAnswered` is told when its 2xx headers arrive, before the body is read. */
  fetch(filter: SalesFilter, page: SalesPageRequest, signal?: AbortSignal, onAnswered?: () => void): Promise<unknown>;
}

/** Statuses of a POST that say "not this way either": the GET's 405 is then the answer. */
const POST_REFUSED = new Set([400, 404, 405, 415]);

/** The parameters as a JSON body: page and limit as numbers, the rest as the query would carry them. */
export function reportBody(filter: SalesFilter, page: SalesPageRequest): string {
  const checked = parseSalesPageRequest(page);
  const body: Record<string, string | number> = {};
  for (const [name, value] of salesQueryParams(parseSalesFilter(filter), checked)) body[name] = value;
  body.page = checked.page;
  body.limit = checked.limit;
  return JSON.stringify(body);
}

function refusedWith(error: unknown, status: number): boolean {
  return error instanceof ServiceError && error.status === status;
}

/** Creates the report requests of a client at `baseUrl`. */
export function createReportRequests(baseUrl: string, send: BodyFetcher): ReportRequests {
  let method: 'GET' | 'POST' | null = null;
  const get = (filter: SalesFilter, page: SalesPageRequest): HttpRequest => ({
    url: buildSalesUrl(baseUrl, parseSalesFilter(filter), page),
    method: 'GET',
    records: true,
  });
  const post = (filter: SalesFilter, page: SalesPageRequest): HttpRequest => ({
    url: `${baseUrl}/v1/report/sales`,
    method: 'POST',
    body: reportBody(filter, page),
    records: true,
  });

  async function tryPost(
    filter: SalesFilter,
    page: SalesPageRequest,
    refusal: unknown,
    signal?: AbortSignal,
    onAnswered?: () => void,
  ): Promise<unknown> {
    try {
      const body = await send(post(filter, page), signal, onAnswered);
      method = 'POST';
      return body;
    } catch (error) {
      if (error instanceof ServiceError && error.status !== null && POST_REFUSED.has(error.status)) throw refusal;
      throw error;
    }
  }

  return {
    async fetch(filter, page, signal, onAnswered) {
      if (method === 'POST') return send(post(filter, page), signal, onAnswered);
      try {
        const body = await send(get(filter, page), signal, onAnswered);
        method = 'GET';
        return body;
      } catch (error) {
        if (method !== null || !refusedWith(error, 405)) throw error;
        return tryPost(filter, page, error, signal, onAnswered);
      }
    },
  };
}
