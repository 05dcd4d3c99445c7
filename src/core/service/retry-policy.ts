/**
 * When to try a request again, and how long to wait first (N2, N3, N4). Pure functions of the
 * failure, the counts so far, the time and a random number, so every schedule is testable exactly.
 *
 * - 429 (and 503) mean "slow down": honour `Retry-After` (seconds or HTTP-date) up to a cap, fail fast above
 *   it; without it, back off exponentially with jitter. Both lower the request gate's concurrency.
 * - 500/502/503/504, dropped connections, and a 2xx whose body is empty, cut off, an HTML page or not JSON (a proxy or
 *   a server in trouble): a bounded number of retries with growing, jittered, capped delays.
 * - A timeout is retried at most once by default: a stalled server rarely recovers within seconds.
 * - 400/401/403/404/405, TLS failures, an unreachable host and every other status: never retried.
 */
import {
  errorForLongWait,
  errorForStatus,
  errorForTransport,
  timeoutError,
  unreadableReplyError,
  type ServiceError,
  type TransportFailure,
} from './service-errors';

/** Limits of the retry schedule. */
export interface RetryPolicy {
  /** Attempts in total while the service answers 500/502/503/504, drops the connection or sends an unreadable body. */
  maxAttempts: number;
  /** Attempts in total while the service answers 429. */
  maxRateLimitedAttempts: number;
  /** Retries after a timeout. */
  maxTimeoutRetries: number;
  /** First backoff step; each retry doubles it. */
  baseDelayMs: number;
  /** No backoff step is longer than this. */
  maxDelayMs: number;
  /** A `Retry-After` further away than this fails fast ("rate limited until …") instead of waiting. */
  maxRetryAfterMs: number;
}

/** Defaults: a few seconds of patience for blips, a minute for an explicit rate limit. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxAttempts: 4,
  maxRateLimitedAttempts: 8,
  maxTimeoutRetries: 1,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
});

/** Statuses worth another try: transient server trouble. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/** Statuses that mean "too many requests": they lower the gate's concurrency. */
export const SLOW_DOWN_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** How one attempt ended, when it did not succeed. */
export type AttemptFailure =
  | { kind: 'status'; status: number; retryAfter: string | null; detail: string | null }
  | { kind: 'transport'; failure: TransportFailure; error: unknown }
  | { kind: 'timeout'; timeoutMs: number }
  /** A 2xx whose body could not be read; `what` says what came back ("an empty reply", "an HTML page"). */
  | { kind: 'bad-body'; what: string };

/** Counts of one logical request's attempts so far. */
export interface RetryState {
  attempts: number;
  rateLimited: number;
  transient: number;
  timeouts: number;
}

/** Why a retry happens; reported to listeners (progress UI, logs). */
export type RetryReason = 'rate-limited' | 'server-error' | 'connection-dropped' | 'timeout' | 'unreadable-reply';

/** What to do after a failed attempt. */
export type RetryDecision =
  | {
      kind: 'retry';
      reason: RetryReason;
      delayMs: number;
      slowDown: boolean;
      pauseUntil: number | null;
      state: RetryState;
    }
  | { kind: 'fail'; error: ServiceError; slowDown: boolean };

/** A fresh state for a new logical request. */
export function initialRetryState(): RetryState {
  return { attempts: 0, rateLimited: 0, transient: 0, timeouts: 0 };
}

const DELTA_SECONDS = /^\d{1,10}$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** The three HTTP-date forms of RFC 9110 5.6.7, all in GMT: IMF-fixdate, RFC 850 and asctime. */
const IMF_FIXDATE = /^[A-Za-z]{3},\s+(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2}):(\d{2})\s+GMT$/;
const RFC_850 = /^[A-Za-z]{6,9},\s+(\d{1,2})-([A-Za-z]{3})-(\d{2})\s+(\d{2}):(\d{2}):(\d{2})\s+GMT$/;
const ASCTIME = /^[A-Za-z]{3}\s+([A-Za-z]{3})\s+(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})\s+(\d{4})$/;

function utc(year: number, monthName: string, day: number, h: string, m: string, s: string): number | null {
  const month = MONTHS.indexOf(monthName.toLowerCase());
  if (month < 0) return null;
  const at = Date.UTC(year, month, day, Number(h), Number(m), Number(s));
  return new Date(at).getUTCDate() === day ? at : null;
}

