/**
 * Demo mode's transport: a function with fetch's signature that answers from the simulated service in memory.
 * The service client takes the `fetch` to use as an argument, so the whole app (client, sync, cache, export)
 * runs unchanged against the demo account, with no sockets and no real credentials.
 */
import { demoDataset } from './sales-dataset';
import { createSpecService, type SpecRequest, type SpecResponse, type SpecService } from './spec-service';
import { abortReason, systemClock } from '../service';

/** Base address of the demo account; `.invalid` can never resolve, so nothing can leak to a real host. */
export const DEMO_BASE_URL = 'https://demo.commission-desk.invalid';

/** Credentials of the demo account: visibly fake, so no one mistakes them for (or stores) real ones. */
export const DEMO_CREDENTIALS: Readonly<{ apiKey: string; apiSecret: string; appId: string }> = Object.freeze({
  apiKey: 'demo-api-key-not-a-secret',
  apiSecret: 'demo-api-secret-not-a-secret',
  appId: 'commission-desk-demo',
});

/** Options of the demo transport. */
export interface DemoFetchOptions {
  /** Simulated network delay per request, so spinners and cancel buttons can be seen working. Default 0. */
  latencyMs?: number;
}

/** Waits `ms`, rejecting with the signal's reason if it aborts before or during the wait. */
function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return ms <= 0 ? Promise.resolve() : systemClock.sleep(ms, signal);
}

/** Lets the platform's Request normalise the inputs exactly as fetch would (URL, method, header names). */
function toSpecRequest(request: Request): SpecRequest {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { method: request.method.toUpperCase(), url: request.url, headers };
}

function toResponse(answer: SpecResponse, url: string): Response {
  const response = new Response(answer.body, { status: answer.status, headers: answer.headers });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

/**
 * Wraps a service function as `fetch`. Invalid URLs reject with a TypeError (as fetch does); an AbortSignal from
 * `init.signal` (or the Request) rejects with its reason before or during the simulated latency.
 */
export function createDemoFetch(service: SpecService, options: DemoFetchOptions = {}): typeof fetch {
  const latencyMs = options.latencyMs ?? 0;
  const demoFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    await delay(latencyMs, signal);
    return toResponse(service(toSpecRequest(request)), request.url);
  };
  return demoFetch;
}

/** The demo account's service: the demo dataset ending `today`, behind {@link DEMO_CREDENTIALS}. */
export function createDemoService(today: string): SpecService {
  const { profile, sales } = demoDataset(today);
  return createSpecService({ credentials: { ...DEMO_CREDENTIALS }, profile, sales, today: () => today });
}
