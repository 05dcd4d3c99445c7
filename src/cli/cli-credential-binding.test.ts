import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../e2e/fake-service/fake-service';
import { tempFolder } from '../../test-support/cache-kit';
import { messagesOf } from '../../test-support/cli-kit';
import { EXIT_CODES } from './cli-errors';

const SERVICE = `Commission Desk (cli binding test ${randomUUID()})`;
const FOREIGN_REFERENCE = 'FOREIGN-HOST-SALE-1';
const PERIOD = ['--from', '2026-03-01', '--to', '2026-03-31'];

/** The account's own service. */
let fake: FakeService;
/** Another HTTPS host that accepts the same credentials and serves one sale of its own. */
let other: FakeService;
let folder: ReturnType<typeof tempFolder>;
let dataDir: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command as a child process, as `npm run cli --` does, with this test's data folder, keychain and CA. */
function cli(args: string[], stdin = ''): Promise<Run> {
  const shared = ['--data-dir', dataDir, '--keychain-service', SERVICE, '--ca-file', fake.caPemPath];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args, ...shared], {
      env: { ...process.env, COMMISSION_DESK_API_SECRET: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

function addArgs(label: string, baseUrl: string): string[] {
  return [
    'accounts',
    'add',
    '--label',
    label,
    '--base-url',
    baseUrl,
    '--app-id',
    fake.credentials.appId,
    '--api-key',
    fake.credentials.apiKey,
  ];
}

/** The references of the account's CSV export of the period. */
async function exportedReferences(label: string, name: string): Promise<string> {
  const out = join(folder.dir, name);
  const run = await cli(['export', '--account', label, ...PERIOD, '--preset', 'all', '--format', 'csv', '--out', out]);
  expect(messagesOf(run.stderr)).toBe('');
  expect(run.code).toBe(EXIT_CODES.ok);
  return readFileSync(out, 'utf8');
}

/** Requests the other host received that carried any of the credential headers. */
function credentialRequests(): number {
  return other.requests.filter((r) => ['api-key', 'api-secret', 'app-id'].some((name) => name in r.headers)).length;
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 120, endDay: '2026-03-31', days: 60, seed: 7 } });
  const last = fake.sales[fake.sales.length - 1];
  if (!last) throw new Error('the fake has no sales');
  other = await startFakeService({ sales: [{ ...last, reference: FOREIGN_REFERENCE }] });
  folder = tempFolder('cli-binding');
  dataDir = join(folder.dir, 'data');
}, 60_000);
afterAll(async () => {
  for (const entry of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, entry.account);
  await fake.close();
  await other.close();
  folder.remove();
});

describe('the headless command with an account whose address was edited', () => {
  it('S12: sync sends nothing to the new address, caches nothing from it, and exits with the credentials error saying the address changed; the account added for the new address syncs', async () => {
    expect((await cli(addArgs('Main shop', fake.baseUrl), `${fake.credentials.apiSecret}\n`)).code).toBe(EXIT_CODES.ok);
    expect((await cli(['sync', '--account', 'Main shop', ...PERIOD])).code).toBe(EXIT_CODES.ok);
    const before = await exportedReferences('Main shop', 'before.csv');

    const settings = join(dataDir, 'config.json');
    writeFileSync(settings, readFileSync(settings, 'utf8').split(fake.baseUrl).join(other.baseUrl));
    const sync = await cli(['sync', '--account', 'Main shop', ...PERIOD]);
    expect(sync.code).toBe(EXIT_CODES.account);
    expect(sync.stdout).toBe('');
    expect(sync.stderr).toContain(
      `Error: The address of this account changed from ${fake.baseUrl} to ${other.baseUrl} since its API key and secret were saved`,
    );
    expect(sync.stderr).toMatch(/Sign in again/);
    expect(sync.stderr).toContain(
      'npm run cli -- accounts remove "Main shop", then add it again for the new address with: npm run cli -- accounts add',
    );
    expect(sync.stderr).not.toContain(fake.credentials.apiSecret);
    expect(other.requests).toHaveLength(0);
    const after = await exportedReferences('Main shop', 'after.csv');
    expect(after).not.toContain(FOREIGN_REFERENCE);
    expect(after).toBe(before);

    const removed = await cli(['accounts', 'remove', 'Main shop']);
    expect(removed.code, JSON.stringify(removed)).toBe(EXIT_CODES.ok);
    expect((await cli(addArgs('Other shop', other.baseUrl), `${fake.credentials.apiSecret}\n`)).code).toBe(
      EXIT_CODES.ok,
    );
    const synced = await cli(['sync', '--account', 'Other shop', ...PERIOD]);
    expect(messagesOf(synced.stderr)).toBe('');
    expect(synced.code).toBe(EXIT_CODES.ok);
    expect(credentialRequests()).toBeGreaterThan(0);
    expect(await exportedReferences('Other shop', 'other.csv')).toContain(FOREIGN_REFERENCE);
  }, 120_000);
});