/** Parses an HTTP-date to epoch ms; null when it is not one of the three forms. */
export function parseHttpDate(text: string): number | null {
  let m = IMF_FIXDATE.exec(text);
  if (m) return utc(Number(m[3]), m[2] as string, Number(m[1]), m[4] as string, m[5] as string, m[6] as string);
  m = RFC_850.exec(text);
  if (m) {
    const yy = Number(m[3]);
    return utc(
      yy < 70 ? 2000 + yy : 1900 + yy,
      m[2] as string,
      Number(m[1]),
      m[4] as string,
      m[5] as string,
      m[6] as string,
    );
  }
  m = ASCTIME.exec(text);
  if (m) return utc(Number(m[6]), m[1] as string, Number(m[2]), m[3] as string, m[4] as string, m[5] as string);
  return null;
}

/**
 * Milliseconds to wait according to a `Retry-After` value (RFC 9110 10.2.3): delta-seconds or an HTTP-date.
 * A date in the past means "now" (0). Null when absent or unreadable, so the caller backs off on its own.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (DELTA_SECONDS.test(text)) return Number(text) * 1000;
  const at = parseHttpDate(text);
  return at === null ? null : Math.max(0, at - now);
}

/**
 * The wait before retry number `retry` (1-based): the step doubles from `baseDelayMs` up to `maxDelayMs`, and the
 * wait is half the step plus a random part of the other half ("equal jitter"), so waits grow, spread out across
 * clients, and never exceed the cap.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  const unit = Math.min(Math.max(random(), 0), 1);
  return Math.round(step / 2 + (unit * step) / 2);
}

interface Inputs {
  failure: AttemptFailure;
  state: RetryState;
  policy: RetryPolicy;
  now: number;
  random: () => number;
}

function retry(
  inputs: Inputs,
  reason: RetryReason,
  state: RetryState,
  waitMs: number | null,
  slowDown: boolean,
): RetryDecision {
  const retries = state.attempts;
  const delayMs = waitMs ?? backoffDelay(retries, inputs.policy, inputs.random);
  const pauseUntil = waitMs !== null && slowDown ? inputs.now + waitMs : null;
  return { kind: 'retry', reason, delayMs, slowDown, pauseUntil, state };
}

function decideStatus(inputs: Inputs, failure: Extract<AttemptFailure, { kind: 'status' }>): RetryDecision {
  const { policy, now } = inputs;
  const slowDown = SLOW_DOWN_STATUSES.has(failure.status);
  const rateLimited = failure.status === 429;
  if (!rateLimited && !RETRYABLE_STATUSES.has(failure.status)) {
    return { kind: 'fail', error: errorForStatus(failure.status, failure.detail, inputs.state.attempts), slowDown };
  }
  const state = rateLimited
    ? { ...inputs.state, rateLimited: inputs.state.rateLimited + 1 }
    : { ...inputs.state, transient: inputs.state.transient + 1 };
  const wait = parseRetryAfter(failure.retryAfter, now);
  if (wait !== null && wait > policy.maxRetryAfterMs) {
    return { kind: 'fail', error: errorForLongWait(failure.status, now + wait, state.attempts), slowDown };
  }
  const exhausted = rateLimited
    ? state.rateLimited >= policy.maxRateLimitedAttempts
    : state.transient >= policy.maxAttempts;
  if (exhausted)
    return { kind: 'fail', error: errorForStatus(failure.status, failure.detail, state.attempts), slowDown };
  return retry(inputs, rateLimited ? 'rate-limited' : 'server-error', state, wait, slowDown);
}

/** Decides, after a failed attempt, whether to retry (and after how long) or to fail with which error. */
export function decideRetry(inputs: Inputs): RetryDecision {
  const { failure, policy } = inputs;
  if (failure.kind === 'status') return decideStatus(inputs, failure);
  if (failure.kind === 'timeout') {
    const state = { ...inputs.state, timeouts: inputs.state.timeouts + 1 };
    if (state.timeouts > policy.maxTimeoutRetries) {
      return { kind: 'fail', error: timeoutError(failure.timeoutMs, state.attempts), slowDown: false };
    }
    return retry(inputs, 'timeout', state, null, false);
  }
  if (failure.kind === 'bad-body') {
    const state = { ...inputs.state, transient: inputs.state.transient + 1 };
    if (state.transient >= policy.maxAttempts)
      return { kind: 'fail', error: unreadableReplyError(failure.what, state.attempts), slowDown: false };
    return retry(inputs, 'unreadable-reply', state, null, false);
  }
  if (failure.failure !== 'reset') {
    return {
      kind: 'fail',
      error: errorForTransport(failure.failure, inputs.state.attempts, failure.error),
      slowDown: false,
    };
  }
  const state = { ...inputs.state, transient: inputs.state.transient + 1 };
  if (state.transient >= policy.maxAttempts) {
    return { kind: 'fail', error: errorForTransport('reset', state.attempts, failure.error), slowDown: false };
  }
  return retry(inputs, 'connection-dropped', state, null, false);
}
