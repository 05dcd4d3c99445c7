/**
 * A sync's progress as a person sees it, against a slow HTTPS fake (every answer delayed): the header's words, its
 * bar and the banner above the sales give the same share, "N of about M" appears only when the bar is measured by
 * those records, a time left shows up, and during the first sync the banner says the days are being fetched instead
 * of calling them missing. Offline, the banner says so and offers to sync the missing days once the network is back —
 * both when the system reports no network (the browser's offline and online events) and when the service cannot be
 * reached (the fake stopped, then started again).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { localIsoDay } from '../src/shared/dates';
import { test as base, expect } from './fixtures';
import { startFakeService, type FakeService } from './fake-service/fake-service';
import { screenshotPath } from './screenshot-path';
import { pickDates, signIn, waitForSyncIdle } from './ui-helpers';

/** Enough sales for a first sync of ten pages or so. */
function slowFake(latencyMs: number) {
  return startFakeService({
    sales: { count: 3000, endDay: localIsoDay(new Date()), days: 90, seed: 17 },
    faults: { latencyMs },
  });
}

const test = base.extend<{ latencyMs: number }>({
  latencyMs: [400, { option: true }],
  fake: async ({ latencyMs }, use) => {
    const fake = await slowFake(latencyMs);
    await use(fake);
    await fake.close();
  },
});

/** What the header and the banner show at one instant. */
interface Sample {
  detail: string;
  bar: number | null;
  indeterminate: boolean;
  banner: string | null;
  missingBanner: boolean;
}

async function sample(page: Page): Promise<Sample | null> {
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid="sync-progress"]');
    if (box === null) return null;
    const bar = box.querySelector('[role="progressbar"]');
    const now = bar?.getAttribute('aria-valuenow');
    return {
      detail: box.getAttribute('data-detail') ?? '',
      bar: now === null || now === undefined ? null : Number(now),
      indeterminate: bar?.getAttribute('data-striped') !== null && bar?.getAttribute('data-striped') !== undefined,
      banner: document.querySelector('[data-testid="syncing-banner-progress"]')?.textContent ?? null,
      missingBanner: document.querySelector('[data-testid="incomplete-banner"]') !== null,
    };
  });
}

const COUNT = /^([\d,]+)(?: of about ([\d,]+))? sales? · \d+ pages?(?: · (\d+)% · (.+))?$/;
const TIME_LEFT = /^(about \d+ (s|min|h)( \d+ min)? left|a few seconds left|almost done|working out the time left)$/;

/** Checks one sample; returns what it showed. */
function check(s: Sample): { percent: number | null; ofAbout: boolean; eta: string | null } {
  const match = COUNT.exec(s.detail);
  if (s.detail === 'Waiting for the first page…') return { percent: null, ofAbout: false, eta: null };
  expect(match, s.detail).not.toBeNull();
  const [, records, total, percent, eta] = match ?? [];
  if (percent === undefined) {
    // No measure yet: the bar moves without claiming a share.
    expect(s.indeterminate, JSON.stringify(s)).toBe(true);
    return { percent: null, ofAbout: total !== undefined, eta: null };
  }
  expect(s.bar, JSON.stringify(s)).toBe(Number(percent));
  if (total !== undefined) {
    const share = Math.round((Number(records?.replaceAll(',', '')) / Number(total.replaceAll(',', ''))) * 100);
    expect(Math.min(100, share), JSON.stringify(s)).toBe(Number(percent));
  }
  expect(eta, s.detail).toMatch(TIME_LEFT);
  if (s.banner !== null) expect(s.banner, JSON.stringify(s)).toBe(`${percent}% · ${eta}`);
  return { percent: Number(percent), ofAbout: total !== undefined, eta: eta ?? null };
}

/** Samples the header (and banner) until the sync ends; every sample must agree with itself. */
async function watch(page: Page): Promise<{ samples: Sample[]; results: ReturnType<typeof check>[] }> {
  const samples: Sample[] = [];
  await expect(page.getByTestId('sync-progress')).toBeVisible();
  for (;;) {
    const s = await sample(page);
    if (s === null) break;
    samples.push(s);
    await page.waitForTimeout(150);
  }
  return { samples, results: samples.map(check) };
}

async function goOffline(page: Page, offline: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !value });
    window.dispatchEvent(new Event(value ? 'offline' : 'online'));
  }, offline);
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;

