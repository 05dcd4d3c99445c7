import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { AppError } from '../../shared/errors';
import type { ReadOnlyReason, SessionStatus } from '../../shared/ipc-contract';
import type { AppCore } from '../app';
import { createTestCore, createUnreachableKeychain } from '../../../test-support/app-core-kit';
import { createKeytarSecretStore, createMemorySecretStore, type SecretStore } from '../keychain';
import { createNodeFetch } from '../service';
import { createConfSettingsStore } from '../settings';

const run = promisify(execFile);
const TODAY = '2026-06-30';
const RANGE = { from: '2026-04-01', to: TODAY };

let fake: FakeService;
let dir: string;
let service: string;
const opened: AppCore[] = [];

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 300, endDay: TODAY, days: 90 } });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-only-test-'));
  service = `Commission Desk (test ${randomUUID()})`;
  fake.resetFaults();
});
afterEach(async () => {
  for (const core of opened.splice(0)) await core.close();
  for (const entry of await keytar.findCredentials(service)) await keytar.deletePassword(service, entry.account);
  await rm(dir, { recursive: true, force: true });
});

/** A core as the app builds it at each start: this test's settings folder and cache file, the given keychain. */
function appCore(keychain: SecretStore = createKeytarSecretStore(service)): AppCore {
  const { core } = createTestCore({
    today: () => TODAY,
    settings: createConfSettingsStore(dir),
    keychain,
    fetch: createNodeFetch({ extraCaPem: fake.caPem }),
    cachePath: join(dir, 'cache.sqlite'),
    chooseExportPath: async (name) => join(dir, name),
  });
  opened.push(core);
  return core;
}

function credentials() {
  return { apiKey: fake.credentials.apiKey, apiSecret: fake.credentials.apiSecret, appId: fake.credentials.appId };
}

/** Adds an account through `core`, caches its profile and three months of sales; returns its id. */
async function cacheAccount(core: AppCore, label = 'Main'): Promise<string> {
  const status = await core.accounts.addAccount({ baseUrl: fake.baseUrl, ...credentials(), label, sessionOnly: false });
  if (status.kind !== 'account') throw new Error('not an account session');
  await core.profile.get();
  core.sync.start(RANGE);
  await core.sync.idle();
  return status.account.id;
}

/** What the sales screen, its search, its charts and its top lists read. */
function browse(core: AppCore) {
  const filter = { ...RANGE };
  const page = core.sales.page({
    filter,
    sort: { column: 'transactionDate', direction: 'desc' },
    offset: 0,
    limit: 100,
  });
  const word = page.rows[0]?.reference ?? '';
  return {
    page,
    searched: core.sales.page({
      filter: { ...filter, text: word },
      sort: { column: 'transactionDate', direction: 'desc' },
      offset: 0,
      limit: 10,
    }),
    summary: core.sales.summary(filter),
    series: core.sales.series({ filter, interval: 'month' }),
    top: core.sales.top({ filter, dimension: 'product', limit: 10 }),
    values: core.sales.filterValues(filter),
  };
}

function readOnlyOf(status: SessionStatus): ReadOnlyReason {
  if (status.kind !== 'account' || status.readOnly === null)
    throw new Error(`not read-only: ${JSON.stringify(status)}`);
  return status.readOnly;
}

