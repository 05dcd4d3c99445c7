/**
 * A refused sign-in, as a new user meets it: everything typed but the secret stays (only the secret is typed again,
 * and focus waits in its field), and the failure appears without moving the form — at 1280×800 and at 800×600.
 * Also the pictures of a refused sign-in, light and dark, at both sizes.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { screenshotPath } from './screenshot-path';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;

/** The parts of the form whose place must not change when a failure is shown. */
function formParts(page: Page): Locator[] {
  return [
    page.getByLabel('Service address'),
    page.getByLabel('API key'),
    page.getByLabel('API secret'),
    page.getByLabel('App ID'),
    page.getByLabel('Label (optional)'),
    page.getByRole('button', { name: 'Test connection' }),
    page.getByRole('button', { name: 'Save and sign in' }),
  ];
}

/** Where each part sits on the page (not in the viewport, so scrolling to a field does not count as moving). */
async function boxes(parts: Locator[]): Promise<{ x: number; y: number }[]> {
  const found = [];
  for (const part of parts) {
    found.push(
      await part.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.left + window.scrollX, y: rect.top + window.scrollY };
      }),
    );
  }
  return found;
}

test.describe('sign-in refused', () => {
  for (const size of SIZES) {
    test(`keeps what was typed but the secret, focuses the secret, and does not move the form (${size.width}×${size.height})`, async ({
      page,
      host,
      fake,
    }) => {
      await page.setViewportSize(size);
      await page.goto(host.url);
      await page.getByRole('button', { name: 'Connect your account' }).click();
      await page.getByLabel('Service address').fill(fake.baseUrl);
      await page.getByLabel('API key').fill(fake.credentials.apiKey);
      await page.getByLabel('API secret').fill('not-the-secret');
      await page.getByLabel('App ID').fill(fake.credentials.appId);
      await page.getByLabel('Label (optional)').fill('My shop');
      const before = await boxes(formParts(page));

      await page.getByRole('button', { name: 'Save and sign in' }).click();
      const failure = page.getByTestId('sign-in-error');
      await expect(failure).toHaveAttribute('data-error-code', 'AUTH_INVALID');

      await expect(page.getByLabel('Service address')).toHaveValue(fake.baseUrl);
      await expect(page.getByLabel('API key')).toHaveValue(fake.credentials.apiKey);
      await expect(page.getByLabel('App ID')).toHaveValue(fake.credentials.appId);
      await expect(page.getByLabel('Label (optional)')).toHaveValue('My shop');
      const secret = page.getByLabel('API secret');
      await expect(secret).toHaveValue('');
      await expect(secret).toHaveAttribute('placeholder', 'Type your API secret again');
      await expect(secret).toBeFocused();
      await expect(secret).toBeInViewport();
      await expect(failure).toBeInViewport({ ratio: 0.5 });

      const after = await boxes(formParts(page));
      after.forEach((box, i) => {
        const was = before[i];
        if (!was) throw new Error('a form part was not measured');
        expect(Math.abs(box.x - was.x), `part ${i} moved sideways`).toBeLessThanOrEqual(3);
        expect(Math.abs(box.y - was.y), `part ${i} moved up or down`).toBeLessThanOrEqual(3);
      });

      // Only the secret is typed again.
      await secret.fill(fake.credentials.apiSecret);
      await page.getByRole('button', { name: 'Save and sign in' }).click();
      await expect(page.getByTestId('account-switcher')).toContainText('My shop');
    });
  }

  test('pictures of a refused sign-in, light and dark, at both sizes', async ({ page, host, fake }) => {
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Connect your account' }).click();
    await page.getByLabel('Service address').fill(fake.baseUrl);
    await page.getByLabel('API key').fill(fake.credentials.apiKey);
    await page.getByLabel('API secret').fill('not-the-secret');
    await page.getByLabel('App ID').fill(fake.credentials.appId);
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByTestId('sign-in-error')).toHaveAttribute('data-error-code', 'AUTH_INVALID');
    for (const size of SIZES) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        await page.getByTestId('sign-in-error').evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
        await page.waitForTimeout(250);
        await page.screenshot({ path: screenshotPath(`sign-in-refused-${theme}-${size.width}.png`) });
      }
    }
  });
});
