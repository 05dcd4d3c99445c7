/**
 * Playwright fixtures for the web project: each test gets its own test host process (started with
 * tsx from the repo's TypeScript), its own settings and export folders and keychain service name,
 * and, when it asks for one, an HTTPS fake service with a test CA the host trusts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { startFakeService, type FakeService } from './fake-service/fake-service';
import { localIsoDay } from '../src/shared/dates';

/** How a host process is started; the same options across restarts keep its accounts. */
export interface HostConfig {
  exportDir: string;
  dataDir: string;
  keychainService: string;
  caFile?: string;
}

/** A running test host process. */
export interface HostProcess extends HostConfig {
  url: string;
  stop(): Promise<void>;
}

/** A host process started and ready: its address, and how to stop it. */
export interface ReadyHost {
  url: string;
  stop(): Promise<void>;
}

/** Spawns a test host with `args` and waits for its ready line; `what` names it in the error when it exits first. */
export async function spawnHost(args: readonly string[], what: string): Promise<ReadyHost> {
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /TEST_HOST_READY (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}): ${stderr.join('')}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts `e2e/test-host/main.ts` and waits for its ready line. */
export async function startHostProcess(config: HostConfig): Promise<HostProcess> {
  const args = ['--import', 'tsx', 'e2e/test-host/main.ts', '--export-dir', config.exportDir, '--data-dir', config.dataDir];
  args.push('--keychain-service', config.keychainService);
  if (config.caFile) args.push('--ca-file', config.caFile);
  return { ...config, ...(await spawnHost(args, 'test host')) };
}

interface Fixtures {
  /** The fake service, started before the host so the host can trust its CA. */
  fake: FakeService;
  hostConfig: HostConfig;
  host: HostProcess;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures without dependencies.
  fake: async ({}, use) => {
    const fake = await startFakeService({ sales: { count: 600, endDay: localIsoDay(new Date()), days: 120, seed: 7 } });
    await use(fake);
    await fake.close();
  },
  hostConfig: async ({ fake }, use) => {
    const root = await mkdtemp(join(tmpdir(), 'commission-desk-e2e-'));
    await use({
      exportDir: root,
      dataDir: join(root, 'data'),
      keychainService: `Commission Desk (e2e ${randomUUID()})`,
      caFile: fake.caPemPath,
    });
    await rm(root, { recursive: true, force: true });
  },
  host: async ({ hostConfig }, use) => {
    const host = await startHostProcess(hostConfig);
    await use(host);
    await host.stop();
  },
});

export { expect } from '@playwright/test';
