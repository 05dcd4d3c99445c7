/**
 * One logical request: attempts through the request gate, judged by the retry policy, with cancellable waits
 * between them. Kept apart from the endpoints so the same loop serves the profile, the report and any later
 * endpoint, and so its schedule can be tested with a virtual clock.
 */
import { abortReason, type Clock } from './clock';
import { attemptRequest, type FetchLike, type HttpRequest } from './http-attempt';
import { judgeReply } from './reply-body';
import type { RequestGate, SlotOutcome } from './request-gate';
import { decideRetry, initialRetryState, type RetryPolicy, type RetryReason, type RetryState } from './retry-policy';
import { cancelledError } from './service-errors';

/** Reported before each wait, so a sync can show "rate limited, retrying in 7 s" and logs can count retries. */
export interface RetryEvent {
  type: 'retry';
  reason: RetryReason;
  /** The path of the request (no query, no credentials). */
  path: string;
  status: number | null;
  /** Attempts made so far for this request. */
  attempts: number;
  delayMs: number;
}

/** Everything the loop depends on. */
export interface RunnerDeps {
  fetch: FetchLike;
  headers: Record<string, string>;
  clock: Clock;
  random: () => number;
  policy: RetryPolicy;
  gate: RequestGate;
  timeoutMs: number;
  maxBodyBytes: number;
  onRetry?: (event: RetryEvent) => void;
}

/** A 2xx answer whose body is JSON and names no error status: the parsed body. */
export interface RunnerSuccess {
  status: number;
  body: unknown;
  attempts: number;
}

async function waitBeforeRetry(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await clock.sleep(ms, signal);
  } catch (error) {
    throw cancelledError(signal?.aborted ? abortReason(signal) : error);
  }
}

async function acquireSlot(deps: RunnerDeps, signal?: AbortSignal): ReturnType<RequestGate['acquire']> {
  try {
    return await deps.gate.acquire(signal);
  } catch (error) {
    throw cancelledError(error);
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/**
 * Sends `request` until it succeeds, a failure is final, the retry budget runs out, or `signal` aborts. A 2xx counts
 * only when its body is JSON that names no error status (see `reply-body.ts`); otherwise it is judged like the status
 * or the server trouble it stands for. `onAnswered` is told whenever an attempt's 2xx headers arrive.
 */
export async function runRequest(
  deps: RunnerDeps,
  request: HttpRequest,
  signal?: AbortSignal,
  onAnswered?: () => void,
): Promise<RunnerSuccess> {
  let state: RetryState = initialRetryState();
  for (;;) {
    const slot = await acquireSlot(deps, signal);
    let outcome: SlotOutcome = 'failed';
    let pauseUntil: number | null = null;
    try {
      state = { ...state, attempts: state.attempts + 1 };
      const attempt = await attemptRequest({ ...deps, request, signal, onAnswered });
      const result =
        attempt.kind === 'ok' ? judgeReply(attempt.text, attempt.contentType, request.records === true) : attempt;
      if (result.kind === 'json') {
        outcome = 'ok';
        return { status: attempt.kind === 'ok' ? attempt.status : 200, body: result.body, attempts: state.attempts };
      }
      const decision = decideRetry({
        failure: result,
        state,
        policy: deps.policy,
        now: deps.clock.now(),
        random: deps.random,
      });
      outcome = decision.slowDown ? 'slow-down' : 'failed';
      if (decision.kind === 'fail') throw decision.error;
      pauseUntil = decision.pauseUntil;
      state = decision.state;
      const status = result.kind === 'status' ? result.status : null;
      deps.onRetry?.({
        type: 'retry',
        reason: decision.reason,
        path: pathOf(request.url),
        status,
        attempts: state.attempts,
        delayMs: decision.delayMs,
      });
      slot.release(outcome, pauseUntil);
      await waitBeforeRetry(deps.clock, decision.delayMs, signal);
    } finally {
      slot.release(outcome, pauseUntil);
    }
  }
}
