/**
 * The open account's browse index readied while the window loads: the main process is idle between creating the
 * window and the renderer's first sales query, and reading the index saved at the last close (or building a small
 * one) there takes it off the first screen's path.
 */
import type { Logger } from '../log';
import type { CacheHolder } from './cache-holder';

/**
 * With no saved index, an account with more sales than this is left for its first query to build: a build holds the
 * process in proportion to the sales, and a window whose first screen waits seconds on it would
 * look stuck before it showed anything.
 */
export const WARM_UP_BUILD_LIMIT = 200_000;

/** Readies `openAccount()`'s browse index in `cache`; never throws, and logs what it did. */
export function warmUpBrowsing(
  cache: CacheHolder,
  openAccount: () => string | null,
  logger: Logger,
  buildLimit = WARM_UP_BUILD_LIMIT,
): void {
  const account = openAccount();
  if (account === null || cache.error !== null) return;
  const started = performance.now();
  try {
    const ready = cache.get().prepareBrowsing(account, buildLimit);
    logger.info('sales.warmed-up', { ready, ms: Math.round(performance.now() - started) });
  } catch (error) {
    // The first query meets the same problem and reports it to the user; here it is only noted.
    logger.warn('sales.warm-up-failed', { error });
  }
}
