/**
 * An export as of a past moment from the export dialog (B1): the "As of" picker sends the moment with the request,
 * and the file says "As of" it on its About sheet and holds the sales as they were then: as of the day before the
 * first sync, none of them.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { backfill } from './ui-helpers';
import { auditWorkbook } from '../test-support/export-kit';
import { screenshotsAtSizes } from './screenshot-path';

/** Yesterday, as the calendar names its day ("27 November 2026"), and whether it is in the month before today's. */
function yesterday(): { label: string; iso: string; previousMonth: boolean } {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const label = `${day.getDate()} ${day.toLocaleString('en-GB', { month: 'long' })} ${day.getFullYear()}`;
  const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return { label, iso, previousMonth: day.getMonth() !== now.getMonth() };
}

/** Picks yesterday at 00:00 in an "As of" field; returns the day picked. */
async function pickYesterday(page: Page, field: Locator): Promise<ReturnType<typeof yesterday>> {
  const day = yesterday();
  await field.click();
  if (day.previousMonth) await page.getByRole('button', { name: 'Previous month' }).last().click();
  await page.getByRole('button', { name: day.label, exact: true }).last().click();
  await page.getByRole('button', { name: 'Use this moment' }).click();
  await expect(field).toHaveText(`${day.iso} 00:00`);
  await expect(page.getByRole('button', { name: 'Use this moment' })).toBeHidden();
  return day;
}

test.describe('an export as of a past moment', () => {
  test('B1: the export dialog’s "As of" picker writes the file as it was then, and its About sheet says so', async ({
    signedIn: page,
    host,
  }) => {
    test.setTimeout(180_000);
    await backfill(page);
    await page.getByRole('button', { name: 'More export formats' }).click();
    await page.getByRole('menuitem', { name: 'All sales in a range' }).click();
    const dialog = page.getByRole('dialog', { name: 'All sales in a range' });
    const day = await pickYesterday(page, dialog.getByLabel('As of'));

    await screenshotsAtSizes(page, 'export-dialog-as-of');

    await dialog.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByTestId('export-notification')).toContainText(/Exported 0 sales to .+\.xlsx/);
    const [name] = (await readdir(host.exportDir)).filter((f) => f.endsWith('.xlsx'));
    const audit = await auditWorkbook(join(host.exportDir, String(name)));
    const about = new Map<string, string>();
    audit.about.eachRow((row) => about.set(String(row.getCell(1).value), String(row.getCell(2).value)));
    const moment = new Date(`${day.iso}T00:00:00`).toISOString();
    expect(about.get('As of')).toContain(`As of ${moment.slice(0, 10)} ${moment.slice(11, 19)} UTC`);
    expect(audit.sales.rowCount).toBe(1);
  });

  test('B1: the Payouts section as of a moment before the first sync shows no payouts and says as of when', async ({
    signedIn: page,
  }) => {
    test.setTimeout(180_000);
    await backfill(page);
    await page.getByRole('link', { name: 'Payouts' }).click();
    await expect(page.getByTestId('payouts-table')).toBeVisible();
    await pickYesterday(page, page.getByLabel('As of'));
    await expect(page.getByTestId('payouts-moment')).toContainText('As of');
    await expect(page.getByTestId('payouts-empty')).toBeVisible();
    await expect(page.getByTestId('payouts-owed')).toContainText('Nothing owed');
    await screenshotsAtSizes(page, 'payouts-as-of');
  });
});
