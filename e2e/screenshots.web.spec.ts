/**
 * Screenshots of every screen, light and dark, at 1280×800 and 800×600, written to test-reports/screenshots/ (or to
 * docs/screenshots/ by `npm run screenshots`) as
 * `<screen>-<theme>-<width>.png` (the README shows them). The data is the HTTPS fake's, synced through the UI, with
 * some statuses changed between two syncs so "Changes" has something to show.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { addDays, localIsoDay } from '../src/shared/dates';
import { expect, test } from './fixtures';
import { backfill, isoOf, openFilterBar, openMoreFilters, signIn, waitForSyncIdle } from './ui-helpers';
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

async function go(page: Page, section: 'Sales' | 'Payouts' | 'Profile' | 'Settings'): Promise<void> {
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

        await page.getByRole('button', { name: 'Columns', exact: true }).click();
        await expect(page.getByTestId('column-chooser')).toBeVisible();
        await shoot(page, 'sales-columns', theme, size.width);
        await page.keyboard.press('Escape');

        await page.getByTestId('sale-row').nth(2).click();
        await expect(page.getByTestId('drawer-reference')).toBeVisible();
        await shoot(page, 'sale-detail', theme, size.width);
        await page.getByRole('button', { name: 'Close sale details' }).click();

        await page.getByRole('tab', { name: 'Charts & totals' }).click();
        await expect(
          page.getByTestId('chart-currency').first().locator('.recharts-bar-rectangle path').first(),
        ).toBeVisible();
        await expect(page.getByTestId('breakdown-entry').first()).toBeVisible();
        await shoot(page, 'charts', theme, size.width);

        await page.getByRole('tab', { name: 'Changes' }).click();
        await expect(page.getByTestId('change-row').first()).toBeVisible();
        await shoot(page, 'changes', theme, size.width);
        await page.getByRole('tab', { name: 'Sales' }).click();

        await go(page, 'Payouts');
        await expect(page.getByTestId('payouts-paid')).toBeVisible();
        await shoot(page, 'payouts', theme, size.width);

        await go(page, 'Profile');
        await expect(page.getByTestId('profile-name')).toBeVisible();
        await shoot(page, 'profile', theme, size.width);

        await go(page, 'Settings');
        await expect(page.getByTestId('cache-size')).toContainText('on disk');
        await shoot(page, 'settings', theme, size.width);
      }
    }
  });

  test('the statuses screens: undocumented statuses, sales no longer reported, re-check and the stale payments warning', async ({
    page,
    host,
    fake,
  }) => {
    test.setTimeout(300_000);
    const today = localIsoDay(new Date());
    const recent = fake.sales.filter(
      (s) => isoOf(s.transaction_date) >= addDays(today, -20) && isoOf(s.transaction_date) <= addDays(today, -2),
    );
    const removed = recent.at(-1)?.reference ?? '';
    await page.goto(host.url);
    await signIn(page, fake);
    await waitForSyncIdle(page);
    fake.updateSales([
      { kind: 'remove', reference: removed },
      { kind: 'set', reference: recent[1]?.reference ?? '', fields: { commission_status: 'on_hold' } },
      { kind: 'set', reference: recent[2]?.reference ?? '', fields: { payment_status: 'processing' } },
    ]);
    const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await waitForSyncIdle(page, { after: before });
    await page.addStyleTag({ content: HIDE_TOASTS });

    for (const size of SIZES) {
      for (const theme of THEMES) {
        await setLook(page, theme, size);
        await go(page, 'Sales');
        await page.getByRole('tab', { name: 'Sales' }).click();
        await openFilterBar(page);
        await openMoreFilters(page);
        const unreported = page.getByRole('switch', { name: 'Show sales no longer reported' });
        if (!(await unreported.isChecked())) await unreported.check();
        await shoot(page, 'sales-more-filters', theme, size.width);
        await page.keyboard.press('Escape');
        const search = page.getByRole('searchbox', { name: 'Search' });
        await search.fill(removed);
        await expect(page.locator('[data-testid="sale-row"][data-no-longer-reported]')).toHaveCount(1);
        await shoot(page, 'sales-no-longer-reported', theme, size.width);
        await search.fill('');
        await expect(page.getByTestId('sale-row').nth(3)).toBeVisible();
        await page.getByRole('combobox', { name: 'Commission status', exact: true }).click();
        await expect(page.getByRole('option', { name: /on_hold/ })).toBeVisible();
        await shoot(page, 'sales-status-filter', theme, size.width);
        await page.keyboard.press('Escape');

        await page.getByRole('tab', { name: 'Changes' }).click();
        await expect(page.getByTestId('change-row').first()).toBeVisible();
        await shoot(page, 'changes-reported', theme, size.width);
        await page.getByRole('tab', { name: 'Sales' }).click();

        await page.getByRole('button', { name: 'More export formats' }).click();
        await page.getByRole('menuitem', { name: 'All sales in a range' }).click();
        await expect(page.getByRole('checkbox', { name: 'Include sales no longer reported' })).toBeVisible();
        await shoot(page, 'export-dialog', theme, size.width);
        await page
          .getByRole('dialog', { name: 'All sales in a range' })
          .getByRole('button', { name: 'Cancel' })
          .click();

        await go(page, 'Settings');
        await page.getByRole('button', { name: 'Re-check all history…' }).click();
        await expect(page.getByRole('dialog', { name: 'Re-check all history?' })).toBeVisible();
        await shoot(page, 'recheck-confirm', theme, size.width);
        await page
          .getByRole('dialog', { name: 'Re-check all history?' })
          .getByRole('button', { name: 'Cancel' })
          .click();
      }
    }

    // Statuses confirmed two days ago: the freshness line turns to a warning and a payments export asks first.
    const db = new Database(join(host.dataDir, 'cache.sqlite'));
    db.pragma('busy_timeout = 10000');
    db.prepare('UPDATE sales SET status_checked_at = ?').run(new Date(Date.now() - 50 * 3_600_000).toISOString());
    db.close();
    await page.reload();
    await page.addStyleTag({ content: HIDE_TOASTS });
    for (const size of SIZES) {
      for (const theme of THEMES) {
        await setLook(page, theme, size);
        await go(page, 'Sales');
        await expect(page.getByTestId('statuses-checked')).toHaveAttribute('data-stale', 'true');
        await shoot(page, 'sales-stale-statuses', theme, size.width);
        await page.getByRole('button', { name: 'More export formats' }).click();
        await page.getByRole('menuitem', { name: 'Payments received in a month' }).click();
        await page
          .getByRole('dialog', { name: 'Payments received in a month' })
          .getByRole('button', { name: 'Export' })
          .click();
        const warning = page.getByRole('dialog', { name: 'Statuses may be out of date' });
        await expect(warning).toBeVisible();
        await shoot(page, 'export-stale-warning', theme, size.width);
        await warning.getByRole('button', { name: 'Close without exporting' }).click();
        await expect(warning).toHaveCount(0);
        await page
          .getByRole('dialog', { name: 'Payments received in a month' })
          .getByRole('button', { name: 'Cancel' })
          .click();
      }
    }
  });
});
