/**
 * The app's `--cli` switch: the arguments it takes, the program its help names, the app's data folder and keychain
 * entry as defaults; and P4 for the installed app, through the built main bundle (out/main/index.js) against the typed
 * Electron stand-in: started with `--cli`, it answers the command on stdout and stderr, opens no window, takes no lock,
 * registers nothing, never waits for `ready`, and ends with the command's exit code.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../test-support/built-app';
import { messagesOf, progressOf } from '../../test-support/cli-kit';
import { loadMainBundle, resetElectronStandIn, type StandInRecord } from '../../test-support/electron-stand-in';
import { auditWorkbook } from '../../test-support/export-kit';
import { parseCommand } from '../cli/cli-args';
import { EXIT_CODES } from '../cli/cli-errors';
import { KEYCHAIN_SERVICE } from '../core/keychain';
import { cliProgram, cliSwitchArgs, withAppDefaults } from './cli-switch';

describe('the --cli switch', () => {
  it('takes everything after --cli as the command, leaving Electron’s switches before it; without it the app starts as usual', () => {
    expect(cliSwitchArgs(['/opt/Commission Desk/commission-desk'])).toBeNull();
    expect(
      cliSwitchArgs(['/opt/Commission Desk/commission-desk', '--ozone-platform=headless', '--disable-gpu']),
    ).toBeNull();
    expect(
      cliSwitchArgs([
        '/opt/Commission Desk/commission-desk',
        '--ozone-platform=headless',
        '--cli',
        'sync',
        '--account',
        'Shop',
      ]),
    ).toEqual(['sync', '--account', 'Shop']);
    expect(cliSwitchArgs(['electron', '.', '--cli'])).toEqual([]);
  });

  it('names the program as the person runs it on each system, so hints can be pasted', () => {
    expect(cliProgram('/opt/Commission Desk/commission-desk', true, 'linux')).toBe('commission-desk --cli');
    expect(cliProgram('C:\\Program Files\\Commission Desk\\Commission Desk.exe', true, 'win32')).toBe(
      '"Commission Desk.exe" --cli',
    );
    expect(cliProgram('/Applications/Commission Desk.app/Contents/MacOS/Commission Desk', true, 'darwin')).toBe(
      '"/Applications/Commission Desk.app/Contents/MacOS/Commission Desk" --cli',
    );
    expect(cliProgram('/repo/node_modules/electron/dist/electron', false, 'linux')).toBe('npx electron . --cli');
  });

  it('gives the command the app’s data folder and keychain entry, unless the person names others', () => {
    const defaults = { dataDir: '/home/ann/.config/Commission Desk', keychainService: KEYCHAIN_SERVICE.production };
    const own = ['--data-dir', defaults.dataDir, '--keychain-service', defaults.keychainService];
    expect(withAppDefaults(['export', '--account', 'demo', '--month', 'last', '--out', 'a.xlsx'], defaults)).toEqual([
      'export',
      ...own,
      '--account',
      'demo',
      '--month',
      'last',
      '--out',
      'a.xlsx',
    ]);
    expect(withAppDefaults(['accounts', 'list', '--json'], defaults)).toEqual(['accounts', 'list', ...own, '--json']);
    for (const args of [[], ['--help'], ['frobnicate', '--x']]) expect(withAppDefaults(args, defaults)).toEqual(args);
    const chosen = parseCommand(
      'summary',
      withAppDefaults(['summary', '--account', 'demo', '--month', 'last', '--data-dir', '/elsewhere'], defaults).slice(
        1,
      ),
    );
    expect(chosen).toMatchObject({
      help: false,
      globals: { 'data-dir': '/elsewhere', 'keychain-service': KEYCHAIN_SERVICE.production },
    });
  });
});

/** What a run of the built app with `--cli` wrote and did. */
interface SwitchRun {
  record: StandInRecord;
  code: number | undefined;
  stdout: string;
  stderr: string;
}

/** Replaces the writes of stdout and stderr while the bundle runs its command; `restore` puts them back. */
function captureStreams(): { stdout: () => string; stderr: () => string; restore: () => void } {
  const text = { stdout: '', stderr: '' };
  const originals = { stdout: process.stdout.write, stderr: process.stderr.write };
  for (const name of ['stdout', 'stderr'] as const) {
    const write = (chunk: string | Uint8Array, encoding?: unknown, callback?: unknown): boolean => {
      text[name] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    };
    process[name].write = write as typeof process.stdout.write;
  }
  return {
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    restore: () => {
      process.stdout.write = originals.stdout;
      process.stderr.write = originals.stderr;
    },
  };
}

type ProcessEvent = 'uncaughtException' | 'unhandledRejection' | 'SIGINT' | 'SIGTERM';
const EVENTS: ProcessEvent[] = ['uncaughtException', 'unhandledRejection', 'SIGINT', 'SIGTERM'];
const listenersOf = (event: ProcessEvent): unknown[] => process.listeners(event as 'SIGINT');

