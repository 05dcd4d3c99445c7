/**
 * Compare: the last complete month against the one before, from the HTTPS fake's data synced through the UI. Every
 * currency's totals and every category line equal an independent integer-cent computation over the fake's records;
 * a breakdown sorts, and exports as CSV with the same numbers.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import type { FakeService } from './fake-service/fake-service';
import { screenshotPath, screenshotsAtSizes } from './screenshot-path';
import { backfill, cents, decimal, goToSection, isoOf, pickDates, shownTotals } from './ui-helpers';
import { parseCsv } from '../test-support/export-kit';

/** The first day of the month `back` months before the local today's. */
function monthStart(back: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth() - back, 1));
}

const money = (currency: string, total: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
    Number(
      `${total < 0 ? '-' : ''}${Math.trunc(Math.abs(total) / 100)}.${String(Math.abs(total) % 100).padStart(2, '0')}`,
    ),
  );

/** Whether a sale's commission is earned (approved or pending): what every headline adds up (A6). */
const earned = (sale: FakeService['sales'][number]): boolean =>
  sale.commission_status === 'approved' || sale.commission_status === 'pending';

/** Integer cents of commission earned per currency (and key) of the fake's sales made in the month starting `start`. */
function sums(
  fake: FakeService,
  start: Date,
  keyOf: (sale: FakeService['sales'][number]) => string,
): Map<string, number> {
  const month = start.toISOString().slice(0, 7);
  const out = new Map<string, number>();
  for (const sale of fake.sales) {
    if (!isoOf(sale.transaction_date).startsWith(month) || !earned(sale)) continue;
    const key = keyOf(sale);
    out.set(key, (out.get(key) ?? 0) + cents(Number(sale.commission_amount)));
  }
  return out;
}

/** Months `back` months before today's, `count` of them, as the first and last day. */
function months(back: number, count: number): { from: string; to: string } {
  const start = monthStart(back + count - 1);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + count, 0));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

/** Integer cents of commission earned per currency of the fake's sales made in [from, to]. */
function commissionByCurrency(fake: FakeService, range: { from: string; to: string }): Map<string, number> {
  const out = new Map<string, number>();
  for (const sale of fake.sales) {
    const day = isoOf(sale.transaction_date);
    if (day >= range.from && day <= range.to && earned(sale))
      out.set(sale.currency, (out.get(sale.currency) ?? 0) + cents(Number(sale.commission_amount)));
  }
  return out;
}

