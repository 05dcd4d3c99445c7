/**
 * The All accounts overview with two accounts on two HTTPS fake services: each account's owed, pending and
 * this month's payouts equal an independent integer-cent computation over its own service's records (never mixed
 * across accounts or currencies), and Open switches to that account's sales.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { localIsoDay } from '../src/shared/dates';
import { expect, test } from './fixtures';
import { startFakeService, type FakeService } from './fake-service/fake-service';
import { addAccount, backfill, cents, isoOf, signIn, waitForSyncIdle } from './ui-helpers';
import { screenshotPath } from './screenshot-path';
import { auditWorkbook } from '../test-support/export-kit';

const money = (currency: string, total: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
    Number(`${Math.trunc(total / 100)}.${String(Math.abs(total % 100)).padStart(2, '0')}`),
  );

/** Per-currency cent totals of the fake's sales that match `keep`. */
function perCurrency(fake: FakeService, keep: (sale: FakeService['sales'][number]) => boolean): Map<string, number> {
  const out = new Map<string, number>();
  for (const sale of fake.sales)
    if (keep(sale)) out.set(sale.currency, (out.get(sale.currency) ?? 0) + cents(Number(sale.commission_amount)));
  return out;
}

/** Shop A on `fake` and Shop B on `other`, both with their whole history synced; Shop B is open. */
async function signInBoth(page: Page, url: string, fake: FakeService, other: FakeService): Promise<void> {
  await page.goto(url);
  await signIn(page, fake, 'Shop A');
  await waitForSyncIdle(page);
  await backfill(page);
  await addAccount(page, other, 'Shop B');
  await waitForSyncIdle(page);
  await backfill(page);
}

/** Each currency's row holds `totals`' amount in the `testId` column, or a dash when it has none there. */
async function expectAmounts(
  card: ReturnType<Page['getByTestId']>,
  testId: string,
  totals: Map<string, number>,
): Promise<void> {
  const rows = card.getByTestId('overview-currency');
  const shown = await rows.evaluateAll((all) => all.map((row) => (row as HTMLElement).dataset.currency ?? ''));
  for (const currency of totals.keys()) expect(shown).toContain(currency);
  for (const currency of shown) {
    const total = totals.get(currency);
    const cell = card.locator(`[data-testid="overview-currency"][data-currency="${currency}"]`).getByTestId(testId);
    await expect(cell).toHaveText(total === undefined ? '—' : money(currency, total));
  }
}

