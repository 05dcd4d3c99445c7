/**
 * Playwright fixtures for the web project: each test gets its own test host process (started with
 * tsx from the repo's TypeScript), its own export folder, and a page opened on the host.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';

/** A running test host process. */
export interface HostProcess {
  url: string;
  exportDir: string;
  stop(): Promise<void>;
}

/** Starts `e2e/test-host/main.ts` and waits for its ready line. */
export async function startHostProcess(exportDir: string): Promise<HostProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'e2e/test-host/main.ts', '--export-dir', exportDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /TEST_HOST_READY (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`test host exited (${code}): ${stderr.join('')}`)));
  });
  return {
    url,
    exportDir,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export const test = base.extend<{ host: HostProcess }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures without dependencies.
  host: async ({}, use) => {
    const exportDir = await mkdtemp(join(tmpdir(), 'commission-desk-e2e-'));
    const host = await startHostProcess(exportDir);
    await use(host);
    await host.stop();
    await rm(exportDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
