/**
 * What the main process does with an error nobody caught: log it (redacted, like every line) and
 * keep running. Dying on a stray exception would help nobody: the sales cache is only written in
 * synchronous SQLite transactions, which either commit whole or roll back when they throw, so an
 * uncaught error can never leave a half-written page behind — but a process exit during a sync
 * would lose the work in flight and the user's window. The handlers are installed through a small
 * seam so a Node test can fire them, and a child-process test proves the real `process` keeps going.
 */
import type { Logger } from './logger';

/** The part of `process` the guard needs. */
export interface ProcessEvents {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/** Counts of what the guard caught, for tests and diagnostics. */
export interface CrashGuardStats {
  uncaughtExceptions: number;
  unhandledRejections: number;
}

/** Installs the two handlers on `target` (normally `process`). */
export function installCrashGuards(target: ProcessEvents, logger: Logger): CrashGuardStats {
  const stats: CrashGuardStats = { uncaughtExceptions: 0, unhandledRejections: 0 };
  target.on('uncaughtException', (error) => {
    stats.uncaughtExceptions += 1;
    logger.error('main.uncaught-exception', { error: asError(error), stack: shortStack(error) });
  });
  target.on('unhandledRejection', (reason) => {
    stats.unhandledRejections += 1;
    logger.error('main.unhandled-rejection', { error: asError(reason), stack: shortStack(reason) });
  });
  return stats;
}

/** Non-Error throwables (strings, objects) are wrapped so the log always shows a message. */
function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  return new Error(typeof value === 'string' ? value : `Non-error value thrown: ${Object.prototype.toString.call(value)}`);
}

/** The first frames of the stack, enough to find the bug without filling the log. */
function shortStack(value: unknown): string | undefined {
  return value instanceof Error && value.stack
    ? value.stack
        .split('\n')
        .slice(1, 9)
        .map((l) => l.trim())
        .join(' | ')
    : undefined;
}
