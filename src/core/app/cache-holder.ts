/**
 * The app's one sales cache, opened at start. When it cannot be opened at all (written by a newer
 * version, or the disk refuses) the app still runs: the welcome, sign-in and profile screens work
 * and every cache call answers with the reason, instead of the app failing to start.
 *
 * The page-by-page integrity check (quick_check, D2) runs in a worker thread after the file is
 * opened instead of before: at a million sales it reads the whole file, time the app would otherwise spend
 * before showing anything. It can wait until the first screen's reads are answered (`checkSoon`), or
 * a few seconds at most: on a machine with two cores it would otherwise take one from the window
 * drawing its first screen. When it finds damage, the damaged file is set aside and a fresh cache
 * takes its place, with the same notice as a damage found before opening.
 */
import { existsSync, statSync } from 'node:fs';
import { AppError, type AppErrorData } from '../../shared/errors';
import {
  checkIntegrityOffThread,
  type IntegrityVerdict,
  openCache,
  replaceDamagedCache,
  type CacheRecovery,
  type SalesCache,
} from '../cache';
import type { Logger } from '../log';

/** Where the start-up integrity check stands. */
export type IntegrityState = 'checking' | 'ok' | 'recovered' | 'unknown' | 'not-needed';

/** The cache, or why there is none, and what to tell the user about it. */
export interface CacheHolder {
  readonly path: string;
  /** A sentence for the user when a damaged or foreign file was set aside (at open or by the background check). */
  readonly notice: string | null;
  readonly error: AppErrorData | null;
  /** The start-up integrity check's state; see {@link CacheHolder.checked}. */
  readonly integrity: IntegrityState;
  /**
   * Settles when the start-up integrity check has finished and, if needed, the damaged file was replaced; or, when the
   * holder closed before the check started, with 'unknown'.
   */
  readonly checked: Promise<IntegrityState>;
  /** Starts the integrity check after the current task, if it has not started yet. */
  checkSoon(): void;
  /** Bytes on disk: the database file plus its -wal. */
  sizeBytes(): number;
  /** The open cache; throws the opening error when there is none. */
  get(): SalesCache;
  /** Closes the cache and settles once the background check has let go of the file too, so it can be moved or removed. */
  close(): Promise<void>;
}

function unavailable(cause: unknown): AppError {
  return cause instanceof AppError
    ? cause
    : new AppError(
        'CACHE_CORRUPT',
        'The sales cache could not be opened. Check that the disk has space and is writable, then restart the app.',
        { cause },
      );
}

/**
 * The latest the app starts its integrity check after opening the cache, when no sales page was asked for sooner (the
 * first screen is another one): long enough for a first screen on a slow machine, short enough to be part of the start.
 */
export const START_CHECK_WITHIN_MS = 3_000;

/** When the start-up integrity check starts. */
export interface CacheHolderOptions {
  /** At `checkSoon()` or this many ms after opening, whichever comes first; 0 (the default) starts it at once. */
  checkWithinMs?: number;
  /** False for a process with no sales screen (the command line); see `SalesCacheOptions.browsing`. */
  browsing?: boolean;
}

