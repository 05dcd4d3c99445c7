/**
 * The app's one sales cache, opened at start. When it cannot be opened at all (written by a newer
 * version, or the disk refuses) the app still runs: the welcome, sign-in and profile screens work
 * and every cache call answers with the reason, instead of the app failing to start.
 */
import { statSync } from 'node:fs';
import { AppError, type AppErrorData } from '../../shared/errors';
import { openCache } from '../cache/open-cache';
import type { SalesCache } from '../cache/sales-cache';
import type { Logger } from '../log/logger';

/** The cache, or why there is none, and what to tell the user about it. */
export interface CacheHolder {
  readonly path: string;
  readonly notice: string | null;
  readonly error: AppErrorData | null;
  /** Bytes on disk: the database file plus its -wal. */
  sizeBytes(): number;
  /** The open cache; throws the opening error when there is none. */
  get(): SalesCache;
  close(): void;
}

/** Opens the cache at `path`, recovering from a damaged file and surviving one that cannot be used. */
export function openCacheHolder(path: string, now: () => Date, logger: Logger): CacheHolder {
  let cache: SalesCache | null = null;
  let notice: string | null = null;
  let error: AppError | null = null;
  try {
    const opened = openCache({ path, now });
    cache = opened.cache;
    notice = opened.recovery?.message ?? null;
    if (opened.recovery) logger.warn('cache.recovered', { reason: opened.recovery.reason, movedTo: opened.recovery.movedTo });
  } catch (cause) {
    error =
      cause instanceof AppError
        ? cause
        : new AppError('CACHE_CORRUPT', 'The sales cache could not be opened. Check that the disk has space and is writable, then restart the app.', { cause });
    logger.error('cache.unavailable', { error: cause });
  }
  return {
    path,
    notice,
    error: error?.toData() ?? null,
    sizeBytes: () => [path, `${path}-wal`].reduce((sum, file) => sum + (statSync(file, { throwIfNoEntry: false })?.size ?? 0), 0),
    get() {
      if (cache) return cache;
      throw error ?? new AppError('CACHE_CORRUPT', 'The sales cache is not available.');
    },
    close: () => cache?.close(),
  };
}