describe('P4: the installed app answers the headless command on its own command line', () => {
  let built: BuiltApp;
  let bundle: string;
  let userData: string;
  let outDir: string;

  beforeAll(async () => {
    built = buildApp('cli-switch-test');
    bundle = join(built.root, 'out/main/index.js');
    userData = await mkdtemp(join(tmpdir(), 'cli-switch-user-'));
    outDir = await mkdtemp(join(tmpdir(), 'cli-switch-out-'));
  }, 180_000);
  afterAll(async () => {
    built?.remove();
    for (const dir of [userData, outDir]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  /**
   * Starts the built app as `/opt/Commission Desk/commission-desk --cli <args>` (packaged) and waits for it to end;
   * `ready` is never released, so nothing in the run may wait for it. Listeners the run left on the process go with it.
   */
  async function runApp(args: string[]): Promise<SwitchRun> {
    let code: number | undefined;
    const record = resetElectronStandIn({ isPackaged: true, userData, onExit: (exitCode) => (code = exitCode) });
    const before = new Map(EVENTS.map((event) => [event, listenersOf(event)]));
    const saved = { argv: process.argv, execPath: process.execPath };
    const streams = captureStreams();
    try {
      process.argv = ['/opt/Commission Desk/commission-desk', '--ozone-platform=headless', '--cli', ...args];
      process.execPath = '/opt/Commission Desk/commission-desk';
      await loadMainBundle(bundle);
      process.argv = saved.argv;
      process.execPath = saved.execPath;
      for (let waited = 0; code === undefined; waited += 20) {
        if (waited > 60_000) throw new Error('the app did not end');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      streams.restore();
      process.argv = saved.argv;
      process.execPath = saved.execPath;
      for (const event of EVENTS) {
        for (const listener of listenersOf(event)) {
          if (!before.get(event)?.includes(listener)) process.off(event as 'SIGINT', listener as () => void);
        }
      }
    }
    return { record, code, stdout: streams.stdout(), stderr: streams.stderr() };
  }

  /** Nothing of the desktop app started: no window, no lock, no handler, no menu, no session touched; `ready` never came. */
  function expectNoDesktop(run: SwitchRun): void {
    expect(run.record.windows).toEqual([]);
    expect(run.record.singleInstanceLockRequests).toBe(0);
    expect([...run.record.ipcHandlers.keys()]).toEqual([]);
    expect([...run.record.protocolHandlers.keys()]).toEqual([]);
    expect(run.record.applicationMenus).toEqual([]);
    expect(run.record.sessionCalls).toEqual([]);
    expect(run.record.errorBoxes).toEqual([]);
    expect(run.record.messageBoxes).toEqual([]);
    expect(run.record.steps).not.toContain('ready');
    expect(run.record.exits).toEqual([run.code]);
  }

  it('P4: --cli --help prints the help naming the app’s own command line and that no window opens; exit code 0', async () => {
    const run = await runApp(['--help']);
    expect(run.code).toBe(EXIT_CODES.ok);
    expect(run.stdout).toContain('Usage: commission-desk --cli <command> [options]');
    expect(run.stdout).toMatch(/commission-desk --cli <command> …\s+the installed app, without opening a window/);
    expect(run.stdout).toContain(
      'Run "commission-desk --cli <command> --help" for a command\'s options, "commission-desk --cli --version" for the app\'s version.',
    );
    expect(run.stderr).toBe('');
    expectNoDesktop(run);
  }, 60_000);

  it('P4: --cli sync and export of the demo data work in the app’s data folder with the app’s version; progress on stderr; exit code 0', async () => {
    const sync = await runApp(['sync', '--account', 'demo', '--month', '2026-01']);
    expect(sync.code).toBe(EXIT_CODES.ok);
    expect(sync.stdout).toMatch(/^Synced 2026-01-01 to 2026-01-31 for "Demo data": [1-9][\d,]* sales fetched/);
    expect(messagesOf(sync.stderr)).toBe('');
    expect(progressOf(sync.stderr)).toMatchObject({
      labels: ['Syncing 2026-01-01 to 2026-01-31'],
      shares: expect.arrayContaining([100]),
    });
    expectNoDesktop(sync);
    // No --data-dir was given: the command used the app's own folder.
    expect(existsSync(join(userData, 'cache.sqlite'))).toBe(true);

    const out = join(outDir, 'january.xlsx');
    const exported = await runApp([
      'export',
      '--account',
      'demo',
      '--month',
      '2026-01',
      '--preset',
      'all',
      '--out',
      out,
    ]);
    expect(exported.code).toBe(EXIT_CODES.ok);
    const rows = /^Wrote ([\d,]+) sales to (.+)\n/.exec(exported.stdout);
    expect(rows?.[2]).toBe(out);
    expect(messagesOf(exported.stderr)).toBe('');
    expectNoDesktop(exported);
    const audit = await auditWorkbook(out);
    expect(audit.sales.actualRowCount - 1).toBe(Number(rows?.[1]?.replaceAll(',', '')));
    for (const f of audit.formulas) expect(f.result).toBeCloseTo(f.evaluated, 9);
    const about = new Map<string, unknown>();
    audit.about.eachRow((row) => about.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(about.get('Generated by')).toBe('Commission Desk 0.0.0-stand-in');
  }, 120_000);

  it('P4: a failing command ends the app with its exit code and a hint naming the app’s command line; JSON lines end with the error', async () => {
    const unknown = await runApp(['export', '--account', 'Nope', '--month', '2026-01', '--out', join(outDir, 'x.csv')]);
    expect(unknown.code).toBe(EXIT_CODES.account);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('Error: No account is labelled "Nope"');
    expect(unknown.stderr).toContain('Run "commission-desk --cli accounts list" to see the accounts.');
    expectNoDesktop(unknown);

    const usage = await runApp(['sync', '--account', 'demo', '--month', '2026-13', '--json']);
    expect(usage.code).toBe(EXIT_CODES.usage);
    expect(JSON.parse(usage.stdout)).toMatchObject({
      event: 'error',
      exitCode: EXIT_CODES.usage,
      hint: 'Run "commission-desk --cli sync --help" for the options.',
    });
    expectNoDesktop(usage);
  }, 60_000);
});
