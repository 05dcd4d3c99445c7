import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  decideRetry,
  DEFAULT_RETRY_POLICY,
  initialRetryState,
  parseRetryAfter,
  type AttemptFailure,
  type RetryDecision,
  type RetryState,
} from './retry-policy';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const policy = { ...DEFAULT_RETRY_POLICY };

function decide(failure: AttemptFailure, state: Partial<RetryState> = {}): RetryDecision {
  return decideRetry({
    failure,
    state: { ...initialRetryState(), attempts: 1, ...state },
    policy,
    now: NOW,
    random: () => 0.5,
  });
}

const status = (code: number, retryAfter: string | null = null): AttemptFailure => ({
  kind: 'status',
  status: code,
  retryAfter,
  detail: null,
});

describe('parseRetryAfter', () => {
  it('N2: reads delta-seconds', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('N2: reads an HTTP-date (IMF-fixdate and the obsolete forms) relative to the clock', () => {
    expect(parseRetryAfter(new Date(NOW + 5000).toUTCString(), NOW)).toBe(5000);
    expect(parseRetryAfter('Thursday, 01-Jan-26 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Thu Jan  1 12:01:00 2026', NOW)).toBe(60_000);
  });

  it('N2: a date in the past means retry now; junk means "not given"', () => {
    expect(parseRetryAfter(new Date(NOW - 60_000).toUTCString(), NOW)).toBe(0);
    for (const junk of ['soon', '-5', '1.5', '', '2026-01-01T12:00:05Z', null, undefined])
      expect(parseRetryAfter(junk, NOW)).toBeNull();
  });
});

describe('backoffDelay', () => {
  it('N3: delays grow, are jittered between half and the whole step, and are capped', () => {
    const p = { ...policy, baseDelayMs: 500, maxDelayMs: 4000 };
    const low = [1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, p, () => 0));
    const high = [1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, p, () => 0.999999));
    expect(low).toEqual([250, 500, 1000, 2000, 2000, 2000]);
    expect(high).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    expect(backoffDelay(3, p, () => 0.5)).toBe(1500);
    for (let n = 1; n < 20; n++) expect(backoffDelay(n, p, Math.random)).toBeLessThanOrEqual(4000);
  });
});

describe('decideRetry', () => {
  it('N2: 429 with Retry-After waits exactly that long and pauses the gate until then', () => {
    const d = decide(status(429, '7'));
    expect(d).toMatchObject({
      kind: 'retry',
      reason: 'rate-limited',
      delayMs: 7000,
      slowDown: true,
      pauseUntil: NOW + 7000,
    });
  });

  it('N2: 429 with a Retry-After above the cap fails fast with RATE_LIMITED "rate limited until …"', () => {
    const d = decide(status(429, '3600'));
    expect(d.kind).toBe('fail');
    if (d.kind !== 'fail') return;
    expect(d.error.code).toBe('RATE_LIMITED');
    expect(d.error.message).toContain('rate limited requests until');
    expect(d.error.retryAt).toBe(NOW + 3_600_000);
  });

  it('N2: 429 without Retry-After backs off exponentially and still slows the gate down', () => {
    const d = decide(status(429), { attempts: 3, rateLimited: 2 });
    expect(d).toMatchObject({ kind: 'retry', reason: 'rate-limited', delayMs: 1500, slowDown: true, pauseUntil: null });
  });

  it('N2: 429 gives up after the rate-limit budget with RATE_LIMITED', () => {
    const d = decide(status(429), { attempts: 8, rateLimited: 7 });
    expect(d.kind === 'fail' && d.error.code).toBe('RATE_LIMITED');
  });

  it('N3: 500/502/503/504 are retried until the budget, then SERVER_ERROR', () => {
    for (const code of [500, 502, 503, 504]) {
      expect(decide(status(code)).kind).toBe('retry');
      const last = decide(status(code), { attempts: 4, transient: 3 });
      expect(last.kind === 'fail' && last.error.code).toBe('SERVER_ERROR');
    }
  });

  it('N3: 400/401/403/404/405 are never retried, whatever the budget', () => {
    const codes = {
      400: 'BAD_REQUEST',
      401: 'AUTH_INVALID',
      403: 'FORBIDDEN',
      404: 'NOT_FOUND',
      405: 'NOT_ALLOWED_FOR_ACCOUNT',
    } as const;
    for (const [code, expected] of Object.entries(codes)) {
      const d = decide(status(Number(code), '1'));
      expect(d.kind === 'fail' && d.error.code, code).toBe(expected);
    }
  });

  it('N3: a dropped connection is retried; TLS failures and unreachable hosts are not', () => {
    expect(decide({ kind: 'transport', failure: 'reset', error: null })).toMatchObject({
      kind: 'retry',
      reason: 'connection-dropped',
    });
    const tls = decide({ kind: 'transport', failure: 'tls', error: null });
    expect(tls.kind === 'fail' && tls.error.code).toBe('TLS_FAILURE');
    const offline = decide({ kind: 'transport', failure: 'offline', error: null });
    expect(offline.kind === 'fail' && offline.error.code).toBe('NETWORK_OFFLINE');
  });

  it('N4: a timeout is retried once by default, then TIMEOUT', () => {
    expect(decide({ kind: 'timeout', timeoutMs: 30_000 }).kind).toBe('retry');
    const last = decide({ kind: 'timeout', timeoutMs: 30_000 }, { attempts: 2, timeouts: 1 });
    expect(last.kind === 'fail' && last.error.code).toBe('TIMEOUT');
  });
});
