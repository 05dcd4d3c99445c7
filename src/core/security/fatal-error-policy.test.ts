import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log';
import {
  CRASH_LOOP_WINDOW_MS,
  createFatalErrorHandler,
  type FatalErrorDeps,
  type FatalErrorNotice,
  installFatalErrorGuards,
  RESTARTED_AFTER_CRASH_FLAG,
  restartedAfterCrashAt,
} from './fatal-error-policy';

const SECRET = 'sk_live_CANARY_0123456789';
const NOW = 1_800_000_000_000;

/** A crash handler whose every effect is recorded in order. */
function harness(overrides: Partial<FatalErrorDeps> = {}) {
  const steps: string[] = [];
  const lines: string[] = [];
  const notices: FatalErrorNotice[] = [];
  const relaunched: string[][] = [];
  const logger = createLogger(
    (line) => {
      lines.push(line);
      steps.push(`log:${(JSON.parse(line) as { event: string }).event}`);
    },
    () => [SECRET],
  );
  const handle = createFatalErrorHandler({
    logger,
    closeCache: async () => {
      steps.push('close-cache');
    },
    askUser: async (notice) => {
      notices.push(notice);
      steps.push('ask');
      return 'restart';
    },
    relaunch: (args) => {
      relaunched.push(args);
      steps.push('relaunch');
    },
    quit: (code) => steps.push(`quit:${code}`),
    argv: ['/opt/Commission Desk/commission-desk', '--some-switch'],
    now: () => NOW,
    ...overrides,
  });
  return { handle, steps, lines, notices, relaunched };
}

describe('what an uncaught exception in main does', () => {
  it('S16: logs it redacted, closes the cache, tells the user, then restarts with the crash time', async () => {
    const { handle, steps, lines, notices, relaunched } = harness();
    await handle(new Error(`sync failed with api-secret ${SECRET}`));
    expect(steps).toEqual([
      'log:main.uncaught-exception',
      'close-cache',
      'ask',
      'log:main.restarting-after-crash',
      'relaunch',
    ]);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines[0]).toContain('[redacted]');
    expect(notices[0]).toMatchObject({
      choices: ['restart', 'quit'],
      message: 'Commission Desk ran into a problem and has to restart.',
    });
    expect(notices[0]?.detail).toMatch(/sales and settings are saved/);
    expect(relaunched).toEqual([['--some-switch', `${RESTARTED_AFTER_CRASH_FLAG}=${NOW}`]]);
  });

  it('S16: the user may quit instead; the app then ends with a failure code', async () => {
    const { handle, steps } = harness({ askUser: async () => 'quit' });
    await handle('a string was thrown');
    expect(steps.at(-1)).toBe('quit:1');
    expect(steps).not.toContain('relaunch');
  });

  it('S16: a second crash within a minute of a crash restart only offers to quit, so start-up cannot loop', async () => {
    const argv = ['/app', `${RESTARTED_AFTER_CRASH_FLAG}=${NOW - 5_000}`];
    const { handle, steps, notices } = harness({ argv });
    await handle(new Error('again'));
    expect(notices[0]?.choices).toEqual(['quit']);
    expect(steps.at(-1)).toBe('quit:1');
    const later = harness({ argv: ['/app', `${RESTARTED_AFTER_CRASH_FLAG}=${NOW - CRASH_LOOP_WINDOW_MS - 1}`] });
    await later.handle(new Error('much later'));
    expect(later.relaunched[0]).toEqual([`${RESTARTED_AFTER_CRASH_FLAG}=${NOW}`]);
  });

  it('S16: a cache that will not close, or fails to, does not stop the user being told and the app ending', async () => {
    const stuck = harness({ closeCache: () => new Promise<void>(() => undefined), cacheCloseTimeoutMs: 20 });
    await stuck.handle(new Error('boom'));
    expect(stuck.steps).toEqual([
      'log:main.uncaught-exception',
      'log:main.cache-close-timeout',
      'ask',
      'log:main.restarting-after-crash',
      'relaunch',
    ]);
    const failing = harness({
      closeCache: async () => Promise.reject(new Error('SQLITE_BUSY')),
      askUser: async () => Promise.reject(new Error('no display')),
    });
    await failing.handle(new Error('boom'));
    expect(failing.steps).toEqual([
      'log:main.uncaught-exception',
      'log:main.cache-close-failed',
      'log:main.crash-dialog-failed',
      'log:main.quitting-after-crash',
      'quit:1',
    ]);
  });

  it('S16: errors thrown while it is closing are logged, not handled twice', async () => {
    const { handle, steps } = harness();
    await Promise.all([handle(new Error('first')), handle(new Error('second'))]);
    expect(steps.filter((s) => s === 'ask')).toHaveLength(1);
    expect(steps).toContain('log:main.uncaught-exception-while-closing');
  });

  it('S16: on a process, an uncaught exception goes to the handler and an unhandled rejection is only logged', async () => {
    const target = new EventEmitter();
    const fatal: unknown[] = [];
    const lines: string[] = [];
    installFatalErrorGuards(
      target,
      async (error) => {
        fatal.push(error);
      },
      createLogger(
        (line) => lines.push(line),
        () => [],
      ),
    );
    target.emit('unhandledRejection', new Error('late'));
    expect(fatal).toEqual([]);
    expect(lines[0]).toContain('main.unhandled-rejection');
    const error = new Error('uncaught');
    target.emit('uncaughtException', error);
    expect(fatal).toEqual([error]);
  });

  it('S16: only a well-formed restart flag counts as a crash restart', () => {
    expect(restartedAfterCrashAt(['/app'])).toBeNull();
    expect(restartedAfterCrashAt(['/app', `${RESTARTED_AFTER_CRASH_FLAG}=soon`])).toBeNull();
    expect(restartedAfterCrashAt(['/app', `${RESTARTED_AFTER_CRASH_FLAG}=12`])).toBe(12);
  });
});