/** Opens the cache at `path`, recovering from a damaged file and surviving one that cannot be used. */
export function openCacheHolder(
  path: string,
  now: () => Date,
  logger: Logger,
  options: CacheHolderOptions = {},
): CacheHolder {
  let cache: SalesCache | null = null;
  let notice: string | null = null;
  let error: AppError | null = null;
  let integrity: IntegrityState = 'not-needed';
  let closed = false;

  const noteRecovery = (recovery: CacheRecovery | null, when: 'open' | 'background-check'): void => {
    if (!recovery) return;
    notice = recovery.message;
    logger.warn('cache.recovered', { reason: recovery.reason, movedTo: recovery.movedTo, when });
  };

  const browsing = options.browsing === undefined ? {} : { browsing: options.browsing };
  const existed = existsSync(path);
  try {
    const opened = openCache({ path, now, integrityCheck: 'background', ...browsing });
    cache = opened.cache;
    noteRecovery(opened.recovery, 'open');
    // A file created (or recreated) just now has nothing to check.
    if (existed && opened.recovery === null) integrity = 'checking';
  } catch (cause) {
    error = unavailable(cause);
    logger.error('cache.unavailable', { error: cause });
  }

  const replaceDamaged = (verdict: Extract<IntegrityVerdict, { kind: 'corrupt' }>): IntegrityState => {
    cache?.close();
    cache = null;
    try {
      const opened = replaceDamagedCache({ path, now, ...browsing }, verdict.detail);
      cache = opened.cache;
      noteRecovery(opened.recovery, 'background-check');
    } catch (cause) {
      error = unavailable(cause);
      logger.error('cache.unavailable', { error: cause });
    }
    return 'recovered';
  };

  const onVerdict = (verdict: IntegrityVerdict, startedAt: number): IntegrityState => {
    if (closed) integrity = verdict.kind === 'ok' ? 'ok' : 'unknown';
    else if (verdict.kind === 'corrupt') integrity = replaceDamaged(verdict);
    else integrity = verdict.kind;
    if (verdict.kind === 'unknown') logger.warn('cache.check-skipped', { detail: verdict.detail });
    else logger.info('cache.checked', { verdict: verdict.kind, ms: Math.round(performance.now() - startedAt) });
    return integrity;
  };

  const check = scheduleCheck(integrity === 'checking', options.checkWithinMs ?? 0, () => {
    const startedAt = performance.now();
    return checkIntegrityOffThread(path).then((verdict) => onVerdict(verdict, startedAt));
  });
  const checked: Promise<IntegrityState> =
    integrity === 'checking'
      ? check.done.then((state) => {
          // Closed before it started: nothing was checked.
          if (state === null) integrity = 'unknown';
          return integrity;
        })
      : Promise.resolve(integrity);

  return {
    path,
    get notice() {
      return notice;
    },
    get error() {
      return error?.toData() ?? null;
    },
    get integrity() {
      return integrity;
    },
    checked,
    checkSoon: () => check.soon(),
    sizeBytes: () =>
      [path, `${path}-wal`].reduce((sum, file) => sum + (statSync(file, { throwIfNoEntry: false })?.size ?? 0), 0),
    get() {
      if (cache) return cache;
      throw error ?? new AppError('CACHE_CORRUPT', 'The sales cache is not available.');
    },
    close: async () => {
      closed = true;
      check.cancel();
      // The check's read-only connection lets go first: closed before it, this one could not fold the write-ahead log
      // back into the file and would leave it (and its index) beside it.
      await checked;
      cache?.close();
    },
  };
}

/** A check started once: at `soon()` (after the current task), after `withinMs`, or never when cancelled first. */
interface ScheduledCheck {
  /** Settles with the check's state, or null when it was cancelled before it started. */
  done: Promise<IntegrityState | null>;
  soon(): void;
  cancel(): void;
}

function scheduleCheck(needed: boolean, withinMs: number, run: () => Promise<IntegrityState>): ScheduledCheck {
  if (!needed) return { done: Promise.resolve(null), soon: () => undefined, cancel: () => undefined };
  let settle: (state: IntegrityState | null) => void = () => undefined;
  const done = new Promise<IntegrityState | null>((resolve) => (settle = resolve));
  let pending = true;
  const start = (): void => {
    if (!pending) return;
    pending = false;
    clearTimeout(timer);
    void run().then(settle);
  };
  const timer = setTimeout(start, withinMs);
  // A check not yet started never keeps the process alive.
  timer.unref();
  return {
    done,
    soon: () => {
      if (pending) setImmediate(start);
    },
    cancel: () => {
      if (!pending) return;
      pending = false;
      clearTimeout(timer);
      settle(null);
    },
  };
}