test.describe('all accounts at once', () => {
  test('each account’s owed, pending and paid this month equal its own service’s records; Rename keeps its sales; Open shows them', async ({
    page,
    host,
    fake,
  }) => {
    test.setTimeout(240_000);
    const other = await startFakeService({
      sales: { count: 300, endDay: localIsoDay(new Date()), days: 100, seed: 21 },
    });
    try {
      await signInBoth(page, host.url, fake, other);

      await page.getByRole('link', { name: 'All accounts' }).click();
      const cards = page.getByTestId('overview-account');
      await expect(cards).toHaveCount(2);
      const month = localIsoDay(new Date()).slice(0, 7);
      for (const [label, service] of [
        ['Shop A', fake],
        ['Shop B', other],
      ] as const) {
        const card = page.getByRole('region', { name: label });
        await expect(card).toContainText(`${service.sales.length} sales cached`);
        await expectAmounts(
          card,
          'overview-owed',
          perCurrency(service, (s) => s.commission_status === 'approved' && s.payment_status !== 'paid'),
        );
        await expectAmounts(
          card,
          'overview-pending',
          perCurrency(service, (s) => s.commission_status === 'pending'),
        );
        const paidThisMonth = perCurrency(
          service,
          (s) =>
            s.payment_status === 'paid' &&
            typeof s.payment_date === 'string' &&
            s.payment_date !== '' &&
            isoOf(s.payment_date).startsWith(month),
        );
        await expectAmounts(card, 'overview-paid', paidThisMonth);
        await expect(card.getByTestId('overview-statuses')).toContainText('Statuses checked');
      }
      await expect(page.getByRole('region', { name: 'Shop B' })).toContainText('Open now');
      await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
      for (const size of [
        { width: 1280, height: 800 },
        { width: 800, height: 600 },
      ]) {
        for (const theme of ['light', 'dark'] as const) {
          await page.setViewportSize(size);
          await page.emulateMedia({ colorScheme: theme });
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
          await page.screenshot({ path: screenshotPath(`overview-${theme}-${size.width}.png`) });
        }
      }
      await page.setViewportSize({ width: 1280, height: 800 });

      // Renaming changes the label only: the account keeps its cached sales and opens signed in under the new name.
      await page.getByRole('button', { name: 'Rename Shop A' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename account' });
      await dialog.getByLabel('Name').fill('   ');
      await dialog.getByRole('button', { name: 'Save name' }).click();
      await expect(dialog).toContainText('Enter a name for the account.');
      await dialog.getByLabel('Name').fill('Shop A (EU)');
      await dialog.getByRole('button', { name: 'Save name' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('region', { name: 'Shop A (EU)' })).toContainText(
        `${fake.sales.length} sales cached`,
      );

      await page.getByRole('button', { name: 'Open the sales of Shop A (EU)' }).click();
      await expect(page.getByTestId('account-switcher')).toContainText('Shop A (EU)');
      await expect(page.getByTestId('sale-row').first()).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('one export of every account: each row names its account, and the rows are exactly each service’s paid sales of the month', async ({
    page,
    host,
    fake,
  }) => {
    test.setTimeout(240_000);
    const other = await startFakeService({
      sales: { count: 300, endDay: localIsoDay(new Date()), days: 100, seed: 21 },
    });
    try {
      await signInBoth(page, host.url, fake, other);

      await page.getByRole('link', { name: 'All accounts' }).click();
      await page.getByRole('button', { name: 'Export all accounts' }).click();
      await page.getByRole('menuitem', { name: 'Payments received in a month' }).click();
      const dialog = page.getByRole('dialog', { name: 'Payments received in a month' });
      await expect(dialog.getByTestId('export-several-accounts')).toContainText('One file for 2 accounts');
      const now = new Date();
      const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
      const month = first.toISOString().slice(0, 7);
      await dialog.getByLabel('Month').click();
      await page
        .getByRole('option', {
          name: first.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
        })
        .click();
      await dialog.getByRole('button', { name: 'Export' }).click();
      await expect(page.getByTestId('export-notification')).toContainText(/Exported .+\.xlsx/, { timeout: 60_000 });

      const files = (await readdir(host.exportDir)).filter((f) => f.endsWith('.xlsx'));
      expect(files).toEqual([`commission-desk-all-accounts-payments-received-${month}.xlsx`]);
      const audit = await auditWorkbook(join(host.exportDir, files[0] as string));
      expect(audit.header[0]).toBe('Account');
      const rows: string[] = [];
      audit.sales.eachRow((row, n) => {
        if (n > 1)
          rows.push(
            `${String(row.getCell(1).value)}|${String(row.getCell(audit.header.indexOf('Reference') + 1).value)}`,
          );
      });
      const paidIn = (service: FakeService, label: string) =>
        service.sales
          .filter(
            (s) =>
              s.payment_status === 'paid' &&
              typeof s.payment_date === 'string' &&
              s.payment_date !== '' &&
              isoOf(s.payment_date).startsWith(month),
          )
          .map((s) => `${label}|${s.reference}`);
      expect(rows.sort()).toEqual([...paidIn(fake, 'Shop A'), ...paidIn(other, 'Shop B')].sort());
      for (const formula of audit.formulas) expect(formula.result).toBeCloseTo(formula.evaluated, 9);
    } finally {
      await other.close();
    }
  });
});
