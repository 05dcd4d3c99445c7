import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestCertificates } from '../../../e2e/fake-service/certificates';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { AppError } from '../../shared/errors';
import { EXTRA_CA_OPTION } from '../../shared/extra-ca-setting';
import type { AppCore } from '../app';
import { createTestCore } from '../../../test-support/app-core-kit';
import { checkExtraCa, createNodeFetch } from '../service';
import { createConfSettingsStore } from '../settings';
import { createKeytarSecretStore } from '../keychain';

const RANGE = { from: '2026-06-01', to: '2026-06-30' };

let fake: FakeService;
let otherCaPem: string;
let serverPem: string;
let dir: string;
let service: string;
const cores: AppCore[] = [];

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 150, endDay: '2026-06-30', days: 45, seed: 11 } });
  const other = await createTestCertificates({ caName: 'Some Other CA' });
  otherCaPem = other.caPem;
  serverPem = await readFile(join(fake.caPemPath, '..', 'server.pem'), 'utf8');
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'extra-ca-test-'));
  service = `Commission Desk (test ${randomUUID()})`;
  fake.clearRequests();
});
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const entry of await keytar.findCredentials(service)) await keytar.deletePassword(service, entry.account);
  await rm(dir, { recursive: true, force: true });
});

/**
 * A core as the app builds it at each start, on this test's settings, cache and keychain. `hostTrustsFake` stands for
 * a network where the service's certificate chains to a root the system already trusts; without it the service looks
 * like it does behind a TLS-inspecting proxy: signed by a CA this computer does not know.
 */
function appCore(hostTrustsFake = false): AppCore {
  const { core } = createTestCore({
    settings: createConfSettingsStore(dir),
    keychain: createKeytarSecretStore(service),
    fetch: createNodeFetch(hostTrustsFake ? { extraCaPem: fake.caPem } : {}),
    cachePath: join(dir, 'cache.sqlite'),
  });
  cores.push(core);
  return core;
}

const form = () => ({ baseUrl: fake.baseUrl, ...fake.credentials, label: 'Shop', sessionOnly: false });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

async function syncJune(core: AppCore) {
  core.sync.start(RANGE);
  await core.sync.idle();
  return core.sync.status();
}

function cachedCount(core: AppCore): number {
  return core.sales.page({
    filter: RANGE,
    sort: { column: 'transactionDate', direction: 'desc' },
    offset: 0,
    limit: 1000,
  }).total;
}

const juneSales = () => fake.sales.filter((s) => s.transaction_date.endsWith('-06-2026')).length;