/** Serious or critical accessibility problems inside `selectors`, one line each. */
async function seriousProblems(page: Page, ...selectors: string[]): Promise<string[]> {
  const result = await selectors.reduce((axe, selector) => axe.include(selector), new AxeBuilder({ page })).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`);
}

/**
 * The screen as it is now, light and dark, at both sizes (notifications hidden: the banner is the subject), with no
 * serious accessibility problem in `subject`.
 */
async function photograph(page: Page, name: string, subject: string): Promise<void> {
  const style = await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  for (const size of SIZES) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await page.waitForTimeout(250);
      await page.screenshot({ path: screenshotPath(`${name}-${theme}-${size.width}.png`) });
      expect(await seriousProblems(page, subject)).toEqual([]);
    }
  }
  await style.evaluate((node) => node.parentNode?.removeChild(node));
  await page.setViewportSize(SIZES[0]);
  await page.emulateMedia({ colorScheme: 'light' });
}

function reportRequests(fake: FakeService): number {
  return fake.requests.filter((r) => r.route === 'report').length;
}

test.describe('sync progress', () => {
  test('the words, the bar and the banner agree, with a time left; the first sync is not called missing days', async ({
    page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    await page.goto(host.url);
    await signIn(page, fake);

    // The first sync: one window, so "N of about M" with the bar at N ÷ M, and the banner says it is syncing.
    await expect(page.getByTestId('syncing-banner')).toContainText('Fetching your sales for the first time');
    const first = await watch(page);
    expect(first.samples.some((s) => s.missingBanner)).toBe(false);
    expect(first.samples.some((s) => s.banner !== null)).toBe(true);
    expect(first.results.some((r) => r.ofAbout && r.percent !== null)).toBe(true);
    expect(
      first.results.some((r) => r.eta !== null && /left$/.test(r.eta) && r.eta !== 'working out the time left'),
    ).toBe(true);
    await waitForSyncIdle(page);
    await expect(page.getByTestId('syncing-banner')).toHaveCount(0);

    // The backfill: many windows, so the words give the sales so far and the bar's share, never "of about".
    await page.getByRole('button', { name: 'Backfill the last 24 months' }).click();
    const backfill = await watch(page);
    expect(backfill.results.some((r) => r.percent !== null)).toBe(true);
    expect(backfill.results.every((r) => !r.ofAbout)).toBe(true);
    await waitForSyncIdle(page);
  });

  test('offline, "Sync the missing days" says so and syncs them once the system is back online', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(180_000);
    await pickDates(page, 'Last 90 days');
    await expect(page.getByTestId('incomplete-banner')).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      expect(await seriousProblems(page, '[data-testid="incomplete-banner"]')).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await goOffline(page, true);
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText('You are offline');
    await expect(page.getByTestId('incomplete-banner')).toHaveCount(0);
    await expect(banner.getByRole('button', { name: 'Sync the missing days' })).toHaveCount(0);
    await photograph(page, 'offline-missing-days', '[data-testid="offline-banner"]');
    fake.clearRequests();
    await banner.getByRole('button', { name: 'Sync when back online' }).click();
    await expect(page.getByTestId('waiting-for-network')).toContainText('will sync as soon as you are back online');
    await expect(banner.getByRole('button', { name: 'Try now' })).toHaveCount(0);
    await photograph(page, 'offline-waiting', '[data-testid="offline-banner"]');
    expect(reportRequests(fake)).toBe(0);

    const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
    await goOffline(page, false);
    await waitForSyncIdle(page, { after: before });
    expect(reportRequests(fake)).toBeGreaterThan(0);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await expect(page.getByTestId('incomplete-banner')).toHaveCount(0);
  });

  test('with the service out of reach, the missing days wait and sync by themselves once it answers again', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(180_000);
    await pickDates(page, 'Last 90 days');
    await expect(page.getByTestId('incomplete-banner')).toBeVisible();

    await fake.stop();
    await page.getByRole('button', { name: 'Sync the missing days' }).click();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText('You are offline', { timeout: 60_000 });
    await expect(page.getByTestId('sync-failed-notification')).toBeVisible();
    await banner.getByRole('button', { name: 'Sync when back online' }).click();
    await expect(page.getByTestId('waiting-for-network')).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Try now' })).toBeVisible();

    const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
    await fake.start();
    // No button pressed: the waiting days are tried again every little while and sync once the service answers.
    await expect(banner).toHaveCount(0, { timeout: 60_000 });
    await waitForSyncIdle(page, { after: before });
    await expect(page.getByTestId('incomplete-banner')).toHaveCount(0);
  });
});

test.describe('sync progress pictures', () => {
  // Slow enough for four pictures and their checks before the first sync ends, even on a busy machine.
  test.use({ latencyMs: 3000 });

  test('the header and the banner during the first sync, light and dark, at 1280×800 and 800×600', async ({
    page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    await page.goto(host.url);
    await signIn(page, fake);
    await expect(page.getByTestId('syncing-banner')).toBeVisible();
    // Pictures once a share and a time left are known.
    await expect(page.getByTestId('sync-progress')).toHaveAttribute('data-detail', /% · (about|a few)/, {
      timeout: 60_000,
    });
    for (const size of SIZES) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        await expect(page.getByTestId('syncing-banner')).toBeVisible();
        await page.screenshot({ path: screenshotPath(`first-sync-${theme}-${size.width}.png`) });
        expect(await seriousProblems(page, '[data-testid="syncing-banner"]', '[data-testid="sync-control"]')).toEqual(
          [],
        );
      }
    }
  });
});
