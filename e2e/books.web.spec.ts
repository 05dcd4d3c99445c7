/**
 * Closing a month (B2) and the bridge on its own screen (B3), as a person does it against the HTTPS fake service:
 * "Close <month>" on Books records the figures the month's bridge shows; a later decline of one of its sales,
 * seen by the next sync, is an adjustment — counted in the navbar, listed on Adjustments with its effect and exported
 * as CSV;
 * reopening asks first and clears both. The bridge is offered for a quarter and a year too, and the current month
 * cannot be closed.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { backfill, cents, choose, goToSection, isoOf, previousMonth, syncNow } from './ui-helpers';
import { screenshotsAtSizes } from './screenshot-path';
import type { FakeService } from './fake-service/fake-service';

/** A sale of `month` the routine sync checks again (still open), in a currency with cents. */
function openSaleOf(fake: FakeService, month: string): FakeService['sales'][number] {
  const sale = fake.sales.find(
    (s) =>
      isoOf(s.transaction_date).startsWith(month) &&
      s.commission_status === 'pending' &&
      s.currency === 'USD' &&
      Number(s.commission_amount) > 0,
  );
  if (sale === undefined) throw new Error(`the fake dataset has no pending USD sale in ${month}`);
  return sale;
}

const money = (currency: string, total: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
    Number(`${Math.trunc(total / 100)}.${String(Math.abs(total % 100)).padStart(2, '0')}`),
  );

/** The bridge row's cells of `currency` on Books, by line. */
async function bridgeLine(page: Page, currency: string, line: string): Promise<string> {
  const row = page.getByTestId('books-bridge').locator(`[data-testid="bridge-row"][data-currency="${currency}"]`);
  return (await row.locator(`[data-line="${line}"]`).textContent()) ?? '';
}

test.describe('closing a month', () => {
  test('B2, B3: a closed month keeps its bridge figures; a later decline is an adjustment, counted and listed; reopening asks first', async ({
    signedIn: page,
    host,
    fake,
  }) => {
    test.setTimeout(240_000);
    const { month, label } = previousMonth();
    await backfill(page);
    await goToSection(page, 'Books');
    await expect(page.getByTestId('books-screen')).toBeVisible();
    await expect(page.getByTestId('books-period')).toHaveValue(label);
    const bridgeRows = page.getByTestId('books-bridge').getByTestId('bridge-row');
    await expect(bridgeRows.first()).toBeVisible();
    const currencies = await bridgeRows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-currency')));

    // Nothing closed yet: the Adjustments section says so and the navbar counts nothing.
    await expect(page.getByTestId('adjustment-count')).toHaveCount(0);
    await goToSection(page, 'Adjustments');
    await expect(page.getByTestId('adjustments-empty')).toHaveText(/No month is closed yet/);

    await goToSection(page, 'Books');
    const close = page.getByTestId('month-close');
    await close.getByRole('button', { name: `Close ${label}` }).click();
    await expect(close).toHaveAttribute('data-closed', 'true');
    await expect(close).toContainText(`${label} is closed`);
    // The recorded figures are the ones the month's bridge shows: earned, and receivable at its end.
    for (const currency of currencies) {
      const recorded = close.locator(`[data-testid="closed-figures"] tr[data-currency="${currency}"]`);
      await expect(recorded.locator('[data-figure="earned"]')).toHaveText(
        await bridgeLine(page, currency ?? '', 'earned'),
      );
      await expect(recorded.locator('[data-figure="receivable"]')).toHaveText(
        await bridgeLine(page, currency ?? '', 'closing'),
      );
    }
    await goToSection(page, 'Adjustments');
    await expect(page.getByTestId('adjustments-empty')).toHaveText(
      `No sale of ${label} has changed since it was closed.`,
    );

    // The service declines one of the closed month's sales; the next sync sees it.
    const sale = openSaleOf(fake, month);
    fake.updateSales([{ kind: 'set', reference: sale.reference, fields: { commission_status: 'declined' } }]);
    await syncNow(page);
    await expect(page.getByTestId('adjustment-count')).toHaveText('1 change since close');
    const row = page.getByTestId('adjustment-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(label);
    await expect(row).toContainText(sale.reference);
    await expect(row).toContainText('Commission');
    await expect(row.getByTestId('adjustment-effect')).toHaveText(
      `−${money('USD', cents(Number(sale.commission_amount)))}`,
    );
    // The same line in the CSV an accountant is handed.
    await page.getByRole('button', { name: 'Export adjustments (CSV)' }).click();
    await expect(page.getByTestId('export-notification')).toContainText('Exported 1 adjustment');
    const [csvName] = (await readdir(host.exportDir)).filter((f) => f.endsWith('.csv'));
    const csv = (await readFile(join(host.exportDir, csvName as string), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Closed month,Sale,What changed,Before,After,Currency,Effect on commission,Seen');
    expect(csv[1]).toMatch(
      new RegExp(
        `^${month},${sale.reference},Commission,pending,declined,USD,-${(cents(Number(sale.commission_amount)) / 100).toFixed(2)},`,
      ),
    );
    // The pictures show the screen, not the Sync button's tooltip.
    await page.mouse.move(600, 700);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await screenshotsAtSizes(page, 'adjustments');

    // The closed month's figures stay as they were.
    await goToSection(page, 'Books');
    await expect(close).toHaveAttribute('data-closed', 'true');
    await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
    await screenshotsAtSizes(page, 'books');

    // Reopening asks first; cancelling keeps it closed.
    await close.getByRole('button', { name: `Reopen ${label}…` }).click();
    const dialog = page.getByRole('dialog', { name: `Reopen ${label}?` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(close).toHaveAttribute('data-closed', 'true');
    await close.getByRole('button', { name: `Reopen ${label}…` }).click();
    await dialog.getByRole('button', { name: `Reopen ${label}` }).click();
    await expect(close).toHaveAttribute('data-closed', 'false');
    await expect(page.getByTestId('adjustment-count')).toHaveCount(0);

    // The bridge of a quarter and of a year, with no close offered; the running month cannot be closed.
    await page.getByTestId('books-screen').getByText('Quarter', { exact: true }).click();
    await expect(page.getByTestId('books-bridge')).toContainText(/From earned to received in Q\d \d{4}/);
    await expect(page.getByTestId('month-close')).toHaveCount(0);
    await page.getByTestId('books-screen').getByText('Year', { exact: true }).click();
    await expect(page.getByTestId('books-bridge')).toContainText(/From earned to received in \d{4}/);
    await page.getByTestId('books-screen').getByText('Month', { exact: true }).click();
    await choose(page, 'Period', / \(so far\)$/);
    await expect(page.getByTestId('month-close').getByRole('button', { name: /^Close / })).toBeDisabled();
    await expect(page.getByTestId('month-close')).toContainText('has not ended yet');
  });
});
