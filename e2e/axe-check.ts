/**
 * The accessibility check of the a11y specs: axe-core's serious and critical violations on the page as it is, light
 * and dark (switched in place through the emulated system setting, which the app follows while its theme is
 * "System"), at 1280×800 and 800×600.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;
const THEMES = ['light', 'dark'] as const;
type Size = (typeof SIZES)[number];

/** One failed rule, short enough to read in a test failure. */
interface Finding {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** The serious and critical violations axe finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
    }));
}

async function setScheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
}

/**
 * For each size: `open` brings up the screen or dialog once, then axe checks it light and dark; `close` (if any)
 * puts the page back for the next size. Every finding is reported before the test fails.
 */
export async function checkEverywhere(
  page: Page,
  what: string,
  open: (size: Size) => Promise<void>,
  close?: () => Promise<void>,
): Promise<void> {
  const found: Record<string, Finding[]> = {};
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await setScheme(page, 'light');
    await open(size);
    for (const theme of THEMES) {
      await setScheme(page, theme);
      // Let colour transitions end before contrast is measured.
      await page.waitForTimeout(200);
      const findings = await seriousViolations(page);
      if (findings.length > 0) found[`${what}, ${theme}, ${size.width}×${size.height}`] = findings;
    }
    if (close) await close();
  }
  await setScheme(page, 'light');
  expect.soft(found, `serious or critical axe violations on ${what}`).toEqual({});
}
