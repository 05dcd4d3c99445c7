/**
 * P4: the headless command as built (`out/cli/index.js`, vite.cli.config.ts) runs with plain `node`, away from the
 * repository: installed as npm lays a package out, with only the packages the bundle imports in its node_modules (the
 * two native ones), no tsx and no sources reachable — and each run fenced by Node's permission model so it cannot read
 * a file of the repository even by a path written into the bundle. Help, the `commission-desk` bin, a demo sync and
 * export, --json, exit codes, and an account in the OS keychain against the HTTPS fake service.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, symlinkSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeService, type FakeService } from '../../e2e/fake-service/fake-service';
import { PROJECT_ROOT } from '../../test-support/built-app';
import {
  bundleText,
  fencedNodeOptions,
  importedPackages,
  installBuiltCli,
  plainEnv,
  runBuiltCli,
  runIn,
  type InstalledCli,
} from '../../test-support/built-cli';
import { messagesOf, progressOf, runCliInMemory } from '../../test-support/cli-kit';
import { auditWorkbook } from '../../test-support/export-kit';
import { EXIT_CODES } from './cli-errors';

/** The packages the build leaves out of the bundle (vite.cli.config.ts): their compiled binaries load from node_modules. */
const NATIVE = ['better-sqlite3', 'keytar'];
const SERVICE = `Commission Desk (cli bundle test ${randomUUID()})`;
const manifest = z
  .object({ version: z.string(), bin: z.record(z.string(), z.string()) })
  .parse(JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')));

let cli: InstalledCli;
const data = (): string[] => ['--data-dir', join(cli.work, 'data')];

beforeAll(() => {
  cli = installBuiltCli(NATIVE);
}, 180_000);
afterAll(async () => {
  for (const entry of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, entry.account);
  cli?.remove();
});

describe('P4: the built command, installed without tsx or the sources', () => {
  it('P4: everything but the native modules is inside the bundle, and neither tsx nor the sources can be reached from it', () => {
    const text = bundleText(cli);
    expect(importedPackages(text)).toEqual(NATIVE);
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(manifest.bin).toEqual({ 'commission-desk': 'out/cli/index.js' });
    const resolveFrom = createRequire(cli.entry);
    for (const name of ['tsx', 'zod', 'exceljs', 'conf', 'vite'])
      expect(() => resolveFrom.resolve(name), name).toThrow(/Cannot find module/);
    // Found through the links the installed folder holds, which lead to the packages' real folders.
    for (const name of NATIVE) expect(resolveFrom.resolve(name)).toContain(join(PROJECT_ROOT, 'node_modules', name));
    // The fence holds: under the same options, a file of the repository cannot be read, nor tsx found.
    const probe = (code: string): string => {
      try {
        return execFileSync(process.execPath, [...fencedNodeOptions(cli), '-e', code], {
          cwd: cli.root,
          env: plainEnv(),
          stdio: 'pipe',
        }).toString();
      } catch (error) {
        return String((error as { stderr?: Buffer }).stderr ?? error);
      }
    };
    expect(probe(`require('fs').readFileSync(${JSON.stringify(join(PROJECT_ROOT, 'src/cli/main.ts'))})`)).toContain(
      'ERR_ACCESS_DENIED',
    );
    expect(
      probe(`require('fs').readFileSync(${JSON.stringify(join(PROJECT_ROOT, 'node_modules/tsx/package.json'))})`),
    ).toContain('ERR_ACCESS_DENIED');
    expect(probe(`require.resolve('tsx')`)).toContain('MODULE_NOT_FOUND');
    expect(
      probe(`process.stdout.write(require('fs').readFileSync('package.json', 'utf8').length > 0 ? 'readable' : '')`),
    ).toBe('readable');
  });

  it('P4: node out/cli/index.js --help lists the commands and the ways to run them; no command is a usage error (exit 2)', async () => {
    const help = await runBuiltCli(cli, ['--help']);
    expect(help.code).toBe(EXIT_CODES.ok);
    expect(help.stdout).toContain('Usage: node out/cli/index.js <command> [options]');
    for (const command of ['accounts list', 'accounts add', 'sync', 'export', 'payouts', 'summary'])
      expect(help.stdout).toContain(`  ${command} `);
    expect(help.stdout).toMatch(/commission-desk --cli <command> …\s+the installed app, without opening a window/);
    expect(help.stderr).toBe('');
    const exportHelp = await runBuiltCli(cli, ['export', '--help']);
    expect(exportHelp.code).toBe(EXIT_CODES.ok);
    expect(exportHelp.stdout).toContain('Usage: node out/cli/index.js export --account');
    expect(exportHelp.stdout).toContain('--json');
    const none = await runBuiltCli(cli, []);
    expect(none.code).toBe(EXIT_CODES.usage);
    expect(none.stdout).toContain('Usage: node out/cli/index.js <command>');
    const unknown = await runBuiltCli(cli, ['frobnicate']);
    expect(unknown.code).toBe(EXIT_CODES.usage);
    expect(unknown.stderr).toContain('Run "node out/cli/index.js --help"');
  }, 60_000);

  it.skipIf(process.platform === 'win32')(
    'P4: the commission-desk bin runs the bundle as a program (its shebang) and names itself in the help',
    async () => {
      const bin = join(cli.work, 'bin');
      mkdirSync(bin, { recursive: true });
      symlinkSync(cli.entry, join(bin, 'commission-desk'));
      const env = plainEnv({ PATH: `${bin}:${dirname(process.execPath)}:/usr/bin:/bin` });
      const help = await runIn(cli, 'commission-desk', ['--help'], { env });
      expect(help.code).toBe(EXIT_CODES.ok);
      expect(help.stdout).toContain('Usage: commission-desk <command> [options]');
      expect(help.stderr).toBe('');
    },
    60_000,
  );

  it('P4: a demo sync and an export run from the bundle: the workbook is sound, says the app’s version, and the CSV equals the sources’ own', async () => {
    const sync = await runBuiltCli(cli, ['sync', '--account', 'demo', '--month', '2026-01', ...data()]);
    expect(sync.code).toBe(EXIT_CODES.ok);
    expect(sync.stdout).toMatch(/^Synced 2026-01-01 to 2026-01-31 for "Demo data": [1-9][\d,]* sales fetched/);
    // No warning of any kind (a bundled package's deprecation included): only the progress lines.
    expect(messagesOf(sync.stderr)).toBe('');
    expect(progressOf(sync.stderr)).toMatchObject({
      labels: ['Syncing 2026-01-01 to 2026-01-31'],
      shares: expect.arrayContaining([100]),
    });

    const xlsx = join(cli.work, 'january.xlsx');
    const exported = await runBuiltCli(cli, [
      'export',
      '--account',
      'demo',
      '--month',
      '2026-01',
      '--out',
      xlsx,
      ...data(),
    ]);
    expect(exported.code).toBe(EXIT_CODES.ok);
    expect(exported.stdout).toMatch(/^Wrote [1-9][\d,]* sales to .*january\.xlsx\n/);
    expect(messagesOf(exported.stderr)).toBe('');
    const audit = await auditWorkbook(xlsx);
    expect(audit.strayFormulas).toEqual([]);
    for (const f of audit.formulas) expect(f.result).toBeCloseTo(f.evaluated, 9);
    const about = new Map<string, unknown>();
    audit.about.eachRow((row) => about.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(about.get('Generated by')).toBe(`Commission Desk ${manifest.version}`);

    const builtCsv = join(cli.work, 'january.csv');
    expect(
      (await runBuiltCli(cli, ['export', '--account', 'demo', '--month', '2026-01', '--out', builtCsv, ...data()]))
        .code,
    ).toBe(EXIT_CODES.ok);
    const sourceData = ['--data-dir', join(cli.work, 'source-data')];
    const sourceCsv = join(cli.work, 'january-source.csv');
    expect((await runCliInMemory(['sync', '--account', 'demo', '--month', '2026-01', ...sourceData])).code).toBe(
      EXIT_CODES.ok,
    );
    expect(
      (await runCliInMemory(['export', '--account', 'demo', '--month', '2026-01', '--out', sourceCsv, ...sourceData]))
        .code,
    ).toBe(EXIT_CODES.ok);
    expect(readFileSync(builtCsv, 'utf8')).toBe(readFileSync(sourceCsv, 'utf8'));
  }, 120_000);

  it('P4: --json from the bundle is JSON lines ending with the result; failures end with their exit code', async () => {
    const run = await runBuiltCli(cli, ['sync', '--account', 'demo', '--month', '2026-02', '--json', ...data()]);
    expect(run.code).toBe(EXIT_CODES.ok);
    expect(run.stderr).toBe('');
    const events = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string });
    expect(events.slice(0, -1).every((e) => e.event === 'progress')).toBe(true);
    expect(events.at(-1)).toMatchObject({
      event: 'result',
      command: 'sync',
      kind: 'period',
      from: '2026-02-01',
      to: '2026-02-28',
    });

    const missing = await runBuiltCli(cli, [
      'export',
      '--account',
      'demo',
      '--month',
      '2026-02',
      '--out',
      join(cli.work, 'no-such-folder', 'x.csv'),
      ...data(),
    ]);
    expect(missing.code).toBe(EXIT_CODES.export);
    expect(messagesOf(missing.stderr)).toMatch(/^Error: .*does not exist/);
    const unknownAccount = await runBuiltCli(cli, ['sync', '--account', 'Nope', '--json', ...data()]);
    expect(unknownAccount.code).toBe(EXIT_CODES.account);
    expect(JSON.parse(unknownAccount.stdout)).toMatchObject({ event: 'error', exitCode: EXIT_CODES.account });
  }, 60_000);

  describe('with an account on the HTTPS fake service', () => {
    let fake: FakeService;
    beforeAll(async () => {
      fake = await startFakeService({ sales: { count: 80, endDay: '2026-03-31', days: 40, seed: 5 } });
    }, 60_000);
    afterAll(async () => {
      await fake?.close();
    });

    it('P4: accounts add stores the secret in the OS keychain through the bundle’s keytar; sync fetches over TLS; accounts remove deletes it', async () => {
      const shared = ['--keychain-service', SERVICE, '--ca-file', fake.caPemPath, ...data()];
      // Adding and removing an account saves the settings, which the permission fence forbids (fsync): these runs are
      // plain node in the installed folder, where tsx and the sources cannot be found either (first test).
      const plain = { fenced: false };
      const add = [
        'accounts',
        'add',
        '--label',
        'Shop',
        '--base-url',
        fake.baseUrl,
        '--app-id',
        fake.credentials.appId,
        '--api-key-stdin',
      ];
      const added = await runBuiltCli(cli, [...add, ...shared], {
        stdin: `${fake.credentials.apiKey}\n${fake.credentials.apiSecret}\n`,
        ...plain,
      });
      expect(added.code, added.stderr).toBe(EXIT_CODES.ok);
      expect(added.stdout).toContain('Added "Shop"');
      expect(await keytar.findCredentials(SERVICE)).toHaveLength(1);
      const listed = await runBuiltCli(cli, ['accounts', 'list', '--json', ...shared], plain);
      expect(JSON.parse(listed.stdout)).toMatchObject([{ label: 'Shop', remembered: true }]);
      const synced = await runBuiltCli(cli, ['sync', '--account', 'Shop', '--month', '2026-03', ...shared], plain);
      expect(synced.code, synced.stderr).toBe(EXIT_CODES.ok);
      expect(messagesOf(synced.stderr)).toBe('');
      expect(synced.stdout).toMatch(/^Synced 2026-03-01 to 2026-03-31 for "Shop": [1-9][\d,]* sales fetched/);
      for (const run of [added, listed, synced])
        expect(run.stdout + run.stderr).not.toContain(fake.credentials.apiSecret);
      const removed = await runBuiltCli(cli, ['accounts', 'remove', 'Shop', ...shared], plain);
      expect(removed.code, removed.stderr).toBe(EXIT_CODES.ok);
      expect(await keytar.findCredentials(SERVICE)).toEqual([]);
    }, 120_000);
  });
});