describe('N1: an extra certificate, added on purpose in Settings → Network or on the sign-in form', () => {
  it('N1: the certificate is checked before it is stored: garbage, a server certificate and an expired CA are refused with a plain reason', () => {
    const now = new Date();
    expect(() => checkExtraCa('hello', now)).toThrow(/contains no PEM certificate/);
    expect(() => checkExtraCa('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', now)).toThrow(/damaged/);
    expect(() => checkExtraCa(serverPem, now)).toThrow(/is not a CA certificate/);
    expect(() => checkExtraCa(fake.caPem, new Date(Date.now() + 30 * 86_400_000))).toThrow(
      /expired on \d{4}-\d\d-\d\d/,
    );
    expect(() => checkExtraCa(Array(11).fill(fake.caPem).join('\n'), now)).toThrow(/11 certificates/);
    const checked = checkExtraCa(`Copied from the IT wiki:\n${fake.caPem}\nthanks`, now);
    expect(checked.pem).toBe(fake.caPem.trim());
    expect(checked.info.certificates).toEqual([
      expect.objectContaining({
        subject: 'Commission Desk Test CA',
        issuer: 'Commission Desk Test CA',
        expired: false,
        fingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
      }),
    ]);
  });

  it('N1: signing in without the certificate fails with the certificate error, which names the option; with it the account signs in, stores it and syncs', async () => {
    const core = appCore();
    const refused = await failure(core.accounts.addAccount(form()));
    expect(refused.code).toBe('TLS_FAILURE');
    expect(refused.message).toContain(`Settings → Network → “${EXTRA_CA_OPTION}”`);
    expect(refused.message).toContain('--ca-file');
    expect(core.session.status().accounts).toEqual([]);

    const garbage = await failure(core.accounts.addAccount({ ...form(), extraCaPem: 'not a certificate' }));
    expect(garbage.code).toBe('INVALID_INPUT');
    expect(garbage.message).toMatch(/contains no PEM certificate/);
    const wrongCa = await failure(core.accounts.addAccount({ ...form(), extraCaPem: otherCaPem }));
    expect(wrongCa.code).toBe('TLS_FAILURE');
    expect(core.session.status().accounts).toEqual([]);

    const status = await core.accounts.addAccount({ ...form(), extraCaPem: fake.caPem });
    if (status.kind !== 'account') throw new Error('not an account session');
    expect(core.accounts.extraCa(status.account.id)?.certificates.map((c) => c.subject)).toEqual([
      'Commission Desk Test CA',
    ]);
    expect(JSON.stringify(status)).not.toContain('BEGIN CERTIFICATE');
    const settings = await readFile(join(dir, 'config.json'), 'utf8');
    expect(settings).toContain('BEGIN CERTIFICATE');
    expect(settings).not.toContain(fake.credentials.apiSecret);

    const synced = await syncJune(core);
    expect(synced.lastRun?.status).toBe('completed');
    expect(cachedCount(core)).toBe(juneSales());

    // The next start reads the certificate from the account's record.
    await core.close();
    const restarted = appCore();
    expect((await restarted.session.restore()).kind).toBe('account');
    expect(restarted.session.status()).toMatchObject({ signedIn: true });
    restarted.sync.startRoutine();
    await restarted.sync.idle();
    expect(restarted.sync.status().lastRun?.status).toBe('completed');
  });

  it('N1: an account whose network starts inspecting TLS: its sync fails with the certificate error until the certificate is trusted in Settings → Network, then the same session syncs', async () => {
    const before = appCore(true);
    const added = await before.accounts.addAccount(form());
    if (added.kind !== 'account') throw new Error('not an account session');
    const id = added.account.id;
    await before.close();

    const core = appCore(false);
    expect(await core.session.restore()).toMatchObject({ kind: 'account', signedIn: true });
    const failed = await syncJune(core);
    expect(failed.lastRun?.status).toBe('failed');
    expect(failed.error?.code).toBe('TLS_FAILURE');
    expect(failed.error?.message).toContain(EXTRA_CA_OPTION);

    expect((await failure(core.accounts.trustExtraCa({ accountId: id, pem: 'garbage' }))).code).toBe('INVALID_INPUT');
    expect(core.accounts.extraCa(id)).toBeNull();
    const info = await core.accounts.trustExtraCa({ accountId: id, pem: fake.caPem });
    expect(info.certificates).toHaveLength(1);
    expect(core.session.status()).toMatchObject({ kind: 'account', signedIn: true });
    const retried = await syncJune(core);
    expect(retried.lastRun?.status).toBe('completed');
    expect(cachedCount(core)).toBe(juneSales());

    // The keychain entry moved to the new certificate: the next start signs in with it.
    await core.close();
    const restarted = appCore(false);
    expect(await restarted.session.restore()).toMatchObject({ kind: 'account', signedIn: true });

    // Removing it goes back to the system's certificates only, and the certificate error comes back.
    expect(await restarted.accounts.removeExtraCa(id)).toBeNull();
    expect(restarted.accounts.extraCa(id)).toBeNull();
    expect(restarted.session.status()).toMatchObject({ kind: 'account', signedIn: true });
    expect((await syncJune(restarted)).error?.code).toBe('TLS_FAILURE');
  });

  it('S12: a certificate written into the settings file by someone else receives no secret: the account asks to sign in again', async () => {
    const core = appCore(true);
    const added = await core.accounts.addAccount(form());
    if (added.kind !== 'account') throw new Error('not an account session');
    await core.close();

    const path = join(dir, 'config.json');
    const settings = JSON.parse(await readFile(path, 'utf8')) as { accounts: Record<string, unknown>[] };
    settings.accounts = settings.accounts.map((a) => ({ ...a, extraCaPem: otherCaPem }));
    await writeFile(path, JSON.stringify(settings));
    fake.clearRequests();

    const restarted = appCore(true);
    const status = await restarted.session.restore();
    expect(status).toMatchObject({ kind: 'account', signedIn: false, problem: { code: 'NOT_SIGNED_IN' } });
    expect(status.kind === 'account' ? status.problem?.message : '').toMatch(
      /extra certificate this account trusts changed/,
    );
    expect(fake.requests).toHaveLength(0);
  });
});
