import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import type { SessionStatus } from '../../shared/ipc-contract';
import type { AppCore } from '../app';
import { createTestCore } from '../../../test-support/app-core-kit';
import { createNodeFetch } from '../service';
import { createConfSettingsStore } from '../settings';
import { createKeytarSecretStore, type SecretStore } from '../keychain';

let fake: FakeService;
let dir: string;
let service: string;

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 300, endDay: '2026-06-30', days: 90 } });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accounts-test-'));
  service = `Commission Desk (test ${randomUUID()})`;
  fake.resetFaults();
});
afterEach(async () => {
  for (const entry of await keytar.findCredentials(service)) await keytar.deletePassword(service, entry.account);
  await rm(dir, { recursive: true, force: true });
});

/** A core as the app would build it, on this test's settings folder, keychain service and the fake's CA. */
function appCore(keychain: SecretStore = createKeytarSecretStore(service)): AppCore {
  return createTestCore({
    settings: createConfSettingsStore(dir),
    keychain,
    fetch: createNodeFetch({ extraCaPem: fake.caPem }),
  }).core;
}

function form(overrides: Partial<{ apiKey: string; apiSecret: string; appId: string }> = {}) {
  return { baseUrl: fake.baseUrl, ...fake.credentials, ...overrides };
}

async function settingsText(): Promise<string> {
  return readFile(join(dir, 'config.json'), 'utf8');
}

function signedIn(status: SessionStatus): boolean {
  return status.kind === 'account' && status.signedIn;
}

