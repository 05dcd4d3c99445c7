/**
 * The cache's failures as {@link AppError}s, so the IPC edge can show a sentence instead of a SQLite code.
 */
import { AppError } from '../../shared/errors';

/**
 * A cache file written by a newer version of the app (D3): code `CACHE_TOO_NEW`, so the UI can say "update
 * the app" rather than "the file is damaged". The file is never migrated down or overwritten.
 */
export class CacheTooNewError extends AppError {
  readonly reason = 'too-new';
  readonly fileVersion: number;
  readonly appVersion: number;

  constructor(path: string, fileVersion: number, appVersion: number) {
    super(
      'CACHE_TOO_NEW',
      `The sales cache at ${path} was written by a newer version of Commission Desk (cache format ${fileVersion}; ` +
        `this version reads up to ${appVersion}). Update the app to use it. The file was left unchanged.`,
    );
    this.name = 'CacheTooNewError';
    this.fileVersion = fileVersion;
    this.appVersion = appVersion;
  }
}

const CORRUPTION_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_VTAB']);

/** True when `error` is SQLite saying the file is damaged or not a database at all. */
export function isCorruptionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (CORRUPTION_CODES.has(code) || code.startsWith('SQLITE_CORRUPT'));
}

/**
 * Runs `work` and turns a corruption found mid-session into a `CACHE_CORRUPT` AppError with an action to take:
 * quick_check at open does not read every page, so damage can still surface later.
 */
export function guardCorruption<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (isCorruptionError(error)) {
      throw new AppError(
        'CACHE_CORRUPT',
        'The sales cache is damaged. Restart Commission Desk: it will set the damaged file aside and build a fresh cache from the service.',
        { cause: error },
      );
    }
    throw error;
  }
}

/** `store` with each of its methods run through {@link guardCorruption}. */
export function guardedStore<T extends object>(store: T): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(store)) {
    guarded[name] =
      typeof member === 'function'
        ? (...args: unknown[]) => guardCorruption(() => (member as (...a: unknown[]) => unknown).apply(store, args))
        : member;
  }
  return guarded as T;
}

/** An argument the cache refuses (bad day, unknown account id): a programming or IPC input error, never data loss. */
export function invalidInput(message: string): AppError {
  return new AppError('INVALID_INPUT', message);
}
