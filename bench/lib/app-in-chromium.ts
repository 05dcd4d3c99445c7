/**
 * The app's real renderer in Chromium through the e2e test host, as the renderer cases use it: an account signed in
 * over a copy of a generated cache (its remembered view "All cached sales", synced a moment ago so no sync starts
 * while measured, its credentials in a Secret Service), Chromium started by Playwright, and the page helpers the
 * cases measure with. Also the machine's reference for renderer timings: the same Chromium loading a static page of
 * 100 table rows.
 *
 * The host reads the credentials from a Secret Service, as the app does: cases using this run inside
 * scripts/with-keyring.sh (their entry's wrapper).
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../e2e/chromium-args';
import type { HostConfig } from '../../e2e/fixtures';
import { startFakeService } from '../../e2e/fake-service/fake-service';
import { openCache } from '../../src/core/cache';
import { PreferencesStore, createConfSettingsStore } from '../../src/core/settings';
import { CredentialVault } from '../../src/core/accounts';
import { createKeytarSecretStore, createMemorySecretStore } from '../../src/core/keychain';
import { localIsoDay } from '../../src/shared/dates';
import { BENCH_ACCOUNT } from './case';
import { megabytes, median, progress } from './timing';

/** Rows of the reference page, about what the sales table shows in a 1280×800 window and more. */
const REFERENCE_ROWS = 100;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the renderer when out/renderer is missing or older than its sources. */
export function ensureRendererBuilt(repoRoot: string): void {
  const built = statSync(join(repoRoot, 'out/renderer/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(newestMtime(join(repoRoot, 'src/renderer')), newestMtime(join(repoRoot, 'src/shared')));
  if (built >= sources) return;
  progress('building the renderer (out/renderer is missing or older than src/renderer)');
  const result = spawnSync('npx', ['electron-vite', 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('electron-vite build failed');
}

/** Debian's Chromium (or CHROMIUM_PATH), headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
  });
}

/** A browser profile kept on disk, and how to close it (which also removes its folder). */
export interface AppProfile {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * One browser profile for a case's page loads, kept on disk in a folder of `workDir` as the app's window keeps its
 * session between starts: its HTTP cache and the compiled code of the renderer's scripts carry over from one load to
 * the next (the app's scheme allows the code cache; the test host lets the hashed build files be cached), so a load
 * after the first two is what a start after the first two is in the app. A context from `browser.newContext()` would
 * not do: Chromium keeps such contexts in memory and keeps no compiled code for them, so every load would compile the
 * scripts again. Keep the host's address the same between loads (bundled-host.ts's fixed port).
 */
export async function launchAppProfile(workDir: string): Promise<AppProfile> {
  const dir = mkdtempSync(join(workDir, 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The page's JS heap in MB (CDP Runtime.getHeapUsage, no forced GC). */
export async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return megabytes(usedSize);
}

/** Waits until the table row at `index` is visible and no row is still loading. */
export async function rowVisible(page: Page, index: number, timeout: number): Promise<void> {
  await page.locator(`[data-testid="sale-row"][data-index="${index}"]`).waitFor({ state: 'visible', timeout });
  await page.getByTestId('sale-row-loading').first().waitFor({ state: 'detached', timeout });
}

/** Where the page keeps the time it first showed the rows it waits for. */
const SHOWN_AT = '__benchShownAt';

/**
 * Makes `page` note, in itself, when it first draws a frame with `row` on screen (and, when given, no `loading`
 * element): a check at every animation frame, before it is painted, timed by the page's clock (ms since the start of
 * its navigation). Playwright's own waiting polls at growing intervals, which would round a time up by as much as
 * one interval.
 */
async function noteWhenShown(page: Page, row: string, loading: string | null): Promise<void> {
  // Source text, not a function: tsx names functions with a helper the page does not have.
  await page.addInitScript(`(() => {
    const shown = () => {
      const element = document.querySelector(${JSON.stringify(row)});
      if (element === null${loading === null ? '' : ` || document.querySelector(${JSON.stringify(loading)}) !== null`}) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
    };
    const check = () => {
      if (shown()) window[${JSON.stringify(SHOWN_AT)}] = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`);
}

/** When a page load showed what it waited for: ms after the navigation started, and that moment's epoch time. */
export interface ShownAt {
  ms: number;
  epochMs: number;
}

/** Loads `url` in `page` (which {@link noteWhenShown} prepared) and waits for its note. */
async function loadUntilShown(page: Page, url: string, timeout: number): Promise<ShownAt> {
  await page.goto(url);
  const handle = await page.waitForFunction(
    (key) => (globalThis as unknown as Record<string, number | undefined>)[key],
    SHOWN_AT,
    { timeout },
  );
  const ms = (await handle.jsonValue()) as number;
  const origin = await page.evaluate(() => performance.timeOrigin);
  return { ms, epochMs: origin + ms };
}

/**
 * Loads `url` in `page` until the first sales row is on screen with no row still loading; checks the screen counts
 * `expectedTotal` sales.
 */
export async function loadToFirstRowsAt(page: Page, url: string, expectedTotal: number): Promise<ShownAt> {
  await noteWhenShown(page, '[data-testid="sale-row"][data-index="0"]', '[data-testid="sale-row-loading"]');
  const shown = await loadUntilShown(page, url, 60_000);
  const total = Number(await page.getByTestId('sales-total').getAttribute('data-value'));
  if (total !== expectedTotal) throw new Error(`the sales screen shows ${total} sales, not ${expectedTotal}`);
  return shown;
}

/** Loads `url` in `page` and returns the ms from the start of the load to the first sales row on screen. */
export async function loadToFirstRows(page: Page, url: string, expectedTotal: number): Promise<number> {
  return (await loadToFirstRowsAt(page, url, expectedTotal)).ms;
}

/** End in the table, then back up in 20 jumps, as a person dragging the scrollbar would; heap sampled on the way. */
export async function scrollThrough(page: Page, size: number, heaps: number[]): Promise<number> {
  // Once the screen has everything it asked for: totals arriving later can move the table after End was pressed.
  await page.waitForLoadState('networkidle');
  const scrollStart = performance.now();
  await page.getByTestId('sales-grid').focus();
  await page.keyboard.press('End');
  await rowVisible(page, size - 1, 30_000);
  const toEnd = performance.now() - scrollStart;
  heaps.push(await heapMb(page));
  progress(`last row ${toEnd.toFixed(0)} ms after End; heap ${heaps.at(-1)?.toFixed(1)} MB`);
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
  return toEnd;
}

/** A signed-in account over a copy of a generated cache, ready for a test host; `close` removes what it made. */
export interface PreparedAccount {
  hostConfig: HostConfig;
  /** The cache file the host opens. */
  cachePath: string;
  close(): Promise<void>;
}

/**
 * Copies `dbPath` to `workDir`/data/cache.sqlite and leaves the account as the app does after a sign-in and a sync:
 * settings, remembered view (every cached sale), a completed sync run, credentials in the Secret Service.
 */
export async function prepareSignedInAccount(workDir: string, dbPath: string): Promise<PreparedAccount> {
  const dataDir = join(workDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const cachePath = join(dataDir, 'cache.sqlite');
  copyFileSync(dbPath, cachePath);
  const today = localIsoDay(new Date());
  const fake = await startFakeService({ sales: { count: 10, endDay: today, days: 30, seed: 3 } });
  const keychainService = `Commission Desk (bench ${randomUUID()})`;
  const keychain = createKeytarSecretStore(keychainService);
  const cleanup: (() => Promise<unknown>)[] = [() => fake.close()];
  const close = async (): Promise<void> => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  };
  try {
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
    new PreferencesStore(settings).update({
      account: { id: BENCH_ACCOUNT, values: { filter: {}, datePreset: 'all' } },
    });
    const { cache } = openCache({ path: cachePath });
    cache.finishSyncRun(cache.beginSyncRun(BENCH_ACCOUNT, '2024-07-01', today), 'completed');
    cache.close();
    try {
      const secrets = { apiKey: fake.credentials.apiKey, apiSecret: fake.credentials.apiSecret };
      // Saved the way a sign-in saves them: bound to the account's address and app id.
      await new CredentialVault(keychain, createMemorySecretStore()).save(
        BENCH_ACCOUNT,
        secrets,
        { baseUrl: account.baseUrl, appId: account.appId },
        false,
      );
    } catch (error) {
      throw new Error(
        `the renderer cases need a Secret Service (run them through scripts/with-keyring.sh): ${(error as Error).message}`,
        { cause: error },
      );
    }
    cleanup.push(() => keychain.delete(BENCH_ACCOUNT));
  } catch (error) {
    await close();
    throw error;
  }
  return { hostConfig: { exportDir: workDir, dataDir, keychainService, caFile: fake.caPemPath }, cachePath, close };
}

function referenceHtml(): string {
  const cells = (i: number): string =>
    [
      `2026-06-${String((i % 28) + 1).padStart(2, '0')}`,
      `Product ${i}`,
      `REF-${100_000 + i}`,
      `${(i * 1.37).toFixed(2)} EUR`,
      'approved',
    ]
      .map((text) => `<td>${text}</td>`)
      .join('');
  const rows = Array.from({ length: REFERENCE_ROWS }, (_, i) => `<tr data-testid="ref-row">${cells(i)}</tr>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>reference</title></head><body><table><tbody>${rows}</tbody></table></body></html>`;
}

/**
 * The machine's speed for renderer timings: the median of `runs` loads of a static page of 100 table rows (served
 * over loopback HTTP, never cached) in `profile`, from the start of the load to its first row on screen (noted by the
 * page, as the app's first rows are), each in a fresh page.
 */
export async function staticPageReference(profile: BrowserContext, runs = 5): Promise<number> {
  const html = referenceHtml();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const page = await profile.newPage();
      await noteWhenShown(page, '[data-testid="ref-row"]', null);
      times.push((await loadUntilShown(page, url, 30_000)).ms);
      await page.close();
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
  return median(times);
}
