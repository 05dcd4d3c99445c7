/**
 * A concurrency limiter that listens to the service (N2): at most `limit` requests are in flight;
 * a 429/503 halves the limit (once per round of requests, so one burst of parallel 429s is one signal, not
 * five), a `Retry-After` before any pace holds every new request until that time, and a run of successes raises
 * the limit again by one step at a time up to `max`. A slow-down also sets a pace: request starts are spaced just
 * below the rate the service accepted, learned from its answers because no service says its limit (see
 * `request-pace.ts`); once paced, a `Retry-After` delays only the request that got it.
 *
 * One gate is shared by everything that talks to one account: the service client takes it as an option, and
 * the sync engine fetching date windows in parallel passes the same gate to every client it uses (or simply
 * uses one client), so the whole app slows down together when the service asks it to.
 */
import { abortReason, systemClock, type Clock } from './clock';
import { createRequestPace } from './request-pace';

/** How an attempt that held a slot ended. */
export type SlotOutcome = 'ok' | 'slow-down' | 'failed';

/** One held slot; release it exactly once. */
export interface GateSlot {
  /** Frees the slot. `slow-down` lowers the limit and, with `pauseUntil` (epoch ms), holds new requests until then. */
  release(outcome: SlotOutcome, pauseUntil?: number | null): void;
}

/** What the gate looks like now; for progress displays and tests. */
export interface GateSnapshot {
  /** Requests allowed in flight right now. */
  limit: number;
  max: number;
  /** Lowest limit reached since the gate was created. */
  lowest: number;
  active: number;
  waiting: number;
  /** New requests wait until this instant (epoch ms); null when not paused. */
  pausedUntil: number | null;
  /** How many times the limit was lowered. */
  slowDowns: number;
  /** Requests per second allowed to start, learned from slow-downs; null while unpaced. */
  pace: number | null;
}

/** The limiter. */
export interface RequestGate {
  /** Waits for a free slot (and the end of any pause). Rejects with the signal's reason if it aborts first. */
  acquire(signal?: AbortSignal): Promise<GateSlot>;
  /** Runs `task` in a slot: `ok` when it resolves, `failed` when it throws. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  snapshot(): GateSnapshot;
}

/** Options of {@link createRequestGate}. */
export interface RequestGateOptions {
  /** Most requests in flight. Default 4. */
  max?: number;
  /** Fewest requests the limit drops to. Default 1. */
  min?: number;
  /** Successes in a row, since the last slow-down or raise, before the limit rises by one. Default 4. */
  recoverAfter?: number;
  clock?: Clock;
}

interface Waiter {
  resolve: (slot: GateSlot) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be an integer >= 1.`);
  return value;
}

/** Creates a gate; see the module comment for the policy. */
export function createRequestGate(options: RequestGateOptions = {}): RequestGate {
  const max = positiveInteger(options.max ?? 4, 'max');
  const min = Math.min(max, positiveInteger(options.min ?? 1, 'min'));
  const recoverAfter = positiveInteger(options.recoverAfter ?? 4, 'recoverAfter');
  const clock = options.clock ?? systemClock;
  let limit = max;
  let lowest = max;
  let active = 0;
  let pausedUntil: number | null = null;
  let slowDowns = 0;
  let successes = 0;
  /** Rounds: a slot started in round r may lower the limit only if no slow-down happened since round r began. */
  let round = 0;
  let waiters: Waiter[] = [];
  let pauseTimer: AbortController | null = null;
  const pace = createRequestPace(clock);

  function slowDown(slotRound: number, until: number | null | undefined): void {
    successes = 0;
    // Once paced, the pace already spaces requests: a Retry-After then delays only the request that got it.
    const paced = pace.rate() !== null;
    if (!paced && until !== null && until !== undefined && until > clock.now())
      pausedUntil = Math.max(pausedUntil ?? 0, until);
    if (slotRound < round) return;
    round += 1;
    slowDowns += 1;
    limit = Math.max(min, Math.floor(limit / 2));
    lowest = Math.min(lowest, limit);
    pace.slowDown();
  }

  function succeeded(startedAt: number): void {
    pace.accepted(startedAt);
    successes += 1;
    if (successes >= recoverAfter && limit < max) {
      limit += 1;
      successes = 0;
    }
  }

  function makeSlot(): GateSlot {
    active += 1;
    pace.started();
    const startedAt = clock.now();
    const slotRound = round;
    let released = false;
    return {
      release(outcome, until) {
        if (released) return;
        released = true;
        active -= 1;
        if (outcome === 'slow-down') slowDown(slotRound, until);
        else if (outcome === 'ok') succeeded(startedAt);
        pump();
      },
    };
  }

  function paused(): boolean {
    if (pausedUntil !== null && clock.now() >= pausedUntil) pausedUntil = null;
    return pausedUntil !== null;
  }

  /** Wakes the queue after `ms`: the end of a pause or the next paced start. */
  function wakeAfter(ms: number): void {
    if (pauseTimer !== null) return;
    const timer = new AbortController();
    pauseTimer = timer;
    clock.sleep(ms, timer.signal).then(
      () => {
        pauseTimer = null;
        pump();
      },
      () => undefined,
    );
  }

  function pump(): void {
    if (waiters.length === 0) {
      pauseTimer?.abort();
      pauseTimer = null;
      return;
    }
    if (paused()) return wakeAfter((pausedUntil as number) - clock.now());
    while (waiters.length > 0 && active < limit) {
      const wait = pace.wait();
      if (wait > 0) return wakeAfter(wait);
      const waiter = waiters.shift() as Waiter;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(makeSlot());
    }
  }

  function acquire(signal?: AbortSignal): Promise<GateSlot> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          waiters = waiters.filter((w) => w !== waiter);
          reject(abortReason(signal as AbortSignal));
          pump();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      waiters.push(waiter);
      pump();
    });
  }

  async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const slot = await acquire(signal);
    try {
      const value = await task();
      slot.release('ok');
      return value;
    } catch (error) {
      slot.release('failed');
      throw error;
    }
  }

  return {
    acquire,
    run,
    snapshot: () => ({
      limit,
      max,
      lowest,
      active,
      waiting: waiters.length,
      pausedUntil: paused() ? pausedUntil : null,
      slowDowns,
      pace: pace.rate(),
    }),
  };
}
