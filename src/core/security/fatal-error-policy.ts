/**
 * What the main process does with an exception nobody caught (S16): after one, its state is
 * unknown, so it must not run on. The error is logged (the logger redacts every line), the cache
 * is closed so SQLite ends cleanly, the user is told in plain words, and the app restarts or
 * quits. A second crash soon after a restart only offers to quit, so a crash at start-up cannot
 * loop. A rejected promise nobody awaited is only logged: it leaves no half-run code behind.
 * Electron-free: the glue passes the cache, the dialog and the relaunch in.
 */
import type { Logger } from '../log';

/** The part of `process` the policy listens on. */
export interface ProcessEvents {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/** The command-line flag a crash restart adds, carrying the time of the crash in ms. */
export const RESTARTED_AFTER_CRASH_FLAG = '--restarted-after-crash';
/** A crash this soon after a crash restart quits instead of offering another restart. */
export const CRASH_LOOP_WINDOW_MS = 60_000;
/** How long closing the cache may take before the app goes on without it. */
export const CACHE_CLOSE_TIMEOUT_MS = 5_000;

/** What the dialog says. */
export interface FatalErrorNotice {
  title: string;
  message: string;
  detail: string;
  /** 'restart' is offered unless this is a crash loop; 'quit' always is. */
  choices: readonly ('restart' | 'quit')[];
}

/** What the policy needs from the app. */
export interface FatalErrorDeps {
  logger: Logger;
  /** Closes the sales cache (and anything else holding files open). */
  closeCache: () => Promise<void>;
  /** Shows the notice and resolves with the user's choice. */
  askUser: (notice: FatalErrorNotice) => Promise<'restart' | 'quit'>;
  /** Starts a new copy of the app with these arguments (the command line after the program), then ends this one. */
  relaunch: (args: string[]) => void;
  /** Ends the app with this exit code. */
  quit: (exitCode: number) => void;
  /** The command line the app started with, program first (its flags tell whether this is a crash restart). */
  argv: readonly string[];
  now?: () => number;
  cacheCloseTimeoutMs?: number;
}

/** The time of the crash that restarted this run, or null when it was started normally. */
export function restartedAfterCrashAt(argv: readonly string[]): number | null {
  const flag = argv.find((arg) => arg.startsWith(`${RESTARTED_AFTER_CRASH_FLAG}=`));
  const at = flag ? Number(flag.slice(RESTARTED_AFTER_CRASH_FLAG.length + 1)) : Number.NaN;
  return Number.isFinite(at) ? at : null;
}

/** The arguments of a crash restart: this run's own, with the crash time in place of an earlier one. */
export function restartArgs(argv: readonly string[], crashAt: number): string[] {
  return [
    ...argv.slice(1).filter((arg) => !arg.startsWith(`${RESTARTED_AFTER_CRASH_FLAG}=`)),
    `${RESTARTED_AFTER_CRASH_FLAG}=${crashAt}`,
  ];
}

/** The notice for a crash; without a restart choice when `canRestart` is false. */
export function fatalErrorNotice(canRestart: boolean): FatalErrorNotice {
  return {
    title: 'Commission Desk',
    message: canRestart
      ? 'Commission Desk ran into a problem and has to restart.'
      : 'Commission Desk ran into a problem again and has to close.',
    detail:
      `Your synced sales and settings are saved. ${canRestart ? 'Choose Restart to continue.' : 'Open the app again in a minute.'} ` +
      'If this keeps happening, send the log file from the app’s data folder with your report; it never contains your API secret.',
    choices: canRestart ? ['restart', 'quit'] : ['quit'],
  };
}

/** The first frames of the stack, enough to find the bug without filling the log. */
function shortStack(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined;
  return error.stack
    .split('\n')
    .slice(1, 9)
    .map((line) => line.trim())
    .join(' | ');
}

function asError(value: unknown): Error {
  return value instanceof Error
    ? value
    : new Error(typeof value === 'string' ? value : 'A value that is not an Error was thrown.');
}

/** Resolves when `work` settles or after `ms`, whichever comes first; true when it finished in time. */
async function within(work: Promise<void>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Builds the handler for an uncaught exception; it acts once, later errors are only logged. */
export function createFatalErrorHandler(deps: FatalErrorDeps): (error: unknown) => Promise<void> {
  const now = deps.now ?? Date.now;
  let handling = false;
  return async (error) => {
    if (handling) {
      deps.logger.error('main.uncaught-exception-while-closing', { error: asError(error), stack: shortStack(error) });
      return;
    }
    handling = true;
    deps.logger.error('main.uncaught-exception', { error: asError(error), stack: shortStack(error) });
    try {
      const closed = await within(deps.closeCache(), deps.cacheCloseTimeoutMs ?? CACHE_CLOSE_TIMEOUT_MS);
      if (!closed) deps.logger.warn('main.cache-close-timeout');
    } catch (closeError) {
      deps.logger.error('main.cache-close-failed', { error: asError(closeError) });
    }
    const crashAt = now();
    const previous = restartedAfterCrashAt(deps.argv);
    const canRestart = previous === null || crashAt - previous > CRASH_LOOP_WINDOW_MS;
    let choice: 'restart' | 'quit' = 'quit';
    try {
      choice = await deps.askUser(fatalErrorNotice(canRestart));
    } catch (dialogError) {
      deps.logger.error('main.crash-dialog-failed', { error: asError(dialogError) });
    }
    if (canRestart && choice === 'restart') {
      deps.logger.info('main.restarting-after-crash');
      deps.relaunch(restartArgs(deps.argv, crashAt));
    } else {
      deps.logger.info('main.quitting-after-crash');
      deps.quit(1);
    }
  };
}

/** Sends uncaught exceptions to `onFatal` and logs unhandled rejections. */
export function installFatalErrorGuards(
  target: ProcessEvents,
  onFatal: (error: unknown) => Promise<void>,
  logger: Logger,
): void {
  target.on('uncaughtException', (error) => {
    void onFatal(error);
  });
  target.on('unhandledRejection', (reason) => {
    logger.error('main.unhandled-rejection', { error: asError(reason), stack: shortStack(reason) });
  });
}
