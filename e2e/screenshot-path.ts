import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * Where a spec saves a screenshot: test-reports/screenshots/ during `npm test`, so a test run never rewrites tracked
 * files; `npm run screenshots` points SCREENSHOT_DIR at docs/screenshots/ to refresh the README's pictures on purpose.
 */
export function screenshotPath(fileName: string): string {
  return join(process.env.SCREENSHOT_DIR ?? 'test-reports/screenshots', fileName);
}

/** Hides transient notifications so a picture shows the screen itself. */
const HIDE_TOASTS = '.mantine-Notifications-root { display: none !important; }';

/** The part of the page's document this file reads; it is also compiled without the DOM's types. */
interface AnimatedDocument {
  getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[];
}

/**
 * Waits until no transition or finite animation runs (the navbar sliding after a resize, a segmented control's
 * indicator moving), so a picture never catches one half-way; spinners, which never end, are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  // Bounded: a picture a moment early is better than a test that waits for it until it times out.
  await page
    .waitForFunction(
      () =>
        (globalThis as unknown as { document: AnimatedDocument }).document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/**
 * Saves `<name>-<light|dark>-<1280|800>.png` at 1280×800 and 800×600 in both themes, notifications hidden, then goes
 * back to 1280×800; `ready` waits, before each picture, for what it must show.
 */
export async function screenshotsAtSizes(
  page: Page,
  name: string,
  ready: () => Promise<void> = async () => undefined,
): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [800, 600],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await ready();
      await animationsSettled(page);
      await page.screenshot({ path: screenshotPath(`${name}-${theme}-${width}.png`), style: HIDE_TOASTS });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
