import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeytarSecretStore } from './keytar-secret-store';
import { createMemorySecretStore } from './memory-secret-store';

const run = promisify(execFile);
const SERVICE = `Commission Desk (test ${randomUUID()})`;

/** Runs a store operation in a child process with the given environment and returns what it printed. */
async function storeInChild(
  env: NodeJS.ProcessEnv,
  wrapper: string[] = [],
): Promise<{ code?: string; stored?: boolean; message?: string }> {
  const script = `
    const { createKeytarSecretStore } = await import('./src/core/keychain/keytar-secret-store.ts');
    const store = createKeytarSecretStore(${JSON.stringify(SERVICE)});
    try { await store.set('probe', 'value'); console.log(JSON.stringify({ stored: true })); }
    catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message })); }`;
  const args = [...wrapper, process.execPath, '--import', 'tsx', '--input-type=module', '-e', script];
  const { stdout } = await run(args[0] ?? '', args.slice(1), { env: { ...process.env, ...env }, timeout: 30_000 });
  const last = stdout.trim().split('\n').pop() ?? '{}';
  return JSON.parse(last) as { code?: string; stored?: boolean; message?: string };
}

describe('keychain secret store (real Secret Service)', () => {
  const store = createKeytarSecretStore(SERVICE);
  afterAll(async () => {
    await store.delete('account-a').catch(() => undefined);
    await store.delete('account-b').catch(() => undefined);
  });

  it('C1: stores one entry per account, reads it back, and deletes it', async () => {
    await store.set('account-a', '{"apiKey":"k-a","apiSecret":"s-a"}');
    await store.set('account-b', '{"apiKey":"k-b","apiSecret":"s-b"}');
    expect(await store.get('account-a')).toBe('{"apiKey":"k-a","apiSecret":"s-a"}');
    expect(await store.get('account-b')).toBe('{"apiKey":"k-b","apiSecret":"s-b"}');
    expect(await store.delete('account-a')).toBe(true);
    expect(await store.get('account-a')).toBeNull();
    expect(await store.get('account-b')).not.toBeNull();
  });

  it('C1: entries under the test service name are invisible to another service name', async () => {
    await store.set('account-a', 'only-here');
    const other = createKeytarSecretStore(`${SERVICE} other`);
    expect(await other.get('account-a')).toBeNull();
  });
});

describe('no keychain available', () => {
  it('C3: with no D-Bus session at all the store says KEYCHAIN_UNAVAILABLE and what to do', async () => {
    const result = await storeInChild({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/commission-desk-bus' });
    expect(result.code).toBe('KEYCHAIN_UNAVAILABLE');
    expect(result.message).toMatch(/continue for this session only/);
    expect(result.message).not.toMatch(/value/);
  });

  it('C3: with a D-Bus session but no Secret Service the store says KEYCHAIN_UNAVAILABLE', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'no-secret-service-'));
    const config = join(dir, 'session.conf');
    await writeFile(
      config,
      `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:tmpdir=${dir}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>`,
    );
    try {
      const result = await storeInChild({}, ['dbus-run-session', `--config-file=${config}`, '--']);
      expect(result.code).toBe('KEYCHAIN_UNAVAILABLE');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('memory secret store', () => {
  it('C3: keeps credentials for this session only, in memory', async () => {
    const store = createMemorySecretStore();
    expect(store.kind).toBe('memory');
    await store.set('a', 'secret');
    expect(await store.get('a')).toBe('secret');
    expect(await createMemorySecretStore().get('a')).toBeNull();
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
  });
});
