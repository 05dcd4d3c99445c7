/**
 * Reference rates in Settings (L1, L5), as a person imports them: with none stored the card says where to get the
 * ECB file; a malformed file is refused under the file field and changes nothing; the ECB-format fixture is then
 * stored and described (days, first and last day, currencies, source); the home currency chosen is kept.
 */
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { goToSection } from './ui-helpers';
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
      '64 days of ECB rates, Sep 1, 2026 to Nov 27, 2026, for 4 currencies and the euro; from the file eurofxref-hist-sample.csv',
    );
    await expect(card).not.toContainText('is not a number');

    await card.getByTestId('setting-home-currency').fill('GBP');
    await page.getByRole('option', { name: 'GBP', exact: true }).click();
    await expect(card.getByTestId('setting-home-currency')).toHaveValue('GBP');
    await page.reload();
    await goToSection(page, 'Settings');
    await expect(page.getByTestId('setting-home-currency')).toHaveValue('GBP');
    await expect(page.getByTestId('rates-status')).toContainText('64 days of ECB rates');
    await page.getByTestId('settings-rates').scrollIntoViewIfNeeded();
    await screenshotsAtSizes(page, 'settings-rates', () => page.getByTestId('settings-rates').scrollIntoViewIfNeeded());
  });
});
