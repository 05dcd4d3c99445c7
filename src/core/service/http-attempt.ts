/**
 * One HTTP request and its whole body, under one deadline (N4): the timer runs from the request until the
 * last byte, so a server that stalls after the headers, or trickles a byte at a time, is cut off at the timeout
 * just like one that never answers. The caller's AbortSignal cancels the request and the body read at once.
 */
import { abortReason } from './clock';
import { serviceRequestInit, type HttpRequest } from './request-init';
import type { AttemptFailure } from './retry-policy';
import {
  bodyTooLargeError,
  cancelledError,
  classifyTransportError,
  redirectError,
  redirectTarget,
  ServiceError,
} from './service-errors';

export type { HttpRequest } from './request-init';

/** A fetch-compatible transport: Node's (see `createNodeFetch`), Electron's `net.fetch`, or the demo simulator. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What one attempt needs. */
export interface AttemptOptions {
  fetch: FetchLike;
  request: HttpRequest;
  headers: Record<string, string>;
  timeoutMs: number;
  maxBodyBytes: number;
  signal?: AbortSignal;
  /** Told when a 2xx answer's headers arrived, before its body is read (a walk then asks for its next page). */
  onAnswered?: () => void;
}

/** The result of an attempt that did not throw: a 2xx body as text (and its declared type), or a failure the retry policy judges. */
export type AttemptResult = { kind: 'ok'; status: number; text: string; contentType: string | null } | AttemptFailure;

/** The body went past the cap: reading stopped there, and the stream was cancelled (S13). */
class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super('body too large');
  }
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

const TIMED_OUT = Symbol('timed out');

/** Rejects as soon as `signal` aborts, so a read that never settles cannot hold the caller. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Reads the body as UTF-8 text, refusing more than `maxBytes` and giving up when `signal` aborts. */
async function readText(response: Response, signal: AbortSignal, maxBytes: number): Promise<string> {
  if (response.body === null) return '';
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body.cancel().catch(() => undefined);
    throw new BodyTooLarge(maxBytes);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await raceAbort(reader.read(), signal);
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > maxBytes) throw new BodyTooLarge(maxBytes);
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

function failureFor(
  error: unknown,
  controller: AbortController,
  timeoutMs: number,
  signal?: AbortSignal,
): AttemptFailure {
  if (signal?.aborted) throw cancelledError(error);
  if (error instanceof ServiceError) throw error;
  if (error instanceof BodyTooLarge) throw bodyTooLargeError(`more than ${sizeText(error.maxBytes)}`);
  if (controller.signal.reason === TIMED_OUT) return { kind: 'timeout', timeoutMs };
  return { kind: 'transport', failure: classifyTransportError(error), error };
}

/** Error bodies are read only for the service's own message; a failure to read one is not an error. */
async function errorDetail(response: Response, signal: AbortSignal): Promise<string | null> {
  try {
    const body: unknown = JSON.parse(await readText(response, signal, 64 * 1024));
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}

/** A transport that hands a redirect back (Node's never follows one) gets the same refusal as one that rejects it (S11). */
function refuseRedirect(response: Response, request: HttpRequest, attempts: number): never {
  response.body?.cancel().catch(() => undefined);
  throw redirectError(redirectTarget(response.headers.get('location'), request.url), {
    status: response.status,
    attempts,
  });
}

/**
 * Sends one request and reads its body. Throws CANCELLED when the caller aborts, and BAD_RESPONSE for a redirect (S11)
 * or an oversized body (S13): retrying either cannot help. Every other outcome is returned for the retry policy to judge.
 */
export async function attemptRequest(options: AttemptOptions): Promise<AttemptResult> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) throw cancelledError(abortReason(signal));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
  const onAbort = (): void => controller.abort(abortReason(signal as AbortSignal));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await options.fetch(
      options.request.url,
      serviceRequestInit(options.request, options.headers, controller.signal),
    );
    if (response.status >= 300 && response.status <= 399) refuseRedirect(response, options.request, 1);
    if (response.ok) {
      options.onAnswered?.();
      const text = await readText(response, controller.signal, options.maxBodyBytes);
      return { kind: 'ok', status: response.status, text, contentType: response.headers.get('content-type') };
    }
    const detail = await errorDetail(response, controller.signal);
    if (controller.signal.aborted) return failureFor(abortReason(controller.signal), controller, timeoutMs, signal);
    return { kind: 'status', status: response.status, retryAfter: response.headers.get('retry-after'), detail };
  } catch (error) {
    return failureFor(error, controller, timeoutMs, signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
