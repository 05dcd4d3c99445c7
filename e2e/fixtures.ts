/**
 * Playwright fixtures for the web project: each test gets its own test host process (started with
 * tsx from the repo's TypeScript), its own settings and export folders and keychain service name,
 * and, when it asks for one, an HTTPS fake service with a test CA the host trusts. A test that starts where most do,
 * signed in with the first sync finished, asks for `signedIn` (the page, already there) instead of repeating the steps.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { startFakeService, type FakeService } from './fake-service/fake-service';
import { startHostProcess, type HostConfig, type HostProcess } from './host-process';
import { signIn, waitForSyncIdle } from './ui-helpers';
import { localIsoDay } from '../src/shared/dates';

export { spawnHost, startHostProcess, type HostConfig, type HostProcess } from './host-process';

interface Fixtures {
  /** The fake service, started before the host so the host can trust its CA. */
  fake: FakeService;
  hostConfig: HostConfig;
  host: HostProcess;
  /** The test's page, signed in to the fake service as "My shop" through the UI, with the first sync finished. */
  signedIn: Page;
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
  signedIn: async ({ page, host, fake }, use) => {
    await page.goto(host.url);
    await signIn(page, fake);
    await waitForSyncIdle(page);
    await use(page);
  },
});

export { expect } from '@playwright/test';
