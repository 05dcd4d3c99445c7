import { describe, expect, it } from 'vitest';
import type { Clock } from './clock';
import { createRequestGate } from './request-gate';
import { runRequest, type RunnerDeps } from './request-runner';
import { DEFAULT_RETRY_POLICY } from './retry-policy';

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

/** Simulated time: when nothing else can run, it jumps to the next timer, so waits in parallel overlap as in real time. */
function createSimulatedClock(): Clock & { run(done: () => boolean): Promise<void> } {
  let now = Date.UTC(2026, 0, 1);
  let seq = 0;
  let timers: Timer[] = [];
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 4; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    now: () => now,
    sleep(ms, signal) {
      return new Promise((resolve, reject) => {
        const timer: Timer = { at: now + Math.max(0, ms), seq: (seq += 1), resolve };
        timers.push(timer);
        signal?.addEventListener('abort', () => {
          timers = timers.filter((t) => t !== timer);
          reject(signal.reason);
        });
      });
    },
    async run(done) {
      await settle();
      while (!done()) {
        const next = timers.reduce<Timer | null>(
          (a, t) => (a === null || t.at < a.at || (t.at === a.at && t.seq < a.seq) ? t : a),
          null,
        );
        if (next === null) throw new Error('stuck: nothing to wait for');
        timers = timers.filter((t) => t !== next);
        now = Math.max(now, next.at);
        next.resolve();
        await settle();
      }
    },
  };
}

interface Bucket {
  rate: number;
  burst: number;
  retryAfter: string | null;
}

/** A service behind a token bucket it does not announce: each request takes a token or is answered 429. */
function bucketService(clock: Clock, bucket: Bucket, latencyMs: number) {
  let tokens = bucket.burst;
  let at = clock.now();
  const counts = { accepted: 0, limited: 0 };
  const fetch: RunnerDeps['fetch'] = async () => {
    const now = clock.now();
    tokens = Math.min(bucket.burst, tokens + ((now - at) * bucket.rate) / 1000);
    at = now;
    const allowed = tokens >= 1;
    if (allowed) tokens -= 1;
    await clock.sleep(latencyMs);
    if (allowed) {
      counts.accepted += 1;
      return new Response('{"status":200,"message":"OK","data":[]}', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    counts.limited += 1;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (bucket.retryAfter !== null) headers['retry-after'] = bucket.retryAfter;
    return new Response('{"status":429,"message":"Too many requests"}', { status: 429, headers });
  };
  return { fetch, counts };
}

async function syncAgainst(bucket: Bucket, requests: number) {
  const clock = createSimulatedClock();
  const service = bucketService(clock, bucket, 40);
  const gate = createRequestGate({ max: 4, clock });
  const deps: RunnerDeps = {
    fetch: service.fetch,
    headers: {},
    clock,
    random: () => 0.5,
    policy: DEFAULT_RETRY_POLICY,
    gate,
    timeoutMs: 30_000,
    maxBodyBytes: 1024 * 1024,
  };
  const start = clock.now();
  let next = 0;
  let finished = 0;
  const worker = async (): Promise<void> => {
    while (next < requests) {
      next += 1;
      await runRequest(deps, { url: 'https://service.test/v1/report/sales/', method: 'GET' });
    }
    finished += 1;
  };
  const workers = Array.from({ length: 4 }, worker);
  await clock.run(() => finished === workers.length);
  await Promise.all(workers);
  const seconds = (clock.now() - start) / 1000;
  return {
    ratio: seconds / (requests / bucket.rate),
    limitedShare: service.counts.limited / (service.counts.accepted + service.counts.limited),
  };
}

describe('a token-bucket rate limit the client is not told', () => {
  const requests = 600;
  const rate = 10;

  for (const retryAfter of [null, '1']) {
    it(`R9: sync takes at most 1.10x requests / rate with at most 5% 429s (Retry-After ${retryAfter ?? 'absent'})`, async () => {
      const result = await syncAgainst({ rate, burst: 10, retryAfter }, requests);
      expect(result.ratio).toBeLessThanOrEqual(1.1);
      expect(result.limitedShare).toBeLessThanOrEqual(0.05);
    });
  }

  it('R9: once paced, a long Retry-After delays the request that got it, not every later request', async () => {
    const result = await syncAgainst({ rate, burst: 10, retryAfter: '5' }, requests);
    // The first stop holds everyone, and each refused request waits its own delay; nothing more.
    const allowed = (requests / rate + 2 * 5) / (requests / rate);
    expect(result.ratio).toBeLessThanOrEqual(1.1 * allowed);
    expect(result.limitedShare).toBeLessThanOrEqual(0.05);
  });
});
