/**
 * R10: the app and scheduled commands share one data folder, so two processes may sync at the same time. Real
 * processes (the command through tsx) against two HTTPS fake services, one per account, and the app's core in this
 * process on the same settings, keychain and cache.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../e2e/fake-service/fake-service';
import { tempFolder } from '../../test-support/cache-kit';
import { messagesOf, runCliProcess, type CliRun, type CliRunOptions } from '../../test-support/cli-kit';
import { createTestCore } from '../../test-support/app-core-kit';
import type { AppCore } from '../core/app';
import { createKeytarSecretStore } from '../core/keychain';
import { createNodeFetch } from '../core/service';
import { createConfSettingsStore } from '../core/settings';
import { serviceDayToIso } from '../shared/dates';
import { EXIT_CODES } from './cli-errors';

const SERVICE = `Commission Desk (sync lease test ${randomUUID()})`;

let shopA: FakeService;
let shopB: FakeService;
let folder: ReturnType<typeof tempFolder>;
let dataDir: string;
let core: AppCore;
const ids = { a: '', b: '' };

function cli(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  const shared = ['--data-dir', dataDir, '--keychain-service', SERVICE, '--ca-file', shopA.caPemPath];
  return runCliProcess([...args, ...shared], options);
}

/** Slow enough that a sync is still running while other processes start and meet it. */
const SLOW = { latencyMs: 2000 };
const FAST = { latencyMs: 0 };

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The sales of `fake` made in [from, to]: what the cache must hold once a sync of that period is done. */
function salesIn(fake: FakeService, from: string, to: string): number {
  return fake.sales.filter((s) => {
    const day = serviceDayToIso(s.transaction_date) ?? '';
    return day >= from && day <= to;
  }).length;
}

