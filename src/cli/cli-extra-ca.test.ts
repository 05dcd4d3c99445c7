import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../e2e/fake-service/fake-service';
import { createTestCore } from '../../test-support/app-core-kit';
import { tempFolder } from '../../test-support/cache-kit';
import { messagesOf, runCliProcess, type CliRun } from '../../test-support/cli-kit';
import { createKeytarSecretStore } from '../core/keychain';
import { createTestCertificates } from '../../e2e/fake-service/certificates';
import { createNodeFetch } from '../core/service';
import { createConfSettingsStore } from '../core/settings';
import { EXTRA_CA_CLI_OPTION, EXTRA_CA_OPTION } from '../shared/extra-ca-setting';
import { EXIT_CODES } from './cli-errors';

const SERVICE = `Commission Desk (cli extra CA test ${randomUUID()})`;
const PERIOD = ['--from', '2026-03-01', '--to', '2026-03-31'];
let fake: FakeService;
let folder: ReturnType<typeof tempFolder>;
let dataDir: string;

/** Runs the command on this test's folder and keychain; `caFile` adds `--ca-file` for the run. */
function cli(
  args: string[],
  options: { caFile?: string; stdin?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  const ca = options.caFile === undefined ? [] : ['--ca-file', options.caFile];
  return runCliProcess([...args, '--data-dir', dataDir, '--keychain-service', SERVICE, ...ca], {
    ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
    ...(options.env === undefined ? {} : { env: options.env }),
  });
}

/** The app's core on the same folder and keychain, with a transport that trusts only the system's certificates. */
function appCore() {
  return createTestCore({
    settings: createConfSettingsStore(dataDir),
    keychain: createKeytarSecretStore(SERVICE),
    fetch: createNodeFetch({}),
    cachePath: join(dataDir, 'app-cache.sqlite'),
  }).core;
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 60, endDay: '2026-03-31', days: 30, seed: 5 } });
  folder = tempFolder('cli-extra-ca');
  dataDir = join(folder.dir, 'data');
  const added = await cli(
    [
      'accounts',
      'add',
      '--label',
      'Behind a proxy',
      '--base-url',
      fake.baseUrl,
      '--app-id',
      fake.credentials.appId,
      '--api-key',
      fake.credentials.apiKey,
    ],
    { caFile: fake.caPemPath, stdin: `${fake.credentials.apiSecret}\n` },
  );
  if (added.code !== 0) throw new Error(added.stderr);
}, 60_000);
afterAll(async () => {
  for (const entry of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, entry.account);
  await fake.close();
  folder.remove();
});

describe('the command and the app agree on an account’s extra certificate', () => {
  it('N1: an untrusted service fails with the words of the app and of --ca-file; the certificate trusted in the app lets the command sync; removed, it fails again', async () => {
    const untrusted = await cli(['sync', '--account', 'Behind a proxy', ...PERIOD]);
    expect(untrusted.code).toBe(EXIT_CODES.service);
    expect(messagesOf(untrusted.stderr)).toContain(`“${EXTRA_CA_OPTION}”`);
    expect(messagesOf(untrusted.stderr)).toContain(EXTRA_CA_CLI_OPTION);

    const core = appCore();
    const accountId = core.session.status().accounts.find((a) => a.label === 'Behind a proxy')?.id ?? '';
    await core.accounts.trustExtraCa({ accountId, pem: fake.caPem });
    const trusted = await cli(['sync', '--account', 'Behind a proxy', ...PERIOD]);
    expect(messagesOf(trusted.stderr)).toBe('');
    expect(trusted.code).toBe(EXIT_CODES.ok);

    await core.accounts.removeExtraCa(accountId);
    await core.close();
    const removed = await cli(['sync', '--account', 'Behind a proxy', ...PERIOD]);
    expect(removed.code).toBe(EXIT_CODES.service);
    expect(messagesOf(removed.stderr)).toContain(`“${EXTRA_CA_OPTION}”`);
  }, 120_000);

  it('A9: an account trusting an unrelated CA still trusts what the system trusts (NODE_EXTRA_CA_CERTS)', async () => {
    const core = appCore();
    const accountId = core.session.status().accounts.find((a) => a.label === 'Behind a proxy')?.id ?? '';
    const other = await createTestCertificates({ caName: 'Unrelated Office CA' });
    await core.accounts.trustExtraCa({ accountId, pem: other.caPem });
    await core.close();
    const system = { NODE_EXTRA_CA_CERTS: fake.caPemPath };
    const trusted = await cli(['sync', '--account', 'Behind a proxy', ...PERIOD], { env: system });
    expect(messagesOf(trusted.stderr)).toBe('');
    expect(trusted.code).toBe(EXIT_CODES.ok);

    const untrusted = await cli(['sync', '--account', 'Behind a proxy', ...PERIOD]);
    expect(untrusted.code).toBe(EXIT_CODES.service);
    expect(messagesOf(untrusted.stderr)).toContain('issued by “Commission Desk Test CA”');
  }, 120_000);
});