describe('signing in', () => {
  it('C1: correct credentials are tested, stored in the OS keychain (one entry per account) and never in the settings file', async () => {
    const core = appCore();
    const preview = await core.accounts.testConnection(form());
    expect(preview.profileName).toBe(fake.profile.profile_name);
    const status = await core.accounts.addAccount({ ...form(), sessionOnly: false });
    expect(signedIn(status)).toBe(true);
    if (status.kind !== 'account') throw new Error('not an account session');
    expect(status.account).toMatchObject({
      baseUrl: fake.baseUrl,
      appId: fake.credentials.appId,
      remembered: true,
      label: fake.profile.profile_name,
    });
    expect(status.account.apiKeyMasked).toBe(`…${fake.credentials.apiKey.slice(-4)}`);
    const entries = await keytar.findCredentials(service);
    expect(entries.map((e) => e.account)).toEqual([status.account.id]);
    expect(entries[0]?.password).toContain(fake.credentials.apiSecret);
    const settings = await settingsText();
    expect(settings).not.toContain(fake.credentials.apiSecret);
    expect(settings).not.toContain(fake.credentials.apiKey);
    expect(JSON.stringify(status)).not.toContain(fake.credentials.apiSecret);
  });

  it('C1: after a restart the account is signed in again from the keychain', async () => {
    await appCore().accounts.addAccount({ ...form(), label: 'Main', sessionOnly: false });
    const restarted = appCore();
    const status = await restarted.session.restore();
    expect(signedIn(status)).toBe(true);
    expect((await restarted.profile.get()).profile.userName).toBe(fake.profile.user_name);
  });

  it('C1: sign-out deletes the keychain entry; keeping cached sales keeps the account listed, signed out', async () => {
    const core = appCore();
    const added = await core.accounts.addAccount({ ...form(), sessionOnly: false });
    if (added.kind !== 'account') throw new Error('not an account session');
    const after = await core.accounts.signOut({ accountId: added.account.id, deleteCachedSales: false });
    expect(await keytar.findCredentials(service)).toEqual([]);
    expect(after.kind).toBe('none');
    expect(after.accounts.map((a) => a.id)).toEqual([added.account.id]);
    const reopened = await core.accounts.switchAccount(added.account.id);
    expect(reopened).toMatchObject({ kind: 'account', signedIn: false });
  });

  it('C1: signing out and deleting cached sales removes the account entirely', async () => {
    const core = appCore();
    const added = await core.accounts.addAccount({ ...form(), sessionOnly: false });
    if (added.kind !== 'account') throw new Error('not an account session');
    const after = await core.accounts.signOut({ accountId: added.account.id, deleteCachedSales: true });
    expect(after.accounts).toEqual([]);
    expect(await keytar.findCredentials(service)).toEqual([]);
  });

  it('C2: wrong credentials (401) store nothing and say the service refused them', async () => {
    const core = appCore();
    await expect(
      core.accounts.addAccount({ ...form({ apiSecret: 'wrong-secret' }), sessionOnly: false }),
    ).rejects.toMatchObject({ code: 'AUTH_INVALID' });
    await expect(core.accounts.testConnection(form({ apiKey: 'wrong-key' }))).rejects.toMatchObject({
      code: 'AUTH_INVALID',
    });
    expect(await keytar.findCredentials(service)).toEqual([]);
    expect(core.session.status()).toEqual({ kind: 'none', accounts: [] });
  });

  it('C2: an http service address is refused before any request', async () => {
    const core = appCore();
    fake.clearRequests();
    await expect(core.accounts.testConnection({ ...form(), baseUrl: fake.httpUrl })).rejects.toMatchObject({
      code: 'INSECURE_URL',
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('no keychain', () => {
  const brokenKeychain = (): SecretStore =>
    createKeytarSecretStore(service, async () => {
      throw new Error('Could not connect: No such file or directory');
    });

  it('C3: saving fails with KEYCHAIN_UNAVAILABLE and leaves no account behind', async () => {
    const core = appCore(brokenKeychain());
    await expect(core.accounts.addAccount({ ...form(), sessionOnly: false })).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
    });
    expect(core.session.status().accounts).toEqual([]);
  });

  it('C3: the user can continue for this session only; nothing secret is written, and a restart asks again', async () => {
    const core = appCore(brokenKeychain());
    const status = await core.accounts.addAccount({ ...form(), sessionOnly: true });
    expect(status).toMatchObject({ kind: 'account', signedIn: true, account: { remembered: false } });
    expect((await core.profile.get()).profile.profileName).toBe(fake.profile.profile_name);
    const settings = await settingsText();
    expect(settings).not.toContain(fake.credentials.apiSecret);
    expect(settings).not.toContain(fake.credentials.apiKey);
    const restarted = appCore(brokenKeychain());
    expect(await restarted.session.restore()).toMatchObject({
      kind: 'account',
      signedIn: false,
      problem: { code: 'NOT_SIGNED_IN' },
    });
  });

  it('C3: an account remembered in a keychain that is now unavailable opens signed out with the keychain message', async () => {
    await appCore().accounts.addAccount({ ...form(), sessionOnly: false });
    const status = await appCore(brokenKeychain()).session.restore();
    expect(status).toMatchObject({ kind: 'account', signedIn: false, problem: { code: 'KEYCHAIN_UNAVAILABLE' } });
  });
});

describe('revoked key during use', () => {
  it('C2: a 401 after sign-in stops using the credentials and asks for them again, pre-filled except the secret', async () => {
    const core = appCore();
    const added = await core.accounts.addAccount({ ...form(), sessionOnly: false });
    if (added.kind !== 'account') throw new Error('not an account session');
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 401 }, route: 'user' }] });
    await expect(core.profile.get()).rejects.toMatchObject({ code: 'AUTH_INVALID' });
    const status = core.session.status();
    expect(status).toMatchObject({
      kind: 'account',
      signedIn: false,
      problem: { code: 'AUTH_INVALID' },
      account: { appId: fake.credentials.appId },
    });
    await expect(core.profile.get()).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });
    const again = await core.accounts.reauthenticate({
      accountId: added.account.id,
      apiSecret: fake.credentials.apiSecret,
      appId: fake.credentials.appId,
      sessionOnly: false,
    });
    expect(signedIn(again)).toBe(true);
  });
});

describe('offline', () => {
  it('C3: with the service unreachable, the profile comes from the cache and says why', async () => {
    const core = appCore();
    await core.accounts.addAccount({ ...form(), sessionOnly: false });
    const live = await core.profile.get();
    expect(live.fromCache).toBe(false);
    await fake.stop();
    try {
      const offline = await core.profile.get();
      expect(offline).toMatchObject({
        fromCache: true,
        fetchedAt: live.fetchedAt,
        reason: { code: 'NETWORK_OFFLINE' },
      });
      expect(offline.profile).toEqual(live.profile);
    } finally {
      await fake.start();
    }
  });
});
