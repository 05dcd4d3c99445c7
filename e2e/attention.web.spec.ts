/**
 * What a person sees of sales a total cannot hold (R6, R7), against the HTTPS fake: a sale the service sent twice with
 * other values in one walk is named in the header's sync notes with the copy kept and the rule; the totals have a row
 * for statuses the spec does not list, so the rows add up; sales whose amount came as null or "1,50" are listed as
 * needing attention. Screenshots of both lists at 1280×800 and 800×600, light and dark.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { isoDayToService, localIsoDay } from '../src/shared/dates';
import { expect, test } from './fixtures';
import { screenshotPath } from './screenshot-path';
import { cents, isoOf, signIn, waitForSyncIdle, type WireRecord } from './ui-helpers';

const TODAY = localIsoDay(new Date());

/** Cents of the commission cell of a row of the "All totals" table. */
async function commissionCents(page: Page, currency: string, group: string): Promise<number> {
  const row = page.locator(`[data-testid="summary-row"][data-currency="${currency}"][data-group="${group}"]`);
  if ((await row.count()) === 0) return 0;
  return cents(Number(await row.locator('td').nth(4).getAttribute('data-value')));
}

test.describe('sales a total cannot hold', () => {
  test('R6, R7: the header names a sale sent twice with the copy kept and the rule; totals have an Other statuses row that adds up; null and "1,50" amounts need attention', async ({
    page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    const recent = (fake.sales as readonly WireRecord[]).filter(
      (s) => isoOf(s.transaction_date) >= TODAY.slice(0, 8) + '01',
    );
    const twice = (recent.at(-1) ?? fake.sales.at(-1)) as WireRecord;
    const currency = String(twice.currency);
    const extra = (reference: string, fields: Record<string, unknown>) => ({
      ...twice,
      reference,
      transaction_date: isoDayToService(TODAY),
      commission_status: 'approved',
      commission_amount: 2,
      ...fields,
    });
    fake.updateSales([
      { kind: 'add', record: { ...twice, commission_status: 'approved', commission_amount: 55.55 } },
      { kind: 'add', record: extra('X-REVERSED', { commission_status: 'reversed', commission_amount: 3.5 }) },
      { kind: 'add', record: extra('X-NULL', { commission_amount: null }) },
      { kind: 'add', record: extra('X-COMMA', { commission_amount: '1,50' }) },
    ]);
    await page.goto(host.url);
    await signIn(page, fake);
    await waitForSyncIdle(page);

    // R6: the copy the service sent last is kept, and the header says so.
    const notesButton = page.getByTestId('sync-notes-button');
    await expect(notesButton).toBeVisible();
    await notesButton.click();
    const notes = page.getByTestId('sync-notes');
    await expect(notes).toContainText(`${twice.reference} (approved, 55.55 ${currency},`);
    await expect(notes).toContainText(
      'The later copy was kept, by the rule that within one walk the copy the service sent last',
    );
    await shoot(page, 'sync-notes', notesButton, 'sync-notes');
    await page.keyboard.press('Escape');

    // R7: the totals' rows add up, other statuses included.
    await page.getByRole('button', { name: 'All totals' }).click();
    await expect(page.getByTestId('summary-table')).toBeVisible();
    const other = await commissionCents(page, currency, 'commission-other');
    expect(other).toBeGreaterThanOrEqual(350);
    const parts = await Promise.all(
      ['approved', 'pending', 'declined', 'other'].map((c) => commissionCents(page, currency, `commission-${c}`)),
    );
    expect(parts.reduce((a, b) => a + b, 0)).toBe(await commissionCents(page, currency, 'all'));
    await page.keyboard.press('Escape');

    // R7: the amounts that could not be read are listed, with what was sent.
    const attention = page.getByTestId('amounts-attention-button');
    await expect(attention).toHaveText('2 need attention');
    await attention.click();
    const list = page.getByTestId('amounts-attention');
    await expect(list.locator('[data-testid="attention-row"][data-reference="X-NULL"]')).toContainText(
      'The commission amount is missing',
    );
    await expect(list.locator('[data-testid="attention-row"][data-reference="X-COMMA"]')).toContainText(
      'The commission amount "1,50" is not a number',
    );
    await shoot(page, 'amounts-attention', attention, 'amounts-attention');
  });
});

/**
 * Screenshots of the list `button` opens, at both sizes and in both schemes, opened afresh at each size; axe finds no
 * serious or critical violation in it.
 */
async function shoot(page: Page, name: string, button: Locator, listId: string): Promise<void> {
  const list = page.getByTestId(listId);
  for (const size of [
    { width: 800, height: 600 },
    { width: 1280, height: 800 },
  ]) {
    await page.keyboard.press('Escape');
    await page.setViewportSize(size);
    await button.click();
    await expect(list).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.waitForTimeout(150);
      await page.screenshot({ path: screenshotPath(`${name}-${theme}-${size.width}.png`) });
      const results = await new AxeBuilder({ page }).include(`[data-testid="${listId}"]`).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => v.id),
        `${name} ${theme} ${size.width}`,
      ).toEqual([]);
    }
  }
}
