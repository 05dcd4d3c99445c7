import type { Page } from '@playwright/test';
import { expect, startHostProcess, test } from './fixtures';
import { choose } from './ui-helpers';

async function headerOrder(page: Page): Promise<string[]> {
  return page.getByRole('columnheader').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-column') ?? ''));
}

async function headerWidth(page: Page, column: string): Promise<number> {
  return page
    .locator(`[role="columnheader"][data-column="${column}"]`)
    .evaluate((el) => Math.round(el.getBoundingClientRect().width));
}

interface WindowInput {
  filter: { commissionStatuses?: string[] };
  offset: number;
}

/** Every request for the sales table's first window the page sends from now on (the host's bridge posts JSON). */
function firstWindowRequests(page: Page): WindowInput[] {
  const seen: WindowInput[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith(`/__ipc/${encodeURIComponent('sales:query')}`)) return;
    const { input } = JSON.parse(request.postData() ?? '{}') as { input: WindowInput & { limit: number } };
    if (input.offset === 0 && input.limit > 1) seen.push(input);
  });
  return seen;
}

test.describe('remembered view preferences', () => {
  test('the column chooser, a resized column, the filters and the theme persist across a restart of the test host', async ({
    signedIn: page,
    host,

    hostConfig,
  }) => {
    test.setTimeout(120_000);
    await expect(page.getByTestId('sale-row').first()).toBeVisible();
    const initial = await headerOrder(page);
    expect(initial).toContain('subid');
    expect(initial).not.toContain('currency');

    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByTestId('column-chooser');
    await chooser.getByRole('checkbox', { name: 'Sub-ID', exact: true }).uncheck();
    await chooser.getByRole('checkbox', { name: 'Currency', exact: true }).check();
    for (let i = 0; i < 3; i++) await chooser.getByRole('button', { name: 'Move Commission up', exact: true }).click();
    await page.keyboard.press('Escape');
    // Moving goes through the chooser's list, hidden columns included (Sub-ID and Category are hidden now).
    const arranged = [
      'transactionDate',
      'reference',
      'productName',
      'collectionName',
      'commissionAmount',
      'transactionAmount',
      'commissionStatus',
      'paymentStatus',
      'currency',
    ];
    await expect.poll(() => headerOrder(page)).toEqual(arranged);

    const before = await headerWidth(page, 'reference');
    const handle = page.getByTestId('resize-reference');
    const box = await handle.boundingBox();
    if (box === null) throw new Error('no resize handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => headerWidth(page, 'reference')).toBe(before + 80);

    await choose(page, 'Commission status', 'Pending');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByText('Dark', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('link', { name: 'Sales' }).click();

    await host.stop();
    const restarted = await startHostProcess(hostConfig);
    try {
      // A new port is a new origin: nothing of the page's own storage comes along, only what the main process kept.
      expect(new URL(restarted.url).port).not.toBe(new URL(host.url).port);
      const firstWindows = firstWindowRequests(page);
      await page.goto(restarted.url);
      await expect(page.getByTestId('account-switcher')).toContainText('My shop');
      await expect.poll(() => headerOrder(page)).toEqual(arranged);
      // The table's first rows were asked for once, ahead of the screen, for the remembered view, and that answer was used.
      await expect(page.getByTestId('sale-row').first()).toBeVisible();
      expect(firstWindows.map((input) => input.filter.commissionStatuses)).toEqual([['pending']]);
      expect(await headerWidth(page, 'reference')).toBe(before + 80);
      await expect(page.getByRole('combobox', { name: 'Commission status', exact: true })).toHaveValue('Pending');
      await expect(page.getByTestId('filter-chip').filter({ hasText: 'Commission: Pending' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    } finally {
      await restarted.stop();
    }
  });
});
