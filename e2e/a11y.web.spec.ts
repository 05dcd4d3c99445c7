/**
 * A1: axe-core finds no serious or critical violation on any screen or dialog, light and dark, at 1280×800 and 800×600.
 * The signed-in screens share one page (signed in to the HTTPS fake once, synced twice so Changes has rows): each test
 * opens its screen or dialog once per size and checks it in both colour schemes, switched in place through the
 * emulated system setting (the app follows it while its theme is "System").
 */
import type { Browser, Page } from '@playwright/test';
import { checkEverywhere } from './axe-check';
import { expect, test } from './fixtures';
import { closeOverlays, goToSection, openSharedApp, type SharedApp } from './ui-helpers';

test.describe('A1 before signing in', () => {
  test('A1: the welcome screen has no serious or critical axe violation, light and dark, at both sizes', async ({
    page,
    host,
  }) => {
    await page.goto(host.url);
    await checkEverywhere(page, 'the welcome screen', async () => {
      await expect(page.getByRole('button', { name: 'Connect your account' })).toBeVisible();
    });
  });

  test('A1: the sign-in screen, empty and with a refusal, has no serious or critical axe violation, light and dark, at both sizes', async ({
    page,
    host,
    fake,
  }) => {
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Connect your account' }).click();
    await checkEverywhere(page, 'the sign-in screen', async () => {
      await expect(page.getByLabel('Service address')).toBeVisible();
    });
    await page.getByLabel('Service address').fill(fake.baseUrl);
    await page.getByLabel('API key').fill(fake.credentials.apiKey);
    await page.getByLabel('API secret').fill('not the secret');
    await page.getByLabel('App ID').fill(fake.credentials.appId);
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await checkEverywhere(page, 'the sign-in screen with a refusal', async () => {
      await expect(page.getByRole('alert')).toBeVisible();
    });
  });
});

test.describe('A1 signed in', () => {
  let app: SharedApp;
  let page: Page;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    test.setTimeout(180_000);
    app = await openSharedApp(browser);
    page = app.page;
  });

  test.afterAll(async () => {
    await app.close();
  });

  test.beforeEach(async () => {
    test.setTimeout(120_000);
    await closeOverlays(page);
  });

  test('A1: the sales table has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(page, 'the sales table', async () => {
      await goToSection(page, 'Sales');
      await page.getByRole('tab', { name: 'Sales' }).click();
      await expect(page.getByTestId('sale-row').first()).toBeVisible();
    });
  });

  test('A1: the charts and totals have no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(page, 'the charts and totals', async () => {
      await goToSection(page, 'Sales');
      await page.getByRole('tab', { name: 'Charts & totals' }).click();
      await expect(page.getByTestId('insights')).toBeVisible();
    });
  });

  test('A1: the changes list has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(page, 'the changes list', async () => {
      await goToSection(page, 'Sales');
      await page.getByRole('tab', { name: 'Changes' }).click();
      await expect(page.getByTestId('change-row').first()).toBeVisible();
    });
  });

  test('A1: the profile has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(page, 'the profile', async () => {
      await goToSection(page, 'Profile');
      await expect(page.getByTestId('profile-name')).toBeVisible();
    });
  });

  test('A1: the payouts have no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(page, 'the payouts', async () => {
      await goToSection(page, 'Payouts');
      await expect(page.getByTestId('payouts-screen')).toBeVisible();
    });
  });

  test('A1: the comparison has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(page, 'the comparison', async () => {
      await goToSection(page, 'Compare');
      await expect(page.getByTestId('compare-line').first()).toBeVisible();
    });
  });

  test('A1: the overview of all accounts has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(page, 'the overview of all accounts', async () => {
      await goToSection(page, 'All accounts');
      await expect(page.getByTestId('overview-account').first()).toBeVisible();
    });
  });

  test('A1: the settings have no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(page, 'the settings', async () => {
      await goToSection(page, 'Settings');
      await expect(page.getByTestId('cache-size')).toContainText('on disk');
    });
  });

  test('A1: a saved view has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(page, 'a saved view', async () => {
      await goToSection(page, 'Sales');
      await goToSection(page, app.viewName);
      await page.getByRole('tab', { name: 'Sales' }).click();
      await expect(page.getByTestId('sale-row').first()).toBeVisible();
    });
  });

  test('A1: the column chooser has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(
      page,
      'the column chooser',
      async () => {
        await goToSection(page, 'Sales');
        await page.getByRole('tab', { name: 'Sales' }).click();
        await page.getByRole('button', { name: 'Columns', exact: true }).click();
        await expect(page.getByTestId('column-chooser')).toBeVisible();
      },
      () => closeOverlays(page),
    );
  });

  test('A1: the sale drawer has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(
      page,
      'the sale drawer',
      async () => {
        await goToSection(page, 'Sales');
        await page.getByRole('tab', { name: 'Sales' }).click();
        await page.getByTestId('sale-row').nth(1).click();
        await expect(page.getByTestId('drawer-reference')).toBeVisible();
      },
      () => closeOverlays(page),
    );
  });

  test('A1: the export preset dialog has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(
      page,
      'the export preset dialog',
      async () => {
        await goToSection(page, 'Sales');
        await page.getByRole('button', { name: 'More export formats' }).click();
        await page.getByRole('menuitem', { name: 'All sales in a range' }).click();
        await expect(page.getByRole('dialog', { name: 'All sales in a range' })).toBeVisible();
      },
      () => closeOverlays(page),
    );
  });

  test('A1: the sign-out dialog has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(
      page,
      'the sign-out dialog',
      async () => {
        await page.getByTestId('account-switcher').click();
        await page.getByRole('menuitem', { name: /Sign out/ }).click();
        await expect(page.getByRole('dialog', { name: 'Sign out' })).toBeVisible();
      },
      () => closeOverlays(page),
    );
  });

  test('A1: the rename dialog has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(
      page,
      'the rename dialog',
      async () => {
        await goToSection(page, 'All accounts');
        await page.getByRole('button', { name: `Rename ${app.accountLabel}` }).click();
        await expect(page.getByRole('dialog', { name: 'Rename account' })).toBeVisible();
      },
      () => closeOverlays(page),
    );
  });

  test('A1: the saved view name dialog has no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(
      page,
      'the saved view name dialog',
      async () => {
        await goToSection(page, 'Sales');
        const nav = await openNavigation(page);
        await nav.getByRole('button', { name: 'Save the current view' }).click();
        await expect(page.getByRole('dialog', { name: 'Save the current view' })).toBeVisible();
      },
      () => closeOverlays(page),
    );
  });

  test('A1: the settings confirmations have no serious or critical axe violation, light and dark, at both sizes', async () => {
    await checkEverywhere(
      page,
      'the re-check confirmation',
      async () => {
        await goToSection(page, 'Settings');
        await page.getByRole('button', { name: 'Re-check all history…' }).click();
        await expect(page.getByRole('dialog', { name: 'Re-check all history?' })).toBeVisible();
      },
      () => closeOverlays(page),
    );
  });
});

async function openNavigation(page: Page) {
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (await burger.isVisible()) await burger.click();
  return page.getByRole('navigation', { name: 'Sections' });
}
