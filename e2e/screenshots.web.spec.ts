/**
 * Screenshots of every screen, light and dark, at 1280×800 and 800×600, written to test-reports/screenshots/ (or to
 * docs/screenshots/ by `npm run screenshots`) as
 * `<screen>-<theme>-<width>.png` (the README shows them). The data is the HTTPS fake's, synced through the UI, with
 * some statuses changed between two syncs so "Changes" has something to show.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { backfill, signIn, waitForSyncIdle } from './ui-helpers';
import { screenshotPath } from './screenshot-path';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** Hides transient notifications so each picture shows the screen itself. */
const HIDE_TOASTS = '.mantine-Notifications-root { display: none !important; }';

async function shoot(page: Page, screen: string, theme: string, width: number): Promise<void> {
  await page.waitForTimeout(250);
  await page.screenshot({ path: screenshotPath(`${screen}-${theme}-${width}.png`) });
}

async function go(page: Page, section: 'Sales' | 'Profile' | 'Settings'): Promise<void> {
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('link', { name: section }).click();
  await expect(page.getByRole('button', { name: 'Close navigation' })).toBeHidden();
}

async function setLook(page: Page, theme: (typeof THEMES)[number], size: (typeof SIZES)[number]): Promise<void> {
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
}

test.describe('screenshots', () => {
  test('every screen, light and dark, at 1280×800 and 800×600', async ({ page, host, fake }) => {
    test.setTimeout(300_000);
    await page.goto(host.url);
    await page.addStyleTag({ content: HIDE_TOASTS });
    for (const size of SIZES) {
      for (const theme of THEMES) {
        await setLook(page, theme, size);
        await expect(page.getByRole('button', { name: 'Connect your account' })).toBeVisible();
        await shoot(page, 'welcome', theme, size.width);
        await page.getByRole('button', { name: 'Connect your account' }).click();
        await expect(page.getByLabel('Service address')).toBeVisible();
        await shoot(page, 'sign-in', theme, size.width);
        await page
          .getByRole('button', { name: /Back|Cancel/ })
          .first()
          .click();
      }
    }

    await page.setViewportSize(SIZES[0]);
    await signIn(page, fake);
    await waitForSyncIdle(page);
    await backfill(page);
    fake.changeSaleStatuses({ count: 12 });
    fake.changeSaleStatuses({ count: 6, fromCommissionStatus: 'approved', to: { payment_status: 'paid' } });
    const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await waitForSyncIdle(page, { after: before });
    await page.addStyleTag({ content: HIDE_TOASTS });

    for (const size of SIZES) {
      for (const theme of THEMES) {
        await setLook(page, theme, size);
        await go(page, 'Sales');
        await page.getByRole('tab', { name: 'Sales' }).click();
        await expect(page.getByTestId('sale-row').first()).toBeVisible();
        await shoot(page, 'sales', theme, size.width);

        await page.getByRole('button', { name: 'Columns' }).click();
        await expect(page.getByTestId('column-chooser')).toBeVisible();
        await shoot(page, 'sales-columns', theme, size.width);
        await page.keyboard.press('Escape');

        await page.getByTestId('sale-row').nth(2).click();
        await expect(page.getByTestId('drawer-reference')).toBeVisible();
        await shoot(page, 'sale-detail', theme, size.width);
        await page.getByRole('button', { name: 'Close sale details' }).click();

        await page.getByRole('tab', { name: 'Charts & totals' }).click();
        await expect(page.getByTestId('chart-bar').first()).toBeVisible();
        await expect(page.getByTestId('breakdown-entry').first()).toBeVisible();
        await shoot(page, 'charts', theme, size.width);

        await page.getByRole('tab', { name: 'Changes' }).click();
        await expect(page.getByTestId('change-row').first()).toBeVisible();
        await shoot(page, 'changes', theme, size.width);
        await page.getByRole('tab', { name: 'Sales' }).click();

        await go(page, 'Profile');
        await expect(page.getByTestId('profile-name')).toBeVisible();
        await shoot(page, 'profile', theme, size.width);

        await go(page, 'Settings');
        await expect(page.getByTestId('cache-size')).toContainText('on disk');
        await shoot(page, 'settings', theme, size.width);
      }
    }
  });
});