function thrownBy(action: () => unknown): AppError {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('an account whose credentials cannot be read opens read-only', () => {
  it('T7: with no keychain at start the cached account opens read-only, says why, and browses, searches, charts and exports the cache', async () => {
    const first = appCore();
    await cacheAccount(first);
    const before = browse(first);
    expect(before.page.total).toBeGreaterThan(50);
    expect(before.searched.total).toBeGreaterThan(0);

    fake.clearRequests();
    const offline = appCore(createUnreachableKeychain(service));
    const status = await offline.session.restore();
    expect(status).toMatchObject({
      kind: 'account',
      signedIn: false,
      account: { label: 'Main' },
      problem: { code: 'KEYCHAIN_UNAVAILABLE' },
    });
    const reason = readOnlyOf(status);
    expect(reason.cause).toBe('keychain-unavailable');
    expect(reason.message).toMatch(/keychain could not be opened/);
    expect(reason.message).toMatch(/Browsing, search, charts and exports/);
    expect(reason.message).toMatch(/enter your credentials for this session/);

    expect(browse(offline)).toEqual(before);
    const profile = await offline.profile.get();
    expect(profile).toMatchObject({
      fromCache: true,
      profile: { profileName: fake.profile.profile_name },
      reason: { code: 'NOT_SIGNED_IN' },
    });
    const exported = await offline.export.exportSales({ filter: RANGE, format: 'csv' });
    expect(exported.rowCount).toBe(before.page.total);
    const csv = await readFile(exported.filePath ?? '', 'utf8');
    expect(csv).toContain(before.page.rows[0]?.reference ?? 'missing');
    expect(fake.requests).toHaveLength(0);
  });

  it('T7: syncing a read-only account fails with NOT_SIGNED_IN that says to enter the credentials, and sends nothing', async () => {
    await cacheAccount(appCore());
    fake.clearRequests();
    const offline = appCore(createUnreachableKeychain(service));
    await offline.session.restore();
    for (const sync of [
      () => offline.sync.startRoutine(),
      () => offline.sync.start(RANGE),
      () => offline.sync.recheckAllHistory(),
    ]) {
      const error = thrownBy(sync);
      expect(error.code).toBe('NOT_SIGNED_IN');
      expect(error.message).toMatch(/keychain could not be opened/);
      expect(error.message).toMatch(/Enter credentials to sync/);
    }
    expect(offline.sync.status().running).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });

  it('T7: switching to an account while the keychain is unavailable opens it read-only on its own cache', async () => {
    let reachable = true;
    const real = createKeytarSecretStore(service);
    const unreachable = createUnreachableKeychain(service);
    const keychain: SecretStore = {
      kind: 'keychain',
      get: (account) => (reachable ? real : unreachable).get(account),
      set: (account, secret) => (reachable ? real : unreachable).set(account, secret),
      delete: (account) => (reachable ? real : unreachable).delete(account),
    };
    const core = appCore(keychain);
    const main = await cacheAccount(core, 'Main');
    const mainSales = browse(core);
    const added = await core.accounts.addAccount({
      baseUrl: fake.baseUrl,
      ...credentials(),
      label: 'Second',
      sessionOnly: false,
    });
    expect(added).toMatchObject({ kind: 'account', signedIn: true, account: { label: 'Second' } });

    reachable = false;
    const switched = await core.accounts.switchAccount(main);
    expect(switched).toMatchObject({ kind: 'account', signedIn: false, account: { id: main } });
    expect(readOnlyOf(switched).cause).toBe('keychain-unavailable');
    expect(browse(core)).toEqual(mainSales);

    reachable = true;
    expect(await core.accounts.switchAccount(main)).toMatchObject({ kind: 'account', signedIn: true, readOnly: null });
  });

  it('T7: credentials entered for this session sync a read-only account; once a keychain is there they are saved in it', async () => {
    const id = await cacheAccount(appCore());
    const offline = appCore(createUnreachableKeychain(service));
    await offline.session.restore();

    await expect(
      offline.accounts.reauthenticate({ accountId: id, ...credentials(), sessionOnly: false }),
    ).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
    });
    expect(readOnlyOf(offline.session.status()).cause).toBe('keychain-unavailable');

    const forSession = await offline.accounts.reauthenticate({ accountId: id, ...credentials(), sessionOnly: true });
    expect(forSession).toMatchObject({
      kind: 'account',
      signedIn: true,
      readOnly: null,
      account: { remembered: false },
    });
    fake.clearRequests();
    offline.sync.startRoutine();
    await offline.sync.idle();
    expect(offline.sync.status()).toMatchObject({ error: null, lastRun: { status: 'completed' } });
    expect(fake.requests.length).toBeGreaterThan(0);
    const settings = await readFile(join(dir, 'config.json'), 'utf8');
    expect(settings).not.toContain(fake.credentials.apiSecret);
    await offline.close();

    const keychainBack = appCore();
    const reopened = await keychainBack.session.restore();
    expect(readOnlyOf(reopened).cause).toBe('not-remembered');
    const saved = await keychainBack.accounts.reauthenticate({ accountId: id, ...credentials(), sessionOnly: false });
    expect(saved).toMatchObject({ kind: 'account', signedIn: true, account: { remembered: true } });
    const entries = await keytar.findCredentials(service);
    expect(entries.map((e) => e.account)).toEqual([id]);
    await keychainBack.close();
    expect(await appCore().session.restore()).toMatchObject({ kind: 'account', signedIn: true, readOnly: null });
  });

  it('T7: an account signed out with its cached sales kept opens read-only, saying so, without asking the keychain', async () => {
    const core = appCore();
    const id = await cacheAccount(core);
    const before = browse(core);
    await core.accounts.signOut({ accountId: id, deleteCachedSales: false });
    const offline = appCore(createUnreachableKeychain(service));
    const status = await offline.accounts.switchAccount(id);
    expect(status).toMatchObject({ kind: 'account', signedIn: false, problem: { code: 'NOT_SIGNED_IN' } });
    expect(readOnlyOf(status)).toMatchObject({
      cause: 'signed-out',
      message: expect.stringMatching(/You signed out of this account/),
    });
    expect(browse(offline)).toEqual(before);
  });

  it('T7: a key the service refuses (401) is not read-only: the account asks for its credentials again', async () => {
    const core = appCore();
    await cacheAccount(core);
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 401 }, route: 'user' }] });
    core.sync.startRoutine();
    await core.sync.idle();
    await core.profile.get().catch(() => undefined);
    expect(core.session.status()).toMatchObject({
      kind: 'account',
      signedIn: false,
      readOnly: null,
      problem: { code: 'AUTH_INVALID' },
    });
  });

  it('T7: a locked keychain (real Secret Service, login collection locked) opens the cached account read-only', async () => {
    const memory = createMemorySecretStore();
    const core = appCore(memory);
    const id = await cacheAccount(core);
    const total = browse(core).page.total;
    const entry = (await memory.get(id)) ?? '';
    await core.close();

    // A private Secret Service whose collection holds the account's entry and is then locked, as after a screen lock.
    const script = `
      const { join } = await import('node:path');
      const { execFileSync } = await import('node:child_process');
      const { createTestCore } = await import('./test-support/app-core-kit.ts');
      const { createKeytarSecretStore } = await import('./src/core/keychain/index.ts');
      const { createConfSettingsStore } = await import('./src/core/settings/index.ts');
      const env = process.env;
      const keychain = createKeytarSecretStore(env.T7_SERVICE);
      await keychain.set(env.T7_ACCOUNT, env.T7_ENTRY);
      execFileSync('gdbus', ['call', '--session', '--dest', 'org.freedesktop.secrets', '--object-path', '/org/freedesktop/secrets',
        '--method', 'org.freedesktop.Secret.Service.Lock', "['/org/freedesktop/secrets/aliases/default']"]);
      const { core } = createTestCore({ today: () => '${TODAY}', settings: createConfSettingsStore(env.T7_DIR), keychain, cachePath: join(env.T7_DIR, 'cache.sqlite') });
      const status = await core.session.restore();
      const total = core.sales.page({ filter: { from: '${RANGE.from}', to: '${TODAY}' }, offset: 0, limit: 1 }).total;
      let sync = null;
      try { core.sync.startRoutine(); } catch (e) { sync = e.code; }
      await core.close();
      console.log(JSON.stringify({ status, total, sync }));`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      T7_SERVICE: service,
      T7_ACCOUNT: id,
      T7_ENTRY: entry,
      T7_DIR: dir,
    };
    delete env.COMMISSION_DESK_KEYRING_READY;
    const { stdout } = await run(
      'bash',
      ['scripts/with-keyring.sh', process.execPath, '--import', 'tsx', '--input-type=module', '-e', script],
      {
        env,
        timeout: 60_000,
      },
    );
    const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
      status: SessionStatus;
      total: number;
      sync: string | null;
    };
    expect(result.status).toMatchObject({ kind: 'account', signedIn: false });
    expect(readOnlyOf(result.status)).toMatchObject({
      cause: 'not-in-keychain',
      message: expect.stringMatching(/it may be locked/),
    });
    expect(result.total).toBe(total);
    expect(result.sync).toBe('NOT_SIGNED_IN');
  }, 90_000);
});
