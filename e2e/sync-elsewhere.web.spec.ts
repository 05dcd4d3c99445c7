/**
 * R10 as a person sees it: the app open on an account while a command (a real process, as a scheduled job runs it)
 * syncs the same account in the same data folder. The header says a sync runs in another window or command, the
 * sales the command stores show without a restart, and the app's own sync — "Sync", or the background sync — waits for
 * the command's and then completes, with no error on either side.
 */
import type { Page } from '@playwright/test';
import { addDays, localIsoDay } from '../src/shared/dates';
import { runCliProcess, type CliRun } from '../test-support/cli-kit';
import { expect, test, type HostConfig } from './fixtures';
import type { FakeService } from './fake-service/fake-service';
import { BACKGROUND_SYNC_PATH, type FireResult } from './test-host/background-control';
import { expectTotal, pickDates, waitForSyncIdle } from './ui-helpers';

const TODAY = localIsoDay(new Date());
/** Days mostly older than the app's first sync fetched, so the command brings their sales. */
const OLDER = ['--from', addDays(TODAY, -119), '--to', addDays(TODAY, -20)];

/** The command, syncing the older days of the account the app has open, slowly enough to be met. */
function slowCommand(fake: FakeService, config: HostConfig, extra: string[] = []): Promise<CliRun> {
  fake.setFaults({ latencyMs: 2000 });
  const shared = [
    '--data-dir',
    config.dataDir,
    '--keychain-service',
    config.keychainService,
    '--ca-file',
    config.caFile ?? '',
  ];
  return runCliProcess(['sync', '--account', 'My shop', ...OLDER, ...extra, ...shared]);
}

/** Waits until the command holds the account's lease: it asks the service only after taking it. */
async function commandFetching(fake: FakeService, seen: number): Promise<void> {
  await expect.poll(() => fake.requests.length, { timeout: 30_000 }).toBeGreaterThan(seen);
}

async function expectSyncingElsewhere(page: Page): Promise<void> {
  await expect(page.getByTestId('sync-elsewhere')).toHaveText('Syncing in another window or command', {
    timeout: 30_000,
  });
}

test('R10: while a command syncs the open account, the header says so, its sales show without a restart, and the app waits for it', async ({
  signedIn: page,
  fake,
  hostConfig,
  host,
}) => {
  await pickDates(page, 'All cached sales');
  const first = slowCommand(fake, hostConfig);
  await expectSyncingElsewhere(page);
  fake.setFaults({ latencyMs: 0 });
  expect((await first).code).toBe(0);
  // Every sale of the service is now cached: the first sync's recent days and the command's older ones.
  await expect(page.getByTestId('sync-elsewhere')).toHaveCount(0, { timeout: 30_000 });
  await expectTotal(page, fake.sales.length);

  // "Sync" while the command syncs: the app's sync waits for it, then runs and completes.
  const before = new Date().toISOString();
  let seen = fake.requests.length;
  const second = slowCommand(fake, hostConfig, ['--refresh']);
  await commandFetching(fake, seen);
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByTestId('sync-waiting-elsewhere')).toContainText(
    'Waiting: syncing in another window or command',
  );
  fake.setFaults({ latencyMs: 0 });
  expect((await second).code).toBe(0);
  await waitForSyncIdle(page, { after: before });

  // The background sync defers the same way.
  seen = fake.requests.length;
  const third = slowCommand(fake, hostConfig, ['--refresh']);
  await commandFetching(fake, seen);
  const fired = fetch(new URL(`${BACKGROUND_SYNC_PATH}/fire`, host.url), { method: 'POST' });
  await expect(page.getByTestId('sync-waiting-elsewhere')).toBeVisible({ timeout: 30_000 });
  fake.setFaults({ latencyMs: 0 });
  expect((await third).code).toBe(0);
  expect(((await (await fired).json()) as FireResult).fired).toBe(true);
  await expect(page.getByTestId('sync-control')).toHaveAttribute('data-sync-error', '');
  await expectTotal(page, fake.sales.length);
});
