/**
 * T7 through the UI: an account synced while the keychain worked, then opened on a computer where the keychain cannot
 * be reached (the host runs with a D-Bus session address that leads nowhere, so keytar really fails). The account
 * opens read-only on its cache — sales, search, charts, profile and an Excel export — with a banner naming the
 * reason; nothing reaches the service until the user enters the credentials to sync, for this session only.
 * Pictures of the banner and the credentials dialog, light and dark, at 1280×800 and 800×600, go to test-reports/.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, startHostProcess, test, type HostConfig, type HostProcess } from './fixtures';
import { firstShownValues, shownTotal, waitForSyncIdle } from './ui-helpers';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;
const THEMES = ['light', 'dark'] as const;
const PICTURES = join('test-reports', 'screenshots');
const HIDE_TOASTS = '.mantine-Notifications-root { display: none !important; }';

/** Starts the host as the app starts on a computer without a reachable keychain: its D-Bus session leads nowhere. */
async function startWithoutKeychain(config: HostConfig): Promise<HostProcess> {
  const saved = process.env.DBUS_SESSION_BUS_ADDRESS;
  process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/commission-desk-bus';
  try {
    return await startHostProcess(config);
  } finally {
    if (saved === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = saved;
  }
}

async function go(page: Page, section: 'Sales' | 'Profile'): Promise<void> {
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('link', { name: section }).click();
  await expect(page.getByRole('button', { name: 'Close navigation' })).toBeHidden();
}

async function exportedReferences(file: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('Sales');
  const header: string[] = [];
  sheet?.getRow(1).eachCell((cell, n) => (header[n] = String(cell.value)));
  const column = header.indexOf('Reference');
  const references: string[] = [];
  sheet?.eachRow((row, n) => {
    if (n > 1) references.push(String(row.getCell(column).value));
  });
  return references;
}

/** The banner and the credentials dialog in both themes and both sizes, for a person to look at. */
async function photograph(page: Page): Promise<void> {
  await page.addStyleTag({ content: HIDE_TOASTS });
  for (const size of SIZES) {
    for (const theme of THEMES) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await expect(page.getByTestId('read-only-banner')).toBeInViewport();
      await expect(page.getByTestId('sale-row').first()).toBeVisible();
      await page.waitForTimeout(250);
      await page.screenshot({ path: join(PICTURES, `read-only-${theme}-${size.width}.png`) });
      await page.getByRole('button', { name: 'Details' }).click();
      await expect(page.getByTestId('read-only-reason')).toBeVisible();
      await page.waitForTimeout(250);
      await page.screenshot({ path: join(PICTURES, `read-only-details-${theme}-${size.width}.png`) });
      await page.getByRole('button', { name: 'Hide details' }).click();
      await expect(page.getByTestId('read-only-reason')).toBeHidden();
      await page.getByRole('button', { name: 'Enter credentials to sync' }).click();
      await expect(page.getByRole('dialog', { name: 'Enter credentials to sync' })).toBeVisible();
      await page.waitForTimeout(250);
      await page.screenshot({ path: join(PICTURES, `read-only-credentials-${theme}-${size.width}.png`) });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  }
  await page.setViewportSize(SIZES[0]);
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('offline without a keychain', () => {
  test('T7: with no keychain a cached account opens read-only with the reason; sales, search, charts, profile and export work; only syncing asks for the credentials', async ({
    signedIn: page,
    host,
    fake,
    hostConfig,
  }) => {
    test.setTimeout(240_000);
    await go(page, 'Profile');
    await expect(page.getByTestId('profile-name')).toHaveText(fake.profile.profile_name ?? '');
    await go(page, 'Sales');
    const total = await shownTotal(page);
    expect(total).toBeGreaterThan(20);
    const firstRows = await firstShownValues(page, 10);
    await host.stop();

    fake.clearRequests();
    const offline = await startWithoutKeychain(hostConfig);
    try {
      await page.goto(offline.url);
      const banner = page.getByTestId('read-only-banner');
      await expect(banner).toContainText('Read-only: the system keychain is not available');
      await expect(banner).toContainText('Only syncing needs your API key and secret');
      await banner.getByRole('button', { name: 'Details' }).click();
      await expect(page.getByTestId('read-only-reason')).toBeVisible();
      await expect(page.getByTestId('read-only-reason')).toContainText('The system keychain could not be opened');
      await expect(page.getByTestId('read-only-reason')).toContainText('enter your credentials for this session');
      await expect(page.getByTestId('reauth-screen')).toHaveCount(0);
      await expect(page.getByTestId('account-switcher')).toContainText('My shop');
      await expect(page.getByTestId('read-only-status')).toContainText('Read-only');

      await expect(page.getByTestId('sales-total')).toHaveAttribute('data-value', String(total));
      expect(await firstShownValues(page, 10)).toEqual(firstRows);
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.fill(firstRows[0] ?? '');
      await expect(page.getByTestId('sales-total')).toHaveAttribute('data-value', '1');
      await search.fill('');
      await expect(page.getByTestId('sales-total')).toHaveAttribute('data-value', String(total));

      await page.getByRole('tab', { name: 'Charts & totals' }).click();
      await expect(page.getByTestId('commission-chart')).toBeVisible();
      await expect(
        page.getByTestId('chart-currency').first().locator('.recharts-bar-rectangle path').first(),
      ).toBeVisible();
      await page.getByRole('tab', { name: 'Sales' }).click();

      await page.getByRole('button', { name: 'Export to Excel' }).click();
      const notice = page.getByTestId('export-notification');
      await expect(notice).toContainText(/Exported .+\.xlsx/);
      const files = (await readdir(offline.exportDir)).filter((f) => f.endsWith('.xlsx'));
      expect(files).toHaveLength(1);
      const exported = await exportedReferences(join(offline.exportDir, files[0] ?? ''));
      expect(exported).toHaveLength(total);
      expect(exported.slice(0, 10)).toEqual(firstRows);

      await go(page, 'Profile');
      await expect(page.getByTestId('profile-name')).toHaveText(fake.profile.profile_name ?? '');
      await go(page, 'Sales');
      expect(fake.requests).toHaveLength(0);

      await page.getByRole('button', { name: 'Hide details' }).click();
      await photograph(page);

      // The header's Sync button asks for the credentials too; the dialog never offers to keep a key it cannot read.
      await page.getByRole('button', { name: 'Sync', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Enter credentials to sync' });
      await expect(dialog.getByLabel('API key')).toHaveAttribute('placeholder', 'Type your API key');
      await expect(dialog).not.toContainText('Leave empty');
      await dialog.getByLabel('API key').fill(fake.credentials.apiKey);
      await dialog.getByLabel('API secret').fill(fake.credentials.apiSecret);
      await dialog.getByRole('button', { name: 'Sync for this session only' }).click();
      await expect(page.getByTestId('read-only-banner')).toHaveCount(0);
      await expect(page.getByTestId('session-only-banner')).toBeVisible();
      await expect(page.getByTestId('sync-control')).toBeVisible();

      const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
      await page.getByRole('button', { name: 'Sync', exact: true }).click();
      await waitForSyncIdle(page, { after: before });
      expect(fake.requests.some((r) => r.path.startsWith('/v1/report/sales'))).toBe(true);
    } finally {
      await offline.stop();
    }
  });
});
