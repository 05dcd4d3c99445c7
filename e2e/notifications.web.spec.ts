/**
 * A7: notifications never cover the numbers. One per kind is on screen (a second export replaces the first one's
 * message), the rest go by themselves (errors stay, proved with the notices' rules in notify.test.ts), none lies over
 * the table's amounts at 800×600, and an export's message names the file, never its (temporary) folder.
 * Pictures of a toast over the sales screen, light and dark, at both sizes, go to the screenshots folder.
 */
import { readdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { screenshotPath } from './screenshot-path';

const SHOWN = '.mantine-Notification-root';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Where each element is, or (with `text`) where its text is: an amount is right-aligned in a wider cell. */
async function boxes(locator: Locator, text = false): Promise<Box[]> {
  return locator.evaluateAll(
    (nodes, ofText) =>
      nodes.map((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = ofText ? range.getBoundingClientRect() : node.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    text,
  );
}

/** The amounts on screen that a notification lies over, as "x,y". */
async function coveredAmounts(page: Page): Promise<string[]> {
  const notes = await boxes(page.locator(SHOWN));
  const amounts = await boxes(page.locator('[data-testid="sale-commission"], [data-testid="sale-transaction"]'), true);
  return amounts.filter((a) => a.height > 0 && notes.some((n) => overlaps(n, a))).map((a) => `${a.x},${a.y}`);
}

async function exportToExcel(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  await expect(page.getByTestId('export-notification')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
}

test('A7: one notification per kind, the rest go by themselves, none over the amounts at 800×600, file names only', async ({
  signedIn: page,
  host,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 800, height: 600 });
  await expect(page.getByTestId('sale-row').first()).toBeVisible();

  await exportToExcel(page);
  await page.waitForTimeout(1_100);
  await exportToExcel(page);
  const files = (await readdir(host.exportDir)).filter((f) => f.endsWith('.xlsx')).sort();
  expect(files.length).toBeGreaterThanOrEqual(1);
  // Two exports, one message: the latest, naming its file and not the folder it went to.
  const notice = page.getByTestId('export-notification');
  await expect(notice).toHaveCount(1);
  await expect(page.getByTestId('export-progress-notification')).toHaveCount(0);
  await expect(notice).toContainText(files[files.length - 1] ?? '');
  await expect(notice).not.toContainText(host.exportDir);

  // A second kind beside it: a finished sync, which goes by itself.
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByTestId('sync-completed-notification')).toBeVisible({ timeout: 60_000 });
  expect(await page.locator(SHOWN).count()).toBeGreaterThanOrEqual(2);
  expect(await coveredAmounts(page)).toEqual([]);

  for (const theme of ['light', 'dark'] as const) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await page.waitForTimeout(200);
      await page.screenshot({ path: screenshotPath(`notification-${theme}-${size.width}.png`) });
      if (size.width === 800) expect(await coveredAmounts(page)).toEqual([]);
    }
  }
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('sync-completed-notification')).toHaveCount(0, { timeout: 15_000 });
  await expect(notice).toHaveCount(0, { timeout: 20_000 });
});
