import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import type { AppCore } from '../app';
import { createTestCore } from '../../../test-support/app-core-kit';
import { createNodeFetch } from '../service';
import { createConfSettingsStore } from '../settings';
import { createKeytarSecretStore } from '../keychain';

const RANGE = { from: '2026-06-01', to: '2026-06-30' };
const FOREIGN_REFERENCE = 'FOREIGN-HOST-SALE-1';

/** The account's own service. */
let fake: FakeService;
/** Another HTTPS host that accepts the same credentials and serves one sale of its own. */
let other: FakeService;
let dir: string;
let service: string;
let cachePath: string;

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 200, endDay: '2026-06-30', days: 60, seed: 5 } });
  const last = fake.sales[fake.sales.length - 1];
  if (!last) throw new Error('the fake has no sales');
  other = await startFakeService({ sales: [{ ...last, reference: FOREIGN_REFERENCE }] });
});
afterAll(async () => {
  await fake.close();
  await other.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'binding-test-'));
  cachePath = join(dir, 'cache.sqlite');
  service = `Commission Desk (test ${randomUUID()})`;
  other.clearRequests();
});
afterEach(async () => {
  for (const entry of await keytar.findCredentials(service)) await keytar.deletePassword(service, entry.account);
  await rm(dir, { recursive: true, force: true });
});

/** A core as the app builds it at each start, on this test's settings folder, cache file and keychain service. */
function appCore(): AppCore {
  return createTestCore({
    settings: createConfSettingsStore(dir),
    keychain: createKeytarSecretStore(service),
    fetch: createNodeFetch({ extraCaPem: fake.caPem }),
    cachePath,
  }).core;
}

function credentials() {
  return { apiKey: fake.credentials.apiKey, apiSecret: fake.credentials.apiSecret, appId: fake.credentials.appId };
}

/** Adds the account for the real service and caches June; returns its id. */
async function addAndSync(core: AppCore): Promise<string> {
  const status = await core.accounts.addAccount({
    baseUrl: fake.baseUrl,
    ...credentials(),
    label: 'Main',
    sessionOnly: false,
  });
  if (status.kind !== 'account') throw new Error('not an account session');
  core.sync.start(RANGE);
  await core.sync.idle();
  return status.account.id;
}

/** Edits the settings file by hand, as someone who can write to it would. */
async function pointSettingsAt(baseUrl: string): Promise<void> {
  const path = join(dir, 'config.json');
  const text = await readFile(path, 'utf8');
  expect(text).toContain(fake.baseUrl);
  await writeFile(path, text.split(fake.baseUrl).join(baseUrl));
}

function cachedReferences(core: AppCore): string[] {
  return core.sales
    .page({ filter: RANGE, sort: { column: 'transactionDate', direction: 'desc' }, offset: 0, limit: 1000 })
    .rows.map((r) => r.reference);
}

/** Requests the other host received that carried any of the credential headers. */
function credentialRequests(): number {
  return other.requests.filter((r) => ['api-key', 'api-secret', 'app-id'].some((name) => name in r.headers)).length;
}

describe('stored credentials are bound to their service', () => {
  it('S12: after the settings point the account at another host, nothing is sent there, nothing from it is cached, and the session says the address changed', async () => {
    const cached = cachedReferences(
      await (async () => {
        const core = appCore();
        await addAndSync(core);
        return core;
      })(),
    );
    expect(cached.length).toBeGreaterThan(0);
    await pointSettingsAt(other.baseUrl);

    const restarted = appCore();
    const status = await restarted.session.restore();
    expect(status).toMatchObject({
      kind: 'account',
      signedIn: false,
      readOnly: null,
      account: { baseUrl: other.baseUrl },
    });
    if (status.kind !== 'account') throw new Error('not an account session');
    expect(status.problem?.code).toBe('NOT_SIGNED_IN');
    expect(status.problem?.message).toBe(
      `The address of this account changed from ${fake.baseUrl} to ${other.baseUrl} since its API key and secret were saved, so they were not sent. Sign in again with the API key and secret for ${other.baseUrl}.`,
    );
    expect(JSON.stringify(status)).not.toContain(fake.credentials.apiSecret);

    expect(() => restarted.sync.start(RANGE)).toThrow(/address of this account changed/);
    expect(() => restarted.sync.startRoutine()).toThrow(/address of this account changed/);
    expect(await restarted.profile.get()).toMatchObject({ fromCache: true, reason: { code: 'NOT_SIGNED_IN' } });
    await restarted.sync.idle();

    expect(other.requests).toHaveLength(0);
    expect(credentialRequests()).toBe(0);
    expect(cachedReferences(restarted).sort()).toEqual([...cached].sort());
    expect(cachedReferences(restarted)).not.toContain(FOREIGN_REFERENCE);
  });

  it('S12: the stored key is not reused for the new address; entering the credentials for it binds them there and the account syncs again', async () => {
    const id = await addAndSync(appCore());
    await pointSettingsAt(other.baseUrl);
    const restarted = appCore();
    await restarted.session.restore();

    const keepKey = {
      accountId: id,
      apiKey: '',
      apiSecret: fake.credentials.apiSecret,
      appId: fake.credentials.appId,
      sessionOnly: false,
    };
    await expect(restarted.accounts.reauthenticate(keepKey)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(credentialRequests()).toBe(0);

    const again = await restarted.accounts.reauthenticate({ ...keepKey, apiKey: fake.credentials.apiKey });
    expect(again).toMatchObject({
      kind: 'account',
      signedIn: true,
      problem: null,
      account: { baseUrl: other.baseUrl },
    });
    const entry = await keytar.getPassword(service, id);
    expect(entry).toContain(other.baseUrl);
    expect(entry).not.toContain(fake.baseUrl);

    const afterRestart = appCore();
    expect(await afterRestart.session.restore()).toMatchObject({ kind: 'account', signedIn: true });
    afterRestart.sync.start({ ...RANGE, refresh: true });
    await afterRestart.sync.idle();
    expect(credentialRequests()).toBeGreaterThan(0);
    expect(cachedReferences(afterRestart)).toContain(FOREIGN_REFERENCE);
  });

  it('S12: a changed app ID, or an entry that does not record its service, is not sent either and asks to sign in again', async () => {
    const id = await addAndSync(appCore());
    const path = join(dir, 'config.json');
    await writeFile(path, (await readFile(path, 'utf8')).split(fake.credentials.appId).join('another-app'));
    const changedApp = await appCore().session.restore();
    expect(changedApp).toMatchObject({ kind: 'account', signedIn: false, readOnly: null });
    if (changedApp.kind !== 'account') throw new Error('not an account session');
    expect(changedApp.problem?.message).toMatch(
      /^The app ID of this account changed from .* to another-app .* Sign in again/,
    );

    await writeFile(path, (await readFile(path, 'utf8')).split('another-app').join(fake.credentials.appId));
    await keytar.setPassword(
      service,
      id,
      JSON.stringify({ apiKey: fake.credentials.apiKey, apiSecret: fake.credentials.apiSecret }),
    );
    fake.clearRequests();
    const legacy = appCore();
    const status = await legacy.session.restore();
    expect(status).toMatchObject({ kind: 'account', signedIn: false, readOnly: null });
    if (status.kind !== 'account') throw new Error('not an account session');
    expect(status.problem?.message).toMatch(/do not record which service address they were entered for.*Sign in again/);
    expect(await legacy.profile.get()).toMatchObject({ fromCache: true, reason: { code: 'NOT_SIGNED_IN' } });
    expect(fake.requests).toHaveLength(0);
  });
});
