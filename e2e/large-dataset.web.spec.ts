import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startHostProcess, test } from './fixtures';
import { startFakeService } from './fake-service/fake-service';
import {
  backfill,
  pickDates,
  isoOf,
  localDay,
  shownTotal,
  signIn,
  waitForSyncIdle,
  type WireRecord,
} from './ui-helpers';
import { screenshotPath } from './screenshot-path';

const COUNT = 100_000;

async function lastRow(page: Page): Promise<{ index: number; reference: string; date: string }> {
  const grid = page.getByTestId('sales-grid');
  await grid.focus();
  await page.keyboard.press('End');
  await expect(page.locator(`[data-testid="sale-row"][data-index="${COUNT - 1}"]`)).toBeVisible();
  const row = page.locator(`[data-testid="sale-row"][data-index="${COUNT - 1}"]`);
  return {
    index: Number(await row.getAttribute('data-index')),
    reference: (await row.getByTestId('sale-reference').textContent()) ?? '',
    date: (await row.locator('[data-column="transactionDate"]').getAttribute('title')) ?? '',
  };
}

test.describe('a large cache', () => {
  test('with 100,000 cached sales the table shows its first rows and scrolling to the end shows the last sale', async ({
    page,
  }) => {
    test.setTimeout(600_000);
    const fake = await startFakeService({ sales: { count: COUNT, endDay: localDay(new Date()), days: 730, seed: 11 } });
    const root = await mkdtemp(join(tmpdir(), 'commission-desk-e2e-large-'));
    const host = await startHostProcess({
      exportDir: root,
      dataDir: join(root, 'data'),
      keychainService: `Commission Desk (e2e ${randomUUID()})`,
      caFile: fake.caPemPath,
    });
    try {
      await page.goto(host.url);
      await signIn(page, fake);
      await waitForSyncIdle(page, { timeout: 120_000 });

      // The backfill shows its progress in the header and can be cancelled; what it fetched is kept.
      await page.getByRole('button', { name: 'Backfill the last 24 months' }).click();
      const progress = page.getByTestId('sync-progress');
      await expect(progress).toBeVisible();
      await expect(progress).toContainText(/Syncing… [1-9][\d,]* (of about [\d,]+ )?sales? · [1-9]\d* pages?/);
      await page.screenshot({ path: screenshotPath('sync-progress-light-1280.png') });
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(page.getByTestId('sync-cancelled-notification')).toBeVisible();
      await expect(progress).toHaveCount(0);

      // Backfilling again resumes and finishes.
      await backfill(page, 480_000);
      await pickDates(page, 'All cached sales');
      await expect(page.getByTestId('sales-total')).toHaveAttribute('data-value', String(COUNT));
      expect(await shownTotal(page)).toBe(COUNT);
      const sales = fake.sales as readonly WireRecord[];

      // Newest first: the first row is a sale of the last day; only a screenful of rows is in the page.
      const lastDay = isoOf(sales[sales.length - 1]?.transaction_date ?? '');
      const firstRef = await page
        .locator('[data-testid="sale-row"][data-index="0"]')
        .getByTestId('sale-reference')
        .textContent();
      expect(sales.filter((s) => isoOf(s.transaction_date) === lastDay).map((s) => s.reference)).toContain(firstRef);
      expect(await page.getByTestId('sale-row').count()).toBeLessThan(80);

      // End of the table: a sale of the first day.
      const end = await lastRow(page);
      const firstDay = isoOf(sales[0]?.transaction_date ?? '');
      expect(sales.filter((s) => isoOf(s.transaction_date) === firstDay).map((s) => s.reference)).toContain(
        end.reference,
      );
      expect(await page.getByTestId('sale-row').count()).toBeLessThan(80);

      // By reference the order is exact: the last row is the highest reference.
      const header = page.getByRole('columnheader', { name: 'Reference', exact: true });
      await header.getByRole('button').click();
      await expect(header).toHaveAttribute('aria-sort', 'ascending');
      const sorted = sales.map((s) => s.reference).sort();
      await expect(page.locator('[data-testid="sale-row"][data-index="0"]').getByTestId('sale-reference')).toHaveText(
        sorted[0] ?? '',
      );
      const last = await lastRow(page);
      expect(last.reference).toBe(sorted[sorted.length - 1]);

      // Scrolling back up through the middle finds rows where they belong.
      await page.getByTestId('sales-grid').evaluate((el) => {
        el.scrollTop = el.scrollHeight / 2;
      });
      await expect(page.getByTestId('sale-row-loading')).toHaveCount(0);
      const middle = await page
        .getByTestId('sale-row')
        .first()
        .evaluate((row) => ({
          index: Number(row.getAttribute('data-index')),
          reference: row.querySelector('[data-testid="sale-reference"]')?.textContent ?? '',
        }));
      expect(middle.index).toBeGreaterThan(COUNT / 2 - 100);
      expect(middle.reference).toBe(sorted[middle.index]);
    } finally {
      await host.stop();
      await fake.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
