/**
 * A rate limit the service does not announce (R9): each report request takes a token or is refused with 429.
 * Tokens refill continuously at `rate` per second up to `burst`.
 */
import type { TokenBucketSettings } from './faults';

/** The bucket's state; `take` answers whether a request may pass now, and if not, how long until a token. */
export interface TokenBucket {
  take(now: number): { allowed: true } | { allowed: false; waitMs: number };
}

/** A full bucket with the given settings. */
export function createTokenBucket(settings: TokenBucketSettings): TokenBucket {
  let tokens = settings.burst;
  let at: number | null = null;
  return {
    take(now) {
      tokens = Math.min(settings.burst, tokens + ((now - (at ?? now)) * settings.rate) / 1000);
      at = now;
      if (tokens >= 1) {
        tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, waitMs: ((1 - tokens) * 1000) / settings.rate };
    },
  };
}
