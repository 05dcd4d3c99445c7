/**
 * A5: axe-core finds no serious or critical violation in the states the screens' own checks (A1) never open: a
 * notification on screen, active filters, a form error, the calendar, every select and menu open, the drawer — light
 * and dark, at both sizes. One signed-in page walks all the states, one after another.
 */
import type { Browser, Page } from '@playwright/test';
import { checkEverywhere } from './axe-check';
import { expect, test } from './fixtures';
import { screenshotPath } from './screenshot-path';
import {
  choose,
  closeOverlays,
  goToSection,
  openFilterBar,
  openMoreFilters,
  openSharedApp,
  type SharedApp,
} from './ui-helpers';

let app: SharedApp;
let page: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(180_000);
  // Notifications stay visible: here they are one of the states checked.
  app = await openSharedApp(browser, { showNotifications: true });
  page = app.page;
});

test.afterAll(async () => {
  await app.close();
});

async function salesTable(): Promise<void> {
  await goToSection(page, 'Sales');
  await page.getByRole('tab', { name: 'Sales' }).click();
  await expect(page.getByTestId('sale-row').first()).toBeVisible();
}

/** Opens the select labelled `label` in the filter bar or the "More filters" popover. */
async function openSelect(label: string, more: boolean): Promise<void> {
  await salesTable();
  await openFilterBar(page);
  if (more) await openMoreFilters(page);
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await expect(page.getByRole('listbox').last()).toBeVisible();
}

test('A5: every state has no serious or critical axe violation, light and dark, at both sizes', async () => {
  test.setTimeout(600_000);
  const close = () => closeOverlays(page);

  await checkEverywhere(page, 'a notification', async () => {
    await salesTable();
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    await expect(page.getByTestId('export-notification')).toBeVisible();
  });

  await checkEverywhere(page, 'active filters', async () => {
    await salesTable();
    await openFilterBar(page);
    await choose(page, 'Commission status', /Pending/);
    await expect(page.getByTestId('filter-chips')).toBeVisible();
  });

  await checkEverywhere(
    page,
    'a form error',
    async () => {
      await goToSection(page, 'All accounts');
      await page.getByRole('button', { name: `Rename ${app.accountLabel}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename account' });
      await dialog.getByLabel('Name').fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      // The schema's own words, not the request's field path around them.
      await expect(dialog.getByText('Enter a name for the account.', { exact: true })).toBeVisible();
      await page.screenshot({ path: screenshotPath(`form-error-${page.viewportSize()?.width ?? 0}.png`) });
    },
    close,
  );

  await checkEverywhere(
    page,
    'the calendar',
    async () => {
      await salesTable();
      await openFilterBar(page);
      await page.getByRole('button', { name: 'Dates', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
    },
    close,
  );

  for (const [label, more] of [
    ['Commission status', false],
    ['Payment status', false],
    ['Currency', true],
  ] as const) {
    await checkEverywhere(page, `the ${label} select`, () => openSelect(label, more), close);
  }

  await checkEverywhere(
    page,
    'the more filters popover',
    async () => {
      await salesTable();
      await openFilterBar(page);
      await openMoreFilters(page);
    },
    close,
  );

  await checkEverywhere(
    page,
    'the export formats menu',
    async () => {
      await salesTable();
      await page.getByRole('button', { name: 'More export formats' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
    close,
  );

  await checkEverywhere(
    page,
    'the account menu',
    async () => {
      await page.getByTestId('account-switcher').click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
    close,
  );

  await checkEverywhere(
    page,
    'the sale drawer',
    async () => {
      await salesTable();
      await page.getByTestId('sale-row').nth(1).click();
      await expect(page.getByTestId('drawer-reference')).toBeVisible();
    },
    close,
  );
});

test('sorted by commission, its header says the sales are sorted by currency first, and in which order', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await salesTable();
  const header = page.getByRole('columnheader', { name: 'Commission', exact: true });
  for (let i = 0; i < 3 && (await header.getAttribute('aria-sort')) !== 'descending'; i++) {
    await header.getByRole('button').click();
  }
  await expect(header.getByRole('button')).toHaveAccessibleDescription(
    'Sorted by currency (Z to A), then by commission, largest first. Click to reverse.',
  );
  await page.screenshot({ path: screenshotPath('commission-sort-tooltip.png') });
});