/** The calendar quarter `back` quarters before today's, as its first and last day. */
function quarter(back: number): { from: string; to: string } {
  const now = new Date();
  const index = now.getFullYear() * 4 + Math.floor(now.getMonth() / 3) - back;
  const start = new Date(Date.UTC(Math.floor(index / 4), (index % 4) * 3, 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 3, 0));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

/** The change as the totals should say it, worked out from integer cents. */
function expectedChange(now: number, before: number, unit: string): string {
  const exact = ((now - before) * 1000) / Math.abs(before);
  // Halves away from zero, as a percentage is rounded for display.
  const tenths = Math.sign(exact) * Math.round(Math.abs(exact));
  if (tenths === 0) return `No change vs previous ${unit}`;
  return `${tenths > 0 ? '+' : '-'}${Math.trunc(Math.abs(tenths) / 10)}.${Math.abs(tenths) % 10}% vs previous ${unit}`;
}

test.describe('compare with the period before', () => {
  test('A6: totals and category lines are commission earned (approved + pending) of the service’s records; the table sorts, exports as CSV and keeps its period', async ({
    signedIn: page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    await backfill(page);
    await page.getByRole('link', { name: 'Compare' }).click();
    await expect(page.getByTestId('compare-periods')).toBeVisible();

    const [current, previous] = [monthStart(1), monthStart(2)];
    const now = sums(fake, current, (s) => s.currency);
    const before = sums(fake, previous, (s) => s.currency);
    for (const [currency, total] of now) {
      const card = page.locator(`[data-testid="compare-total"][data-currency="${currency}"]`);
      await expect(card).toContainText(money(currency, total));
      await expect(card).toContainText(`against ${money(currency, before.get(currency) ?? 0)} before`);
    }

    const lines = sums(fake, current, (s) => `${s.currency}|${String(s.category)}`);
    const linesBefore = sums(fake, previous, (s) => `${s.currency}|${String(s.category)}`);
    const keys = new Set([...lines.keys(), ...linesBefore.keys()]);
    await expect(page.getByTestId('compare-line')).toHaveCount(keys.size);
    for (const row of await page.getByTestId('compare-line').all()) {
      const cells = await row.getByRole('cell').allTextContents();
      const key = `${cells[1]}|${cells[0]}`;
      expect(cells[3]).toBe(money(cells[1] as string, lines.get(key) ?? 0));
      expect(cells[5]).toBe(money(cells[1] as string, linesBefore.get(key) ?? 0));
    }

    // Sorting by commission keeps each currency's lines together, largest first within each.
    await page.getByRole('button', { name: 'Sort by Earned' }).click();
    await page.getByRole('button', { name: 'Sort by Earned' }).click();
    await expect(page.getByRole('columnheader', { name: /Earned/ })).toHaveAttribute('aria-sort', 'descending');

    await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await page.screenshot({ path: screenshotPath(`compare-${theme}-1280.png`) });
    }

    await page.getByRole('button', { name: 'Export breakdown (CSV)' }).click();
    await expect.poll(async () => (await readdir(host.exportDir)).filter((f) => f.endsWith('.csv'))).toHaveLength(1);
    const [file] = (await readdir(host.exportDir)).filter((f) => f.endsWith('.csv'));
    const [header, ...rows] = parseCsv(
      (await readFile(join(host.exportDir, file as string), 'utf8')).replace(/^\uFEFF/, ''),
    );
    expect(header?.[1]).toBe('Category');
    expect(rows).toHaveLength(keys.size);
    for (const row of rows) expect(Math.round(Number(row[3]) * 100)).toBe(lines.get(`${row[0]}|${row[1]}`) ?? 0);

    // Leaving Compare and coming back keeps the choice; the running quarter says it is not over.
    await page.getByTestId('compare-screen').getByText('Quarter', { exact: true }).click();
    const period = page.getByRole('combobox', { name: 'Period' });
    const chosen = await period.inputValue();
    expect(chosen).toMatch(/^Q[1-4] \d{4}$/);
    await period.click();
    await expect(page.getByRole('option').first()).toHaveText(/^Q[1-4] \d{4} \(so far\)$/);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Sales' }).click();
    await page.getByRole('link', { name: 'Compare' }).click();
    await expect(page.getByRole('radio', { name: 'Quarter' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue(chosen);
  });

  test('A6: the sales totals of a whole month or quarter show commission earned, the figure Compare shows, and the change against the period before, per currency, and nothing for other ranges', async ({
    signedIn: page,

    fake,
  }) => {
    test.setTimeout(180_000);
    await backfill(page);
    await goToSection(page, 'Sales');

    for (const { preset, unit, now, before } of [
      { preset: 'Last month', unit: 'month', now: months(1, 1), before: months(2, 1) },
      { preset: 'Last quarter', unit: 'quarter', now: quarter(1), before: quarter(2) },
    ]) {
      await pickDates(page, preset);
      const [totals, totalsBefore] = [commissionByCurrency(fake, now), commissionByCurrency(fake, before)];
      // The fake's 120 days cover last month and the one before, not the quarter before last: both cases are seen.
      expect([...totals.keys()].some((currency) => (totalsBefore.get(currency) ?? 0) !== 0)).toBe(unit === 'month');
      await expect.poll(async () => Object.keys(await shownTotals(page)).sort()).toEqual([...totals.keys()].sort());
      for (const [currency, total] of totals) {
        const card = page.locator(`[data-testid="summary-currency"][data-currency="${currency}"]`);
        await expect(card.getByTestId('summary-commission')).toHaveAttribute('data-value', decimal(total));
        const previous = totalsBefore.get(currency) ?? 0;
        if (previous === 0) {
          await expect(card.getByTestId('summary-previous-change')).toHaveCount(0);
          continue;
        }
        await expect(card.getByTestId('summary-previous-change')).toHaveText(expectedChange(total, previous, unit));
        await expect(card.getByTestId('summary-previous-change')).toHaveAttribute('data-previous', decimal(previous));
      }
    }

    await pickDates(page, 'Last month');
    await expect(page.getByTestId('summary-previous-change').first()).toBeVisible();
    await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
    await screenshotsAtSizes(page, 'totals-change', () =>
      expect(page.getByTestId('summary-previous-change').first()).toBeVisible(),
    );

    // A range that is no whole period has nothing to compare with.
    await pickDates(page, 'Last 30 days');
    await expect(page.getByTestId('summary-currency').first()).toBeVisible();
    await expect(page.getByTestId('summary-previous-change')).toHaveCount(0);
  });
});
