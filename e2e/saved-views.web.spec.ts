/**
 * Saved views: the sales screen's filters and sort saved under a name, shown again in one click from the sidebar
 * (with exactly the sales they select), renamed and deleted, and kept by the main process across a reload.
 */
import { expect, test } from './fixtures';
import { screenshotPath } from './screenshot-path';
import { backfill, expectTotal, shownTotal, sortBy } from './ui-helpers';

test.describe('saved views', () => {
  test('a saved view brings back its filters and sort, is marked while shown, survives a reload, and can be renamed and deleted', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(180_000);
    await backfill(page);
    const everything = await shownTotal(page);

    const word =
      (fake.sales.find((s) => typeof s.product_name === 'string' && s.product_name !== '')?.product_name ?? '').split(
        /\s+/,
      )[0] ?? '';
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(word);
    await sortBy(page, 'Reference', 'ascending');
    await expect.poll(() => shownTotal(page)).toBeLessThan(everything);
    const filtered = await shownTotal(page);
    expect(filtered).toBeGreaterThan(0);

    const views = page.getByRole('region', { name: 'Saved views' });
    await views.getByRole('button', { name: 'Save the current view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the current view' });
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(dialog).toContainText('Enter a name for the view.');
    await dialog.getByLabel('Name').fill(`Only ${word}`);
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(dialog).toBeHidden();

    // The view just saved is what the screen shows: it is marked; a change to the search unmarks it.
    const saved = views.getByRole('link', { name: `Only ${word}` });
    await expect(saved).toHaveAttribute('aria-current', 'true');
    await search.fill('');
    await expectTotal(page, everything);
    await expect(saved).not.toHaveAttribute('aria-current', 'true');
    await page.reload();
    await expect(views.getByRole('link', { name: `Only ${word}` })).toBeVisible();
    await page.getByRole('link', { name: 'Profile' }).click();
    await views.getByRole('link', { name: `Only ${word}` }).click();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(word);
    await expectTotal(page, filtered);
    await expect(page.getByRole('columnheader', { name: /Reference/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(views.getByRole('link', { name: `Only ${word}` })).toHaveAttribute('aria-current', 'true');
    await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await page.screenshot({ path: screenshotPath(`saved-view-${theme}-1280.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await views.getByRole('button', { name: `Options of the view Only ${word}` }).click();
    await page.getByRole('menuitem', { name: 'Rename…' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename view' });
    await rename.getByLabel('Name').fill('Lamps');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(views.getByRole('link', { name: 'Lamps' })).toBeVisible();
    await views.getByRole('button', { name: 'Options of the view Lamps' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(views.getByRole('link')).toHaveCount(0);
    await expect(views).toContainText('Save the sales screen’s filters');
  });
});
