import { expect, test } from './fixtures';

test.describe('settings', () => {
  test('shows where the cache is and how big, clears it after asking, and the sales screen offers to sync again', async ({
    signedIn: page,
    hostConfig,
  }) => {
    test.setTimeout(120_000);
    await expect(page.getByTestId('sale-row').first()).toBeVisible();

    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByTestId('cache-path')).toContainText(hostConfig.dataDir);
    await expect(page.getByTestId('cache-size')).toContainText(/on disk · [1-9][\d,]* sales of this account/);
    await expect(page.getByTestId('app-version')).toContainText('Commission Desk 0.0.0-test');

    // The trailing window is a preference the main process keeps.
    const trailing = page.getByRole('textbox', { name: 'Re-check recent days' });
    await trailing.fill('45');
    await trailing.blur();
    await page.reload();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('textbox', { name: 'Re-check recent days' })).toHaveValue('45 days');

    await page.getByRole('button', { name: 'Clear cache…' }).click();
    await page
      .getByRole('dialog', { name: 'Clear the sales cache?' })
      .getByRole('button', { name: 'Delete cached sales' })
      .click();
    await expect(page.getByTestId('cache-cleared-notification')).toBeVisible();
    await expect(page.getByTestId('cache-size')).toContainText(' 0 sales of this account');

    await page.getByRole('link', { name: 'Sales' }).click();
    await expect(page.getByTestId('sales-empty')).toContainText('No sales on this computer yet');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('sale-row').first()).toBeVisible({ timeout: 30_000 });
  });
});
