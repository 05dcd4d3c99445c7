/**
 * renderer: the app opened in Chromium (Debian's /usr/bin/chromium, driven by Playwright) through the e2e test host,
 * signed in to an account with 100,000 cached sales. The sales screen is the first screen; its remembered date
 * preset is "All cached sales", the account synced a moment ago (so no sync runs while measured), and the service
 * (the HTTPS fake, for the profile) is up. Measured: page load to the first rows, the time to scroll to the last
 * row (End in the table, then back through the middle), and the page's JS heap (CDP Runtime.getHeapUsage, sampled
 * after every step; the largest is the figure).
 *
 * Runs inside scripts/with-keyring.sh (the runner wraps it): the host reads the account's credentials from a Secret
 * Service, as the app does.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { startHostProcess } from '../../e2e/fixtures';
import { startFakeService } from '../../e2e/fake-service/fake-service';
import { openCache } from '../../src/core/cache';
import { PreferencesStore, createConfSettingsStore } from '../../src/core/settings';
import { CredentialVault } from '../../src/core/accounts';
import { createKeytarSecretStore, createMemorySecretStore } from '../../src/core/keychain';
import { localIsoDay } from '../../src/shared/dates';
import { BENCH_ACCOUNT, type RunCase } from '../lib/case';
import { atMost, count, holds, info } from '../lib/rows';
import { megabytes, progress } from '../lib/timing';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the renderer when out/renderer is missing or older than its sources. */
function ensureRendererBuilt(repoRoot: string): void {
  const built = statSync(join(repoRoot, 'out/renderer/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(newestMtime(join(repoRoot, 'src/renderer')), newestMtime(join(repoRoot, 'src/shared')));
  if (built >= sources) return;
  progress('building the renderer (out/renderer is missing or older than src/renderer)');
  const result = spawnSync('npx', ['electron-vite', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('electron-vite build failed');
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return megabytes(usedSize);
}

async function rowVisible(page: Page, index: number, timeout: number): Promise<void> {
  await page.locator(`[data-testid="sale-row"][data-index="${index}"]`).waitFor({ state: 'visible', timeout });
  await page.getByTestId('sale-row-loading').first().waitFor({ state: 'detached', timeout });
}

export const run: RunCase = async (input) => {
  const dbPath = input.datasets.medium;
  if (dbPath === undefined) throw new Error('renderer needs the medium database');
  const dataDir = join(input.workDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(dbPath, join(dataDir, 'cache.sqlite'));
  const today = localIsoDay(new Date());
  const fake = await startFakeService({ sales: { count: 10, endDay: today, days: 30, seed: 3 } });
  const keychainService = `Commission Desk (bench ${randomUUID()})`;
  const keychain = createKeytarSecretStore(keychainService);
  const cleanup: (() => Promise<unknown>)[] = [() => fake.close()];
  try {
    // The account, its remembered view and its credentials, as the app leaves them after a sign-in and a sync.
    const settings = createConfSettingsStore(dataDir);
    const account = {
      id: BENCH_ACCOUNT,
      label: 'Bench account',
      baseUrl: fake.baseUrl,
      appId: fake.credentials.appId,
      apiKeyMasked: `…${fake.credentials.apiKey.slice(-4)}`,
      remembered: true,
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
    };
    settings.set('accounts', [account]);
    settings.set('activeAccountId', BENCH_ACCOUNT);
    new PreferencesStore(settings).update({ account: { id: BENCH_ACCOUNT, values: { filter: {}, datePreset: 'all' } } });
    const { cache } = openCache({ path: join(dataDir, 'cache.sqlite') });
    cache.finishSyncRun(cache.beginSyncRun(BENCH_ACCOUNT, '2024-07-01', today), 'completed');
    cache.close();
    try {
      const secrets = { apiKey: fake.credentials.apiKey, apiSecret: fake.credentials.apiSecret };
      // Saved the way a sign-in saves them: bound to the account's address and app id.
      await new CredentialVault(keychain, createMemorySecretStore()).save(BENCH_ACCOUNT, secrets, { baseUrl: account.baseUrl, appId: account.appId }, false);
    } catch (error) {
      throw new Error(`the renderer case needs a Secret Service (run it through scripts/with-keyring.sh): ${(error as Error).message}`, { cause: error });
    }
    cleanup.push(() => keychain.delete(BENCH_ACCOUNT));
    ensureRendererBuilt(input.repoRoot);

    const host = await startHostProcess({ exportDir: input.workDir, dataDir, keychainService, caFile: fake.caPemPath });
    cleanup.push(() => host.stop());
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    cleanup.push(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const heaps: number[] = [];

    const loadStart = performance.now();
    await page.goto(host.url);
    await rowVisible(page, 0, 30_000);
    const firstRows = performance.now() - loadStart;
    const total = Number(await page.getByTestId('sales-total').getAttribute('data-value'));
    if (total !== input.size) throw new Error(`the sales screen shows ${total} sales, not ${input.size}`);
    heaps.push(await heapMb(page));
    progress(`first rows ${firstRows.toFixed(0)} ms after the page load started; heap ${heaps.at(-1)?.toFixed(1)} MB`);

    const scrollStart = performance.now();
    await page.getByTestId('sales-grid').focus();
    await page.keyboard.press('End');
    await rowVisible(page, input.size - 1, 30_000);
    const toEnd = performance.now() - scrollStart;
    heaps.push(await heapMb(page));
    progress(`last row ${toEnd.toFixed(0)} ms after End; heap ${heaps.at(-1)?.toFixed(1)} MB`);

    // Back up through the table in jumps, as a person dragging the scrollbar would.
    const steps = 20;
    for (let step = steps - 1; step >= 0; step--) {
      await page.getByTestId('sales-grid').evaluate((el, fraction) => {
        el.scrollTop = (el.scrollHeight - el.clientHeight) * fraction;
      }, step / steps);
      await page.getByTestId('sale-row').first().waitFor({ state: 'visible' });
      await page.getByTestId('sale-row-loading').first().waitFor({ state: 'detached', timeout: 30_000 });
      if (step % 5 === 0) heaps.push(await heapMb(page));
    }
    await rowVisible(page, 0, 30_000);
    heaps.push(await heapMb(page));
    const peakHeap = Math.max(...heaps);
    progress(`scrolled back to the top; heap samples ${heaps.map((h) => h.toFixed(1)).join(', ')} MB`);
    return {
      size: `${count(input.size)} sales`,
      rows: [
        atMost('first rows (page load to first row)', firstRows, 'ms', 1000),
        holds('scroll to the last row (End)', toEnd, 'ms', 'last row shown', true),
        atMost('JS heap used (largest sample)', peakHeap, 'MB', 150),
        info('JS heap used at the end', heaps.at(-1) as number, 'MB'),
      ],
      notes: ['Chromium via Playwright and the e2e test host; heap from CDP Runtime.getHeapUsage (no forced GC), sampled after each step.'],
    };
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }
};
