/**
 * The commission chart against a service with sixteen currencies (0, 2 and 3 decimals, nine-digit amounts): one
 * panel per currency with its code in the title and its own scale, y-axis labels that fit inside the panel, a time
 * axis without repeated labels, and a hover that shows the exact amount of the period in the currency's decimals.
 * Pictures at 1280×800 and 800×600, light and dark, go to the screenshots folder as `charts-16-currencies-*`.
 */
import type { Page } from '@playwright/test';
import type {} from './fake-service/fake-service';
import { WIDE_CURRENCIES, wideDigits } from './fake-service/wide-dataset';
import { expect } from './fixtures';
import { wideTest } from './wide-fixture';
import { screenshotPath } from './screenshot-path';
import { isoOf, type WireRecord } from './ui-helpers';

const test = wideTest;

test.use({ locale: 'en-US' });

const HIDE_TOASTS = '.mantine-Notifications-root { display: none !important; }';

/** From the signed-in page: the Charts & totals tab, with its first bar drawn. */
async function openCharts(page: Page): Promise<void> {
  await page.addStyleTag({ content: HIDE_TOASTS });
  await page.getByRole('tab', { name: 'Charts & totals' }).click();
  // A bar is drawn (a path) only where its period has sales: the first period of a panel may have none.
  await expect(
    page.getByTestId('chart-currency').first().locator('.recharts-bar-rectangle path').first(),
  ).toBeVisible();
}

/** Per panel: its currency, title, whether a y label sticks out of the panel, and its x labels. */
async function panels(page: Page) {
  return page.getByTestId('chart-currency').evaluateAll((nodes) =>
    nodes.map((panel) => {
      const box = panel.getBoundingClientRect();
      const yLabels = [
        ...panel.querySelectorAll<SVGTextElement>('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
      ];
      const xLabels = [
        ...panel.querySelectorAll<SVGTextElement>('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'),
      ];
      return {
        currency: (panel as HTMLElement).dataset.currency ?? '',
        title: panel.querySelector('[data-testid="chart-title"]')?.textContent ?? '',
        yLabels: yLabels.map((t) => t.textContent ?? ''),
        yCut: yLabels.some((t) => t.getBoundingClientRect().left < box.left - 0.5),
        xLabels: xLabels.map((t) => t.textContent ?? ''),
      };
    }),
  );
}

/** The exact commission of `currency` on `day`, formatted by the browser in the currency's own decimals. */
async function expectedDayAmount(
  page: Page,
  sales: readonly WireRecord[],
  currency: string,
  day: string,
): Promise<string> {
  const digits = wideDigits(currency);
  let sum = 0n;
  for (const sale of sales) {
    if (sale.currency !== currency || isoOf(sale.transaction_date) !== day) continue;
    const [whole = '0', fraction = ''] = String(sale.commission_amount).split('.');
    sum += BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits));
  }
  const text = sum.toString().padStart(digits + 1, '0');
  const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return page.evaluate(
    ({ amount, code }) =>
      new Intl.NumberFormat(navigator.language, { style: 'currency', currency: code }).format(
        amount as unknown as number,
      ),
    { amount: decimal, code: currency },
  );
}

test.describe('commission chart with sixteen currencies', () => {
  test('one panel per currency, labels that fit, one readable time axis, exact amounts on hover', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openCharts(page);
    await page.getByTestId('commission-chart').getByText('Day', { exact: true }).click();
    const sales = fake.sales as readonly WireRecord[];

    await expect(page.getByTestId('chart-currency')).toHaveCount(WIDE_CURRENCIES.length);
    for (const panel of await panels(page)) {
      expect(panel.title, panel.currency).toContain(panel.currency);
      expect(panel.yLabels.length, panel.currency).toBeGreaterThan(1);
      expect(panel.yCut, `${panel.currency} y labels ${panel.yLabels.join(', ')}`).toBe(false);
      expect(new Set(panel.xLabels).size, `${panel.currency} x labels ${panel.xLabels.join(', ')}`).toBe(
        panel.xLabels.length,
      );
    }

    // Hovering a bar of a 0-decimal, a 3-decimal and a 2-decimal currency shows the day's exact commission.
    for (const currency of ['JPY', 'KWD', 'CHF']) {
      const panel = page.locator(`[data-testid="chart-currency"][data-currency="${currency}"]`);
      await panel.scrollIntoViewIfNeeded();
      const bar = await panel
        .locator('.recharts-bar-rectangle path')
        .evaluateAll((paths) => paths.map((p) => p.getBoundingClientRect()).find((r) => r.height > 2));
      if (bar === undefined) throw new Error(`${currency} has no bar to hover`);
      await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
      const tooltip = panel.getByTestId('chart-tooltip');
      await expect(tooltip).toBeVisible();
      const day = (await tooltip.getAttribute('data-period')) ?? '';
      await expect(tooltip).toContainText(await expectedDayAmount(page, sales, currency, day));
      await page.mouse.move(0, 0);
    }

    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await page.getByTestId('commission-chart').scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        for (const panel of await panels(page)) expect(panel.yCut, `${panel.currency} at ${size.width}`).toBe(false);
        await page.screenshot({ path: screenshotPath(`charts-16-currencies-${theme}-${size.width}.png`) });
      }
    }
  });
});
