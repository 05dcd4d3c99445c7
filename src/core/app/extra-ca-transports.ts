/**
 * Picks the network transport of each account: the host's own (Electron's net in the app) for accounts that trust
 * only the system's certificates, and for an account with an extra CA certificate a Node transport that trusts it
 * too — one per certificate, reused across sign-ins and closed with the core. A stored certificate that no longer
 * parses (a damaged settings file) gives a transport that fails as a certificate problem, so the account still opens
 * on its cache and the error points to the setting to fix.
 */
import { AppError } from '../../shared/errors';
import { createNodeFetch, type FetchLike } from '../service';

/** The transports of one app run. */
export interface ExtraCaTransports {
  /** The transport for an account trusting `extraCaPem` (or nothing extra). */
  forAccount(extraCaPem: string | undefined): FetchLike;
  /** Ends the idle sockets of every transport made here. */
  close(): void;
}

/** At most this many certificates keep a transport at once; older ones are closed. */
const MAX_TRANSPORTS = 8;

function unusable(error: unknown): FetchLike {
  const reason = error instanceof AppError ? error.message : 'the stored certificate cannot be read';
  return async () => {
    throw new TypeError('fetch failed', {
      cause: Object.assign(new Error(`CERT: ${reason}`), { code: 'ERR_EXTRA_CA' }),
    });
  };
}

/** Builds the chooser over the host's transport and a maker of trusting transports (Node's by default). */
export function createExtraCaTransports(
  system: FetchLike,
  trusting: (extraCaPem: string) => FetchLike = (extraCaPem) => createNodeFetch({ extraCaPem }),
): ExtraCaTransports {
  const made = new Map<string, FetchLike>();
  const closeOne = (fetch: FetchLike): void => {
    if ('close' in fetch && typeof fetch.close === 'function') (fetch.close as () => void)();
  };
  return {
    forAccount(extraCaPem) {
      if (extraCaPem === undefined) return system;
      const known = made.get(extraCaPem);
      if (known) return known;
      let fetch: FetchLike;
      try {
        fetch = trusting(extraCaPem);
      } catch (error) {
        return unusable(error);
      }
      made.set(extraCaPem, fetch);
      if (made.size > MAX_TRANSPORTS) {
        const [oldestPem, oldest] = made.entries().next().value as [string, FetchLike];
        made.delete(oldestPem);
        closeOne(oldest);
      }
      return fetch;
    },
    close() {
      for (const fetch of made.values()) closeOne(fetch);
      made.clear();
    },
  };
}
