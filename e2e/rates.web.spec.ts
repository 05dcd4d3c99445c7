/**
 * Reference rates in Settings (L1, L5), as a person imports them: with none stored the card says where to get the
 * ECB file; a malformed file is refused under the file field and changes nothing; the ECB-format fixture is then
 * stored and described (days, first and last day, currencies, source); the home currency chosen is kept. Books then
 * shows the bridge in that currency, each row closed exactly by its exchange difference (L2).
 */
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { backfill, goToSection, previousMonth } from './ui-helpers';
import { screenshotsAtSizes } from './screenshot-path';

const FIXTURES = join('test-support', 'fixtures', 'ecb');

test.describe('reference rates', () => {
  test('L1, L5: Settings imports the ECB rates file, refuses a malformed one with its line, and keeps the home currency', async ({
    signedIn: page,
  }) => {
    test.setTimeout(120_000);
    await goToSection(page, 'Settings');
    const card = page.getByTestId('settings-rates');
    await expect(card.getByTestId('rates-status')).toContainText('No reference rates are stored yet');

    const file = card.locator('input[type="file"]');
    await file.setInputFiles(join(FIXTURES, 'malformed-rates.csv'));
    await expect(card).toContainText('Line 2: the JPY rate "abc" is not a number. Nothing was changed.');
    await expect(card.getByTestId('rates-status')).toContainText('No reference rates are stored yet');
    await card.scrollIntoViewIfNeeded();
    await screenshotsAtSizes(page, 'settings-rates-error', () => card.scrollIntoViewIfNeeded());

    await file.setInputFiles(join(FIXTURES, 'eurofxref-hist-sample.csv'));
    await expect(card.getByTestId('rates-status')).toContainText(
      '650 days of ECB rates, Jun 3, 2024 to Nov 27, 2026, for 4 currencies and the euro; from the file eurofxref-hist-sample.csv',
    );
    await expect(card).not.toContainText('is not a number');

    await card.getByTestId('setting-home-currency').fill('GBP');
    await page.getByRole('option', { name: 'GBP', exact: true }).click();
    await expect(card.getByTestId('setting-home-currency')).toHaveValue('GBP');
    await page.reload();
    await goToSection(page, 'Settings');
    await expect(page.getByTestId('setting-home-currency')).toHaveValue('GBP');
    await expect(page.getByTestId('rates-status')).toContainText('650 days of ECB rates');
    await page.getByTestId('settings-rates').scrollIntoViewIfNeeded();
    await screenshotsAtSizes(page, 'settings-rates', () => page.getByTestId('settings-rates').scrollIntoViewIfNeeded());
  });

  test('L2: Books shows the bridge in the home currency, each currency apart, closed to the penny by the exchange difference', async ({
    signedIn: page,
  }) => {
    test.setTimeout(180_000);
    await backfill(page);
    await goToSection(page, 'Books');
    await expect(page.getByTestId('books-home-bridge')).toContainText('Choose your home currency in Settings');
    await goToSection(page, 'Settings');
    await page
      .getByTestId('settings-rates')
      .locator('input[type="file"]')
      .setInputFiles(join(FIXTURES, 'eurofxref-hist-sample.csv'));
    await expect(page.getByTestId('rates-status')).toContainText('650 days of ECB rates');
    await page.getByTestId('setting-home-currency').fill('GBP');
    await page.getByRole('option', { name: 'GBP', exact: true }).click();

    await goToSection(page, 'Books');
    const section = page.getByTestId('books-home-bridge');
    await expect(section).toContainText('Approximate. Each sale at the ECB reference rate of its sale date');
    const rows = section.getByTestId('home-bridge-row');
    await expect(rows.first()).toBeVisible();
    const currencies = await page
      .getByTestId('books-bridge')
      .getByTestId('bridge-row')
      .evaluateAll((found) => found.map((row) => row.getAttribute('data-currency')));
    await expect(rows).toHaveCount(currencies.length);
    const pence = (text: string) => {
      const negative = text.includes('-') || text.includes('−');
      const value = BigInt(text.replace(/[^0-9]/g, ''));
      return negative ? -value : value;
    };
    for (const currency of currencies) {
      const row = section.locator(`[data-testid="home-bridge-row"][data-currency="${currency}"]`);
      const line = async (key: string) => pence((await row.locator(`[data-line="${key}"]`).textContent()) ?? '');
      expect(
        (await line('opening')) +
          (await line('earned')) -
          (await line('reductions')) -
          (await line('received')) +
          (await line('exchangeDifference')),
      ).toBe(await line('closing'));
      await expect(row.locator('[data-line="closing"]')).toContainText('£');
    }
    await section.scrollIntoViewIfNeeded();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await screenshotsAtSizes(page, 'books-home', () => section.scrollIntoViewIfNeeded());

    // Payouts: each payout at its payment date's rate, the total in pounds apart from the original amounts.
    await goToSection(page, 'Payouts');
    const { label } = previousMonth();
    await page.getByTestId('payouts-month').click();
    await page.getByRole('option', { name: label }).click();
    const home = page.getByTestId('payouts-home');
    await expect(home).toContainText('≈ In GBP (approximate, ECB rate of each payment date)');
    await expect(home.getByTestId('payout-home-row')).toHaveCount(await page.getByTestId('payout-row').count());
    const amounts = await home.getByTestId('payout-home-amount').allTextContents();
    const sum = amounts.reduce((total, text) => total + pence(text), 0n);
    expect(pence((await home.getByTestId('payouts-home-total').textContent()) ?? '')).toBe(sum);
    // The fiscal year at the foot of Payouts says its totals in pounds too.
    await expect(page.getByTestId('year-home')).toContainText(
      /≈ In GBP for the year \(approximate\): cash £[\d,.]+ at payment-date rates, accrual £[\d,.]+ at sale-date rates/,
    );
  });
});
