import { describe, expect, it } from 'vitest';
import { runCliInMemory } from '../../test-support/cli-kit';
import { findCommand, hasPeriod, parseCommand, resolvePeriod } from './cli-args';
import { CliError, EXIT_CODES } from './cli-errors';

function usage(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT_CODES.usage);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('command line arguments', () => {
  it('finds commands and subcommands, and nothing else', () => {
    expect(findCommand(['accounts', 'add', '--label', 'x'])).toEqual({ name: 'accounts add', rest: ['--label', 'x'] });
    expect(findCommand(['export', '--out', 'a.xlsx'])).toEqual({ name: 'export', rest: ['--out', 'a.xlsx'] });
    expect(findCommand(['accounts'])).toBeNull();
    expect(findCommand(['accounts', 'drop'])).toBeNull();
    expect(findCommand(['list'])).toBeNull();
  });

  it('periods: a month, the last or this month, or from/to in order', () => {
    expect(resolvePeriod({ month: '2024-02' }, '2026-03-15', 'sync')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(resolvePeriod({ month: 'last' }, '2026-01-10', 'sync')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(resolvePeriod({ month: 'this' }, '2026-01-10', 'sync')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(usage(() => resolvePeriod({ month: '2026-01', from: '2026-01-01' }, '2026-01-10', 'sync'))).toContain(
      'not both',
    );
    expect(usage(() => resolvePeriod({ from: '2026-01-02', to: '2026-01-01' }, '2026-01-10', 'sync'))).toContain(
      'before the start date',
    );
    expect(usage(() => resolvePeriod({ from: '2026-01-02' }, '2026-01-10', 'sync'))).toContain('--from and --to');
  });

  it('checks options with zod and names the one at fault', () => {
    expect(
      usage(() =>
        parseCommand('export', ['--account', 'x', '--month', '2026-01', '--preset', 'monthly', '--out', 'a.xlsx']),
      ),
    ).toContain('--preset');
    expect(usage(() => parseCommand('export', ['--account', 'x', '--month', '2026-01']))).toContain('--out');
    expect(
      usage(() => parseCommand('sync', ['--account', 'x', '--from', '31-01-2026', '--to', '2026-02-01'])),
    ).toContain('--from must be a real day');
    expect(usage(() => parseCommand('accounts remove', ['a', 'b']))).toContain('Unexpected argument "b"');
    expect(usage(() => parseCommand('sync', ['--acount', 'x']))).toContain("Unknown option '--acount'");
    expect(parseCommand('accounts remove', ['Main shop', '--keep-cached-sales', '--data-dir', '/tmp/x'])).toEqual({
      help: false,
      globals: { 'data-dir': '/tmp/x' },
      options: { label: 'Main shop', 'keep-cached-sales': true },
    });
    expect(parseCommand('sync', ['-h'])).toEqual({ help: true });
  });

  it('T1: sync takes no period (the routine sync), or a period with an optional --refresh (T4)', () => {
    const routine = parseCommand('sync', ['--account', 'Main shop']);
    expect(routine).toEqual({ help: false, globals: {}, options: { account: 'Main shop' } });
    expect(hasPeriod(routine.help ? {} : routine.options)).toBe(false);
    const refresh = parseCommand('sync', ['--account', 'Main shop', '--month', '2026-02', '--refresh']);
    expect(refresh).toEqual({
      help: false,
      globals: {},
      options: { account: 'Main shop', month: '2026-02', refresh: true },
    });
    expect(hasPeriod({ from: '2026-01-01' })).toBe(true);
    expect(usage(() => parseCommand('sync', []))).toContain('--account is required');
  });

  it('T5: export takes --include-no-longer-reported as a flag', () => {
    const parsed = parseCommand('export', [
      '--account',
      'x',
      '--month',
      '2026-01',
      '--include-no-longer-reported',
      '--out',
      'a.csv',
    ]);
    expect(parsed).toMatchObject({ help: false, options: { 'include-no-longer-reported': true } });
    expect(
      usage(() =>
        parseCommand('export', [
          '--account',
          'x',
          '--month',
          '2026-01',
          '--include-no-longer-reported=yes',
          '--out',
          'a.csv',
        ]),
      ),
    ).toContain('include-no-longer-reported');
  });

  it('never takes the API secret as an argument, and does not repeat it', () => {
    const message = usage(() => parseCommand('accounts add', ['--label', 'x', '--api-secret', 'hunter2']));
    expect(message).toContain('never taken as an argument');
    expect(message).not.toContain('hunter2');
    expect(usage(() => parseCommand('accounts add', ['--api-secret=hunter2']))).not.toContain('hunter2');
  });
});

describe('the version', () => {
  it("--version prints the app's version and exits 0; so do -v and version", async () => {
    for (const flag of ['--version', '-v', 'version']) {
      const run = await runCliInMemory([flag]);
      expect(run.code).toBe(EXIT_CODES.ok);
      expect(run.stdout).toBe('Commission Desk 0.0.0-test\n');
      expect(run.stderr).toBe('');
    }
    expect((await runCliInMemory(['--help'])).stdout).toContain('--version');
  });
});
