/**
 * The fiscal year on Payouts (B5) against the HTTPS fake service: with the year starting 6 April in Settings, the
 * cash and accrual totals of each currency equal an independent integer-cent computation over the fake's records,
 * and "Export year (xlsx)" writes a Cash and an Accrual sheet holding the same figures.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { backfill, cents, choose, goToSection, isoOf } from './ui-helpers';
import { screenshotsAtSizes } from './screenshot-path';
import type { FakeService } from './fake-service/fake-service';

/** The fiscal year starting 6 April that holds the local today. */
function currentYear(): { year: number; from: string; to: string } {
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  const year = today >= `${now.getFullYear()}-04-06` ? now.getFullYear() : now.getFullYear() - 1;
  return { year, from: `${year}-04-06`, to: `${year + 1}-04-05` };
}

const money = (currency: string, total: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
    Number(`${Math.trunc(total / 100)}.${String(Math.abs(total % 100)).padStart(2, '0')}`),
  );

/** Cash (paid, by payment date) and accrual (made, by sale date) per currency in integer cents, declined left out. */
function expectedYear(fake: FakeService, from: string, to: string): Map<string, { cash: number; accrual: number }> {
  const out = new Map<string, { cash: number; accrual: number }>();
  for (const sale of fake.sales) {
    if (sale.commission_status === 'declined') continue;
    const entry = out.get(sale.currency) ?? { cash: 0, accrual: 0 };
    const amount = cents(Number(sale.commission_amount));
    const made = isoOf(sale.transaction_date);
    const paid = typeof sale.payment_date === 'string' && sale.payment_date !== '' ? isoOf(sale.payment_date) : null;
    if (made >= from && made <= to) entry.accrual += amount;
    if (sale.payment_status === 'paid' && paid !== null && paid >= from && paid <= to) entry.cash += amount;
    out.set(sale.currency, entry);
  }
  return new Map(
    [...out.entries()].filter(([, e]) => e.cash !== 0 || e.accrual !== 0).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

test.describe('the fiscal year', () => {
  test('B5: with the year starting 6 April, cash and accrual per currency equal the service’s records, and the xlsx holds them', async ({
    signedIn: page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    await backfill(page);
    await goToSection(page, 'Settings');
    await choose(page, 'Fiscal year starts in', 'April');
    await choose(page, 'On day', '6');
    await goToSection(page, 'Payouts');
    const section = page.getByTestId('payouts-year');
    const { year, from, to } = currentYear();
    await expect(section.getByTestId('year-choice')).toHaveValue(String(year));
    await expect(section.getByTestId('year-row')).toHaveCount(13);
    await expect(section.getByTestId('year-row').first()).toContainText(/Apr 6, \d{4} – May 5, \d{4}/);

    const expected = expectedYear(fake, from, to);
    expect(expected.size).toBeGreaterThan(0);
    for (const [currency, { cash, accrual }] of expected) {
      if (expected.size > 1) await choose(page, 'Currency', currency);
      const total = section.locator('[data-month="total"]').getByRole('cell');
      await expect(total.nth(1)).toHaveText(money(currency, cash));
      await expect(total.nth(2)).toHaveText(money(currency, accrual));
      await expect(total.nth(3)).toHaveText(money(currency, accrual - cash));
    }
    // The pictures show the section, not the focus ring of the currency just chosen.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // The section's title at the top of the picture, below the header.
    const showSection = () =>
      section.evaluate((element) => {
        element.style.scrollMarginTop = '72px';
        element.scrollIntoView({ block: 'start' });
      });
    await screenshotsAtSizes(page, 'year', showSection);

    await section.getByRole('button', { name: 'Export year (xlsx)' }).click();
    await expect.poll(async () => (await readdir(host.exportDir)).filter((f) => f.endsWith('.xlsx'))).toHaveLength(1);
    const [file] = (await readdir(host.exportDir)).filter((f) => f.endsWith('.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(host.exportDir, file as string));
    for (const [sheet, column, key] of [
      ['Cash', 5, 'cash'],
      ['Accrual', 5, 'accrual'],
    ] as const) {
      const totals = new Map<string, number>();
      workbook.getWorksheet(sheet)?.eachRow((row) => {
        if (row.getCell(2).value === 'Year')
          totals.set(String(row.getCell(1).value), cents(Number(row.getCell(column).value)));
      });
      expect(totals).toEqual(new Map([...expected].map(([currency, entry]) => [currency, entry[key]])));
    }
  });
});
