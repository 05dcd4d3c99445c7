/**
 * What follows an export: one message per export, naming the file, with "Show in folder" and "Open". The test host
 * records what the app asked the desktop to do instead of doing it (its recording shell, read at
 * `SHELL_RECORD_PATH`), so the test sees exactly which file would have been shown and opened. A file moved away is
 * said plainly in the same message; exports one after another leave one message, the latest.
 * Pictures of the message, light and dark, at 1280×800 and 800×600, go to the screenshots folder.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { screenshotPath } from './screenshot-path';
import { SHELL_RECORD_PATH, type ShellRecord } from './test-host/test-host';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;
const THEMES = ['light', 'dark'] as const;
/** Mantine's notifications, wherever they are (shown, not queued). */
const SHOWN = '.mantine-Notification-root';

/** Serious or critical accessibility problems inside `selector`, one line each. */
async function seriousProblems(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`);
}

async function shellRecord(hostUrl: string): Promise<ShellRecord> {
  const response = await fetch(new URL(SHELL_RECORD_PATH, hostUrl));
  return (await response.json()) as ShellRecord;
}

async function closeAll(page: Page): Promise<void> {
  const shown = page.locator(SHOWN);
  while ((await shown.count()) > 0) {
    await shown.first().locator('.mantine-Notification-closeButton').click();
    await page.waitForTimeout(300);
  }
}

/** When a file of `dir` was last written, 0 when it holds none. */
async function newestWrite(dir: string): Promise<number> {
  const names = (await readdir(dir)).filter((f) => f.endsWith('.xlsx'));
  const times = await Promise.all(names.map(async (f) => (await stat(join(dir, f))).mtimeMs));
  return Math.max(0, ...times);
}

/** Clicks "Export to Excel" and waits for that export's message, the only one of its kind; returns it. */
async function exportShown(page: Page, exportDir: string): Promise<Locator> {
  const before = await newestWrite(exportDir);
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  // The same export has the same file name: a write, not a new file, says it finished.
  await expect.poll(() => newestWrite(exportDir)).toBeGreaterThan(before);
  const notices = page.getByTestId('export-notification');
  await expect(notices).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  return notices.last();
}

test.describe('after an export', () => {
  test('the message offers Show in folder and Open for the written file, says plainly when it is gone, and repeated exports never pile up', async ({
    signedIn: page,
    host,
  }) => {
    test.setTimeout(180_000);
    await closeAll(page);

    const notice = await exportShown(page, host.exportDir);
    await expect(notice).toContainText('Export finished');
    // The file's name, not the folder it went to ("Show in folder" goes there).
    await expect(notice).not.toContainText(host.exportDir);
    // One message for the export: the progress became the result, nothing else is left.
    await expect(page.getByTestId('export-progress-notification')).toHaveCount(0);
    await expect(page.locator(SHOWN)).toHaveCount(1);
    const files = (await readdir(host.exportDir)).filter((f) => f.endsWith('.xlsx'));
    expect(files).toHaveLength(1);
    const written = join(host.exportDir, files[0] ?? '');
    await expect(notice).toContainText(files[0] ?? '');

    await notice.getByRole('button', { name: 'Show in folder' }).click();
    await expect.poll(async () => (await shellRecord(host.url)).shown).toEqual([written]);
    await notice.getByRole('button', { name: 'Open', exact: true }).click();
    await expect.poll(async () => (await shellRecord(host.url)).openedFiles).toEqual([written]);
    await expect(notice.getByTestId('exported-file-problem')).toHaveCount(0);

    // The file moved away: the same message says so, and nothing else is opened.
    await rm(written);
    await notice.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(notice.getByTestId('exported-file-problem')).toHaveText(
      'That file is no longer there; it may have been moved or deleted.',
    );
    await notice.getByRole('button', { name: 'Show in folder' }).click();
    await expect(notice.getByTestId('exported-file-problem')).toContainText('no longer there');
    const record = await shellRecord(host.url);
    expect(record.openedFiles).toEqual([written]);
    expect(record.shown).toEqual([written]);
    await expect(page.locator(SHOWN)).toHaveCount(1);
    await page.screenshot({ path: screenshotPath('export-problem-light-1280.png') });
    expect(await seriousProblems(page, SHOWN)).toEqual([]);
    await closeAll(page);

    // Five exports in a row: one message on screen, the latest export's; each replaced the one before.
    for (let i = 0; i < 5; i++) {
      await exportShown(page, host.exportDir);
      await expect(page.locator(SHOWN)).toHaveCount(1);
      await expect(page.getByTestId('export-progress-notification')).toHaveCount(0);
    }
    const names = (await readdir(host.exportDir)).filter((f) => f.endsWith('.xlsx')).sort();
    await expect(page.getByTestId('export-notification')).toContainText(names[names.length - 1] ?? '');
  });

  test('the Compare CSV and the pictures of the message, light and dark, at both sizes', async ({
    signedIn: page,
    host,
  }) => {
    test.setTimeout(180_000);
    await closeAll(page);

    await page.getByRole('link', { name: 'Compare' }).click();
    await page.getByRole('button', { name: 'Export breakdown (CSV)' }).click();
    const notice = page.getByTestId('export-notification');
    await expect(notice).toContainText('Breakdown exported');
    const [csv] = (await readdir(host.exportDir)).filter((f) => f.endsWith('.csv'));
    const path = join(host.exportDir, csv ?? '');
    await notice.getByRole('button', { name: 'Show in folder' }).click();
    await expect.poll(async () => (await shellRecord(host.url)).shown).toEqual([path]);
    await notice.getByRole('button', { name: 'Open', exact: true }).click();
    await expect.poll(async () => (await shellRecord(host.url)).openedFiles).toEqual([path]);
    await closeAll(page);

    await page.getByRole('link', { name: 'Sales' }).click();
    for (const size of SIZES) {
      for (const theme of THEMES) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        await expect(page.getByTestId('sale-row').first()).toBeVisible();
        const shown = await exportShown(page, host.exportDir);
        await expect(shown).toBeInViewport();
        // The pointer rests on the message, as a person reading it would: it stays while the picture is taken.
        await shown.hover();
        await page.waitForTimeout(400);
        await page.screenshot({ path: screenshotPath(`export-done-${theme}-${size.width}.png`) });
        expect(await seriousProblems(page, SHOWN)).toEqual([]);
        await closeAll(page);
      }
    }
  });
});
