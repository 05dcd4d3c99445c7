/**
 * The affiliate's profile: from the service when it answers (and saved to the cache), the cached copy with the reason
 * when the service cannot be reached or the account is signed out.
 */
import { AppError } from '../../shared/errors';
import type { ProfileView } from '../../shared/ipc-contract';
import type { ServiceClient } from '../service';
import type { CacheHolder } from './cache-holder';

/** Failures after which the cached profile is shown instead: the service is unreachable or the account is signed out. */
const CACHE_FALLBACK_CODES = new Set([
  'NETWORK_OFFLINE',
  'TIMEOUT',
  'SERVER_ERROR',
  'TLS_FAILURE',
  'RATE_LIMITED',
  'NOT_SIGNED_IN',
]);

/** Reads the open session's profile. */
export interface ProfileReader {
  get(): Promise<ProfileView>;
}

/** What the reader needs. */
export interface ProfileReaderDeps {
  cache: CacheHolder;
  account: () => string;
  /** Runs a call against the open session's client (a refused key signs the session out). */
  guarded: <T>(call: (client: ServiceClient) => Promise<T>) => Promise<T>;
  now: () => Date;
}

/** Builds the reader. */
export function createProfileReader(deps: ProfileReaderDeps): ProfileReader {
  const { cache } = deps;
  return {
    get: async () => {
      const key = deps.account();
      try {
        const profile = await deps.guarded((client) => client.getProfile());
        const fetchedAt = deps.now();
        if (cache.error === null) cache.get().saveProfile(key, profile, fetchedAt);
        return { profile, fetchedAt: fetchedAt.toISOString(), fromCache: false, reason: null };
      } catch (error) {
        const cached = cache.error === null ? cache.get().profile(key) : null;
        const usable = error instanceof AppError && CACHE_FALLBACK_CODES.has(error.code);
        if (!cached || !usable) throw error;
        return { ...cached, fromCache: true, reason: error.toData() };
      }
    },
  };
}
