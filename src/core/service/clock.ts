/**
 * Time as a dependency. Backoff sleeps, rate-limit pauses and `Retry-After` dates all read this clock,
 * so tests run a whole retry schedule instantly and assert the exact waits, without timed assertions.
 * (Per-request timeouts use real timers on purpose: they guard against a real socket that stalls.)
 */

/** What the client needs from time. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The reason to reject with when a signal aborted without giving one. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** setTimeout fires at once beyond a signed 32-bit count of milliseconds; no wait here is meant to be that long. */
const MAX_TIMER_MS = 2_147_483_647;

/** Real time. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(abortReason(signal as AbortSignal));
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.min(Math.max(0, ms), MAX_TIMER_MS),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};

interface Sleeper {
  until: number;
  resolve: () => void;
}

/** A clock for tests: time moves only when someone sleeps (auto) or the test calls `advance` (manual). */
export interface VirtualClock extends Clock {
  /** Every sleep requested so far, in milliseconds, in order. */
  readonly sleeps: number[];
  /** Moves time forward and wakes the sleepers that are due (manual mode). */
  advance(ms: number): void;
  /** Resolves once at least `count` sleeps have been requested in total. */
  whenSleeping(count?: number): Promise<void>;
}

/** Options of {@link createVirtualClock}. */
export interface VirtualClockOptions {
  /** Start time in epoch milliseconds. Default 2026-01-01T00:00:00Z. */
  start?: number;
  /** true (default): each sleep advances time by its length and resolves at once. false: sleeps wait for `advance`. */
  auto?: boolean;
}

/** Creates a deterministic clock for tests and benchmarks. */
export function createVirtualClock(options: VirtualClockOptions = {}): VirtualClock {
  let now = options.start ?? Date.UTC(2026, 0, 1);
  const auto = options.auto ?? true;
  const sleeps: number[] = [];
  let sleepers: Sleeper[] = [];
  let watchers: { count: number; resolve: () => void }[] = [];

  const notify = (): void => {
    const ready = watchers.filter((w) => sleeps.length >= w.count);
    watchers = watchers.filter((w) => sleeps.length < w.count);
    for (const w of ready) w.resolve();
  };

  const advance = (ms: number): void => {
    now += Math.max(0, ms);
    const due = sleepers.filter((s) => s.until <= now);
    sleepers = sleepers.filter((s) => s.until > now);
    for (const s of due) s.resolve();
  };

  const sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    sleeps.push(ms);
    notify();
    if (auto) {
      now += Math.max(0, ms);
      return new Promise((resolve, reject) => {
        setImmediate(() => (signal?.aborted ? reject(abortReason(signal)) : resolve()));
      });
    }
    return new Promise((resolve, reject) => {
      const sleeper: Sleeper = { until: now + Math.max(0, ms), resolve: () => resolve() };
      sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          sleepers = sleepers.filter((s) => s !== sleeper);
          reject(abortReason(signal));
        },
        { once: true },
      );
    });
  };

  const whenSleeping = (count = 1): Promise<void> =>
    sleeps.length >= count ? Promise.resolve() : new Promise((resolve) => watchers.push({ count, resolve }));

  return { now: () => now, sleep, sleeps, advance, whenSleeping };
}
