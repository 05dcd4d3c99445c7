import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test-support/cache-kit';
import { createTestCore } from '../../../test-support/app-core-kit';
import { collectDiagnostics, formatProblem, type RuntimeFacts } from './diagnostics';
import { createLogger, createSilentLogger } from './logger';
import { createRotatingFileSink } from './rotating-file-sink';

const folders: { remove: () => void }[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) f.remove();
});

function setup() {
  const folder = tempFolder('diagnostics');
  folders.push(folder);
  const home = folder.dir;
  const sink = createRotatingFileSink({ directory: join(home, 'data', 'logs') });
  let secrets: () => readonly string[] = () => [];
  const logger = createLogger(
    (l) => sink.write(l),
    () => secrets(),
    undefined,
    { history: sink },
  );
  const { core } = createTestCore({ logger, cachePath: join(home, 'data', 'cache.sqlite') });
  secrets = () => core.session.secrets();
  const runtime: RuntimeFacts = {
    platform: 'linux',
    osRelease: '6.1.0',
    arch: 'x64',
    versions: { node: '22.20.0', v8: '13.0', electron: '45.4.1', chrome: '140.0' },
    homeDir: home,
  };
  return { core, logger, runtime, home };
}

describe('diagnostics', () => {
  it('tells versions, OS, cache file and size, session and sync state, and the log file', async () => {
    const { core, logger, runtime } = setup();
    core.session.startDemo();
    core.sync.start({ from: '2026-06-01', to: '2026-06-30' });
    await core.sync.idle();
    const text = collectDiagnostics(core, logger, runtime, new Date('2026-07-01T10:00:00Z'));
    expect(text).toContain('App version: 1.0.0-test');
    expect(text).toContain('OS: linux 6.1.0 (x64)');
    expect(text).toContain('Electron: 45.4.1 · Chromium: 140.0 · Node: 22.20.0');
    expect(text).toMatch(/Cache file: ~\/data\/cache\.sqlite/);
    expect(text).toMatch(/Cache size: \d+(\.\d)? (B|KB|MB)/);
    expect(text).toContain('Session: demo data');
    expect(text).toContain('Sync: last run completed');
    expect(text).toContain('Log file: ~/data/logs/main.log');
  });

  it('S7: lists the last problems from the log, without the secrets held now or the user’s home folder', () => {
    const { core, logger, runtime, home } = setup();
    core.session.startDemo();
    const [secret = '', key = ''] = core.session.secrets();
    logger.error('service.failed', { status: 500, path: join(home, 'somewhere') });
    logger.warn('sync.stopped', { code: 'NETWORK_OFFLINE' });
    const text = collectDiagnostics(core, logger, runtime);
    expect(text).toContain('error service.failed');
    expect(text).toContain('warn sync.stopped {"code":"NETWORK_OFFLINE"}');
    expect(text).not.toContain(home);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(key);
  });

  it('S7: a secret that reached the log before the app held it is removed when the text is built', () => {
    const { core, logger, runtime } = setup();
    core.session.startDemo();
    const [secret = ''] = core.session.secrets();
    const sink = logger.history;
    expect(sink).toBeDefined();
    // Simulate an old line written by a build that did not redact: the text is redacted again on the way out.
    createRotatingFileSink({ directory: join(sink?.filePath ?? '', '..') }).write(
      JSON.stringify({ time: 't', level: 'error', event: 'old', message: `x ${secret} y` }),
    );
    const text = collectDiagnostics(core, logger, runtime);
    expect(text).toContain('error old');
    expect(text).not.toContain(secret);
  });

  it('says when no log file is kept and when nothing went wrong', () => {
    const { core } = createTestCore();
    const text = collectDiagnostics(core, createSilentLogger());
    expect(text).toContain('Log file: not kept on disk');
    expect(text).toMatch(/warnings and errors \(oldest first\):\n {2}none/);
  });

  it('formats a log line as time, level, event and the other fields, and shortens a long one', () => {
    expect(formatProblem('{"time":"T","level":"error","event":"e","code":"X"}')).toBe('T error e {"code":"X"}');
    expect(formatProblem(`not json ${'z'.repeat(1000)}`)).toHaveLength(601);
  });
});
