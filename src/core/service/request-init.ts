/**
 * The options every request to the service is sent with, whatever the transport (S11). Node's transport, Electron's
 * `net.fetch` and the demo simulator all get the same init, so one unit test proves what each of them is told:
 *
 * - `redirect: 'error'`: `net.fetch` and undici follow a redirect by default and send the credential headers to the
 *   new address; with 'error' they refuse before any byte reaches it. The client also refuses a 3xx answer itself
 *   (see `http-attempt.ts`), for transports that hand the redirect back instead.
 * - `credentials: 'omit'` and `cache: 'no-store'`: no cookie is sent or kept, and no answer is stored in or served from
 *   an HTTP cache; the service is authenticated by its three headers only.
 * - `referrerPolicy: 'no-referrer'`: nothing about the app is sent besides what the client chose.
 */

/** What one attempt sends: a GET of `url`, or a POST of a JSON `body` (see `report-request.ts`). */
export interface HttpRequest {
  url: string;
  method: 'GET' | 'POST';
  /** JSON text, sent with a JSON content type; only with POST. */
  body?: string;
  /** The reply's `data` lists sale records: one nested too deep is set aside rather than refusing the reply (R5). */
  records?: boolean;
}

/** The init of one attempt of `request` with `headers`, cancelled by `signal`. */
export function serviceRequestInit(
  request: HttpRequest,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal,
): RequestInit {
  const init: RequestInit = {
    method: request.method,
    headers: { ...headers },
    signal,
    redirect: 'error',
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  };
  if (request.body !== undefined) {
    init.headers = { ...headers, 'content-type': 'application/json' };
    init.body = request.body;
  }
  return init;
}
