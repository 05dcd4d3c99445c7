/**
 * The pace the service allows, learned from its "slow down" answers (R9). A service may limit requests per second
 * without saying how many: a concurrency limit alone cannot keep to a rate (a fast service answers one request at a
 * time faster than the rate), so the gate also spaces request starts.
 *
 * Unpaced until the first slow-down. At each slow-down the pace is set a little below the rate the service actually
 * accepted since the slow-down before (while the client asks for more than the service allows, what it accepts is
 * the allowed rate); every accepted request then raises the pace by a small share, so the client probes upwards
 * slowly and meets the limit again only after many requests: additive increase, multiplicative decrease.
 */
import type { Clock } from './clock';

/** Share of the accepted rate the pace drops to after a slow-down. */
const DECREASE = 0.95;
/** Share the pace grows by with each accepted request. */
const INCREASE = 0.002;
/** Accepted requests needed to measure a rate once paced; with fewer, the pace is halved instead. */
const MIN_SAMPLE = 4;

/** The pacing state of one gate. */
export interface RequestPace {
  /** Milliseconds until the next request may start; 0 when it may start now. */
  wait(): number;
  /** A request starts now. */
  started(): void;
  /** A request that started at `startedAt` was accepted. */
  accepted(startedAt: number): void;
  /** The service said "slow down": measure what it accepted and pace just below it. */
  slowDown(): void;
  /** Requests per second allowed to start; null while unpaced. */
  rate(): number | null;
}

/** Creates an unpaced pace reading `clock`. */
export function createRequestPace(clock: Clock): RequestPace {
  let rate: number | null = null;
  let nextStart = 0;
  /** The last slow-down: requests started before it do not count towards the next measure. */
  let lastSlowDown = -Infinity;
  /** The first start since the last slow-down, so a pause that followed it does not count as a slow service. */
  let windowStart: number | null = null;
  let acceptedSince = 0;

  /** The rate accepted since the window began; null with too few requests, unless unpaced (any sample beats none). */
  function measured(now: number): number | null {
    const enough = acceptedSince >= (rate === null ? 1 : MIN_SAMPLE);
    if (!enough || windowStart === null || now <= windowStart) return null;
    return (acceptedSince * 1000) / (now - windowStart);
  }

  return {
    wait: () => (rate === null ? 0 : Math.max(0, nextStart - clock.now())),
    started() {
      const now = clock.now();
      windowStart ??= now;
      if (rate === null) return;
      nextStart = Math.max(nextStart, now) + 1000 / rate;
    },
    accepted(startedAt) {
      if (startedAt < lastSlowDown) return;
      acceptedSince += 1;
      if (rate !== null) rate *= 1 + INCREASE;
    },
    slowDown() {
      const now = clock.now();
      const accepted = measured(now);
      if (accepted !== null) rate = accepted * DECREASE;
      else if (rate !== null) rate /= 2;
      nextStart = now + (rate === null ? 0 : 1000 / rate);
      lastSlowDown = now;
      windowStart = null;
      acceptedSince = 0;
    },
    rate: () => rate,
  };
}