/** Reads the shared cache file on a connection of its own, as a third process would. */
function readCache<T>(read: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'cache.sqlite'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

function runsOf(account: string): { id: number; status: string; error: string | null }[] {
  return readCache((db) =>
    db
      .prepare<[string], { id: number; status: string; error: string | null }>(
        'SELECT id, status, error FROM sync_runs WHERE account_id = ? ORDER BY id',
      )
      .all(account),
  );
}

function cachedSales(account: string, from: string, to: string): number {
  return core.cache.get().countSales(account, { from, to });
}

const exited = (child: ChildProcess | undefined): boolean => child?.exitCode !== null || child.signalCode !== null;

beforeAll(async () => {
  [shopA, shopB] = await Promise.all([
    startFakeService({ sales: { count: 2400, endDay: '2026-01-31', days: 300, seed: 21 } }),
    startFakeService({ sales: { count: 600, endDay: '2026-01-31', days: 120, seed: 22 } }),
  ]);
  folder = tempFolder('sync-lease');
  dataDir = join(folder.dir, 'data');
  core = createTestCore({
    settings: createConfSettingsStore(dataDir),
    keychain: createKeytarSecretStore(SERVICE),
    fetch: createNodeFetch({ extraCaPem: shopA.caPem }),
    cachePath: join(dataDir, 'cache.sqlite'),
  }).core;
  for (const [key, fake, label] of [
    ['a', shopA, 'Shop A'],
    ['b', shopB, 'Shop B'],
  ] as const) {
    const { baseUrl, credentials } = fake;
    const status = await core.accounts.addAccount({ ...credentials, baseUrl, label, sessionOnly: false });
    ids[key] = status.kind === 'account' ? status.account.id : '';
  }
}, 60_000);

afterAll(async () => {
  await core?.close();
  for (const entry of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, entry.account);
  await Promise.all([shopA?.close(), shopB?.close()]);
  folder?.remove();
});

describe('R10: one sync per account across processes sharing a data folder', () => {
  it('R10: a second command on the same account stops with exit code 8 and a plain message, a third waits; the first completes and every sale arrives', async () => {
    const [from, to] = ['2025-10-01', '2026-01-31'];
    const range = ['--from', from, '--to', to];
    expect(cachedSales(ids.a, from, to)).toBe(0);
    shopA.setFaults(SLOW);
    const seen = shopA.requests.length;
    let first: ChildProcess | undefined;
    const running = cli(['sync', '--account', 'Shop A', ...range], { started: (c) => (first = c) });
    await until(() => shopA.requests.length > seen, "the first command's first request");
    let told = '';
    const waiting = cli(['sync', '--account', 'Shop A', ...range, '--wait', '60'], { onStderr: (t) => (told += t) });
    const refused = await cli(['sync', '--account', 'Shop A', ...range]);
    await until(() => told.includes('Waiting up to'), 'the third command waiting');
    expect(exited(first)).toBe(false);
    shopA.setFaults(FAST);
    expect(refused.code).toBe(EXIT_CODES.busy);
    expect(messagesOf(refused.stderr)).toBe(
      `Error: Another Commission Desk process (a command, process ${first?.pid}) is syncing this account. This run fetched nothing.\n` +
        'Run it again once that sync has finished, or add --wait <seconds> to wait for it (e.g. "npm run cli -- sync … --wait 600").\n',
    );
    const [done, waited] = await Promise.all([running, waiting]);
    expect(done.code).toBe(EXIT_CODES.ok);
    expect(messagesOf(done.stderr)).toBe('');
    expect(waited.code).toBe(EXIT_CODES.ok);
    expect(messagesOf(waited.stderr)).toBe(
      `Another Commission Desk process (a command, process ${first?.pid}) is syncing this account. Waiting up to 60 seconds for it to finish.\n` +
        'The other sync of "Shop A" has finished; syncing now.\n',
    );
    // The app's core, open all along, sees what the commands stored without being restarted.
    expect(cachedSales(ids.a, from, to)).toBe(salesIn(shopA, from, to));
    expect(runsOf(ids.a).map((r) => r.status)).toEqual(['completed', 'completed']);
  }, 60_000);

  it('R10: commands on two different accounts sync side by side, neither waits for the other', async () => {
    const range = ['--from', '2025-10-01', '--to', '2026-01-31', '--refresh'];
    shopA.setFaults(SLOW);
    shopB.setFaults(SLOW);
    const seen = { a: shopA.requests.length, b: shopB.requests.length };
    const children: { a?: ChildProcess; b?: ChildProcess } = {};
    const runs = Promise.all([
      cli(['sync', '--account', 'Shop A', ...range], { started: (c) => (children.a = c) }),
      cli(['sync', '--account', 'Shop B', ...range], { started: (c) => (children.b = c) }),
    ]);
    await until(
      () => shopA.requests.slice(seen.a).some((r) => r.route === 'report') && shopB.requests.length > seen.b,
      'both accounts being fetched',
    );
    expect([exited(children.a), exited(children.b)]).toEqual([false, false]);
    shopA.setFaults(FAST);
    shopB.setFaults(FAST);
    const [a, b] = await runs;
    expect([a.code, b.code]).toEqual([EXIT_CODES.ok, EXIT_CODES.ok]);
    expect(messagesOf(a.stderr) + messagesOf(b.stderr)).toBe('');
    expect(cachedSales(ids.b, '2025-10-01', '2026-01-31')).toBe(salesIn(shopB, '2025-10-01', '2026-01-31'));
  }, 60_000);

  it('R10: after kill -9 of the syncing command the next one takes over at once, marks only that run interrupted and resumes from what it stored', async () => {
    const [from, to] = ['2025-05-01', '2025-09-30'];
    const args = ['sync', '--account', 'Shop A', '--from', from, '--to', to];
    shopA.setFaults({ latencyMs: 150 });
    let victim: ChildProcess | undefined;
    const killed = cli(args, { started: (c) => (victim = c) });
    const covered = (): { from_day: string; to_day: string }[] =>
      readCache((db) =>
        db
          .prepare<[string, string, string], { from_day: string; to_day: string }>(
            'SELECT from_day, to_day FROM coverage WHERE account_id = ? AND from_day >= ? AND to_day <= ?',
          )
          .all(ids.a, from, to),
      );
    await until(() => covered().length > 0, 'a first window stored');
    victim?.kill('SIGKILL');
    expect((await killed).code).toBeNull();
    shopA.setFaults({ latencyMs: 0 });
    const kept = covered();
    const seen = shopA.requests.length;
    const next = await cli(args);
    expect(next.code).toBe(EXIT_CODES.ok);
    expect(messagesOf(next.stderr)).toBe('');
    // Resumed: no window the killed run had stored was asked for again.
    const asked = shopA.requests
      .slice(seen)
      .filter((r) => r.route === 'report')
      .map((r) => serviceDayToIso(String(r.query.start_date).slice(0, 10)) ?? '');
    expect(asked.length).toBeGreaterThan(0);
    for (const window of kept)
      expect(asked.filter((day) => day >= window.from_day && day <= window.to_day)).toEqual([]);
    const runs = runsOf(ids.a).slice(-2);
    expect(runs.map((r) => r.status)).toEqual(['failed', 'completed']);
    expect(runs[0]?.error).toMatch(/^The process running this sync \(the app or a command\) stopped during it;/);
    expect(cachedSales(ids.a, from, to)).toBe(salesIn(shopA, from, to));
  }, 60_000);

  it("R10: the app's sync waits for a command's and then completes; a command meeting the app's sync stops with exit code 8, and reads say an update is under way", async () => {
    const [from, to] = ['2025-03-01', '2025-04-30'];
    expect(await core.accounts.switchAccount(ids.a)).toMatchObject({ kind: 'account', signedIn: true });
    shopA.setFaults(SLOW);
    const seen = shopA.requests.length;
    let command: ChildProcess | undefined;
    const commandRun = cli(['sync', '--account', 'Shop A', '--from', from, '--to', to], {
      started: (c) => (command = c),
    });
    await until(() => shopA.requests.length > seen, "the command's first request");
    expect(core.sync.status().elsewhere).toMatchObject({ by: 'command' });
    expect(core.sync.start({ from, to }).running).toBe(true);
    await until(() => core.sync.status().elsewhere?.by === 'command', "the app's sync waiting for the command");
    shopA.setFaults(FAST);
    expect((await commandRun).code).toBe(EXIT_CODES.ok);
    expect(exited(command)).toBe(true);
    await core.sync.idle();
    expect(core.sync.status()).toMatchObject({ error: null, elsewhere: null, lastRun: { status: 'completed' } });

    // The reverse: the app syncs, a command comes.
    shopA.setFaults(SLOW);
    // Several months fetched again: long enough for two commands to start and meet it.
    const wide = { from, to: '2025-07-31' };
    core.sync.start({ ...wide, refresh: true });
    await until(() => core.sync.status().progress !== null, "the app's sync under way");
    const [refused, summary] = await Promise.all([
      cli(['sync', '--account', 'Shop A', '--from', from, '--to', to]),
      cli(['summary', '--account', 'Shop A', '--from', from, '--to', to]),
    ]);
    expect(core.sync.status().running).toBe(true);
    shopA.setFaults(FAST);
    expect(refused.code).toBe(EXIT_CODES.busy);
    expect(messagesOf(refused.stderr)).toMatch(
      new RegExp(
        `^Error: Another Commission Desk process \\(the app, process ${process.pid}\\) is syncing this account\\.`,
      ),
    );
    expect(summary.code).toBe(EXIT_CODES.ok);
    expect(summary.stderr).toContain('Note: an update is under way: another Commission Desk process (the app,');
    await core.sync.idle();
    expect(core.sync.status()).toMatchObject({ error: null, lastRun: { status: 'completed' } });
    expect(
      runsOf(ids.a)
        .slice(-3)
        .map((r) => r.status),
    ).toEqual(['completed', 'completed', 'completed']);
    expect(cachedSales(ids.a, wide.from, wide.to)).toBe(salesIn(shopA, wide.from, wide.to));
  }, 60_000);
});
