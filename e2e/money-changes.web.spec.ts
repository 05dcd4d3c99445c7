/**
 * Money never changes silently (R2), as a person sees it: against the HTTPS fake, a sale paid at 30.00 USD whose
 * commission the service then cuts to 3.00 is listed in Changes after the next routine sync — the amount from and to,
 * with when it was seen — and flagged as restating the paid period of its payment date. The tab is looked at (and
 * checked with axe) light and dark at 1280×800 and 800×600; the pictures go to the screenshot folder.
 */
import AxeBuilder from '@axe-core/playwright';
import { addDays, isoDayToService, localIsoDay } from '../src/shared/dates';
import { expect, test } from './fixtures';
import { screenshotPath } from './screenshot-path';
import { isoOf, signIn, syncNow, type WireRecord, waitForSyncIdle } from './ui-helpers';

const TODAY = localIsoDay(new Date());
const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;
const THEMES = ['light', 'dark'] as const;

test.describe('money changes', () => {
  test("R2, B1: an amount cut on a paid sale is listed in Changes with its old and new amount, flagged as restating its paid period, and in the sale's history", async ({
    page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    const sale = (fake.sales as readonly WireRecord[]).find((s) => {
      const day = isoOf(s.transaction_date);
      return day >= addDays(TODAY, -20) && day < addDays(TODAY, -2);
    });
    if (sale === undefined) throw new Error('the fake dataset has no sale of the last weeks');
    const paidOn = addDays(TODAY, -1);
    fake.updateSales([
      {
        kind: 'set',
        reference: sale.reference,
        fields: {
          commission_status: 'approved',
          payment_status: 'paid',
          payment_date: isoDayToService(paidOn),
          commission_amount: 30,
          currency: 'USD',
        },
      },
    ]);
    await page.goto(host.url);
    await signIn(page, fake);
    await waitForSyncIdle(page);

    fake.updateSales([{ kind: 'set', reference: sale.reference, fields: { commission_amount: 3 } }]);
    const before = Date.now();
    await syncNow(page);
    // The sync's result names the change (R2).
    await expect(page.getByText('1 amount change, 1 restated paid sale: see Changes.', { exact: false })).toBeVisible();

    await page.getByRole('tab', { name: 'Changes' }).click();
    // The tab lists changes: it offers no export of sales.
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toHaveCount(0);
    const row = page.locator(`[data-testid="change-row"][data-reference="${sale.reference}"]`);
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-restatement', 'true');
    await expect(row.getByTestId('change-field')).toHaveText('Commission amount');
    await expect(row.getByTestId('change-value')).toHaveText(['$30.00', '$3.00']);
    await expect(row.getByTestId('change-restatement')).toHaveText(/^Restates paid period · .+/);
    await expect(page.getByTestId('changes-count')).toHaveText('1 change, 1 restating a paid period');
    // When it was seen: an instant of this sync.
    expect(Date.parse((await row.getAttribute('data-changed-at')) ?? '')).toBeGreaterThanOrEqual(before);

    // The sale opened from the row shows its history (B1): the cut, when it was seen, and the restatement.
    await row.click();
    await expect(page.getByTestId('drawer-reference')).toHaveText(sale.reference);
    const entries = page.getByTestId('sale-history-entry');
    await expect(entries.filter({ hasText: 'Commission amount: $30.00 → $3.00' })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'Commission amount: $30.00 → $3.00' })).toContainText(
      'Restates paid period',
    );
    const notifications = await page.addStyleTag({
      content: '.mantine-Notifications-root { display: none !important; }',
    });
    await page.getByTestId('sale-history').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('sale-history-light-1280.png') });
    await notifications.evaluate((style) => (style as Element).remove());
    await page.getByRole('button', { name: 'Close sale details' }).click();

    for (const size of SIZES) {
      for (const theme of THEMES) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        await expect(row.getByTestId('change-restatement')).toBeVisible();
        const results = await new AxeBuilder({ page }).include('[data-testid="changes-view"]').analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id} (${theme} ${size.width})`)).toEqual([]);
        await page.screenshot({ path: screenshotPath(`changes-restatement-${theme}-${size.width}.png`) });
      }
    }
  });
});
