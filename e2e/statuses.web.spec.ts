/**
 * Numbers an accountant can trust, as a person sees them (T1, T3, T4, T5, T8): against the HTTPS fake, whose data
 * is changed between syncs, the sales screen, Changes, Settings and the export dialogs show what the cache knows —
 * a late payment of an old sale, how current statuses are, a stale payments export warned about before writing, a
 * period or all history re-checked (cancelled and resumed), sales the service stopped reporting, and statuses the
 * spec does not list.
 */
import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { addDays, isoDayToService, localIsoDay } from '../src/shared/dates';
import { expect, test } from './fixtures';
import type { FakeService } from './fake-service/fake-service';
import {
  backfill,
  expectTotal,
  isoOf,
  openMoreFilters,
  pickDays,
  previousMonth,
  signIn,
  syncNow,
  waitForSyncIdle,
  type WireRecord,
} from './ui-helpers';

const TODAY = localIsoDay(new Date());

/** The first sale of the fake matching `wanted`, or a failed test naming what was looked for. */
function saleWhere(fake: FakeService, what: string, wanted: (sale: WireRecord, day: string) => boolean): WireRecord {
  const sale = (fake.sales as readonly WireRecord[]).find((s) => wanted(s, isoOf(s.transaction_date)));
  if (sale === undefined) throw new Error(`the fake dataset has no ${what}`);
  return sale;
}

/** Makes every cached status look confirmed `hours` ago, as if the app had not synced since (the clock cannot move). */
function ageStatusChecks(dataDir: string, hours: number): string {
  const at = new Date(Date.now() - hours * 3_600_000).toISOString();
  const db = new Database(join(dataDir, 'cache.sqlite'));
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('UPDATE sales SET status_checked_at = ?').run(at);
  } finally {
    db.close();
  }
  return at;
}

/** Opens an export preset's dialog from the export menu. */
async function openPreset(page: Page, name: string) {
  await page.getByRole('button', { name: 'More export formats' }).click();
  await page.getByRole('menuitem', { name }).click();
  return page.getByRole('dialog', { name });
}

async function openChanges(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Changes' }).click();
  await expect(page.getByTestId('changes-view')).toBeVisible();
}

test.describe('statuses an accountant can trust', () => {
  test('T1, T3: Sync now picks up the payment of a sale older than the trailing window, lists it in Changes, and says when statuses were checked', async ({
    page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    const started = new Date().toISOString();
    await page.goto(host.url);
    await signIn(page, fake);
    await waitForSyncIdle(page);
    await backfill(page);

    const old = saleWhere(
      fake,
      'open sale older than 70 days',
      (s, day) => day < addDays(TODAY, -70) && s.commission_status !== 'declined' && s.payment_status === 'pending',
    );
    fake.updateSales([
      {
        kind: 'set',
        reference: old.reference,
        fields: { commission_status: 'approved', payment_status: 'paid', payment_date: isoDayToService(TODAY) },
      },
    ]);
    await syncNow(page);

    await openChanges(page);
    const row = page.locator(`[data-testid="change-row"][data-reference="${old.reference}"]`);
    await expect(row.first()).toBeVisible();
    await expect(
      row.filter({ has: page.getByTestId('change-field').getByText('Payment', { exact: true }) }),
    ).toContainText(/pending.*paid/i);

    // The Changes view and the sales screen say how current the statuses are: never before this test began.
    const checked = page.getByTestId('statuses-checked');
    await expect(checked).toContainText('Statuses checked');
    expect(Date.parse((await checked.getAttribute('data-oldest')) ?? '')).toBeGreaterThanOrEqual(Date.parse(started));
    await page.getByRole('tab', { name: 'Sales' }).click();
    await expect(page.getByTestId('statuses-checked')).toHaveAttribute('data-stale', 'false');
    expect(
      Date.parse((await page.getByTestId('statuses-checked').getAttribute('data-oldest')) ?? ''),
    ).toBeGreaterThanOrEqual(Date.parse(started));
  });

  test('T3: a payments export whose open sales were checked more than a day ago warns before writing; "Sync now first" writes nothing and syncs', async ({
    signedIn: page,
    host,
  }) => {
    test.setTimeout(240_000);
    await backfill(page);

    const agedAt = ageStatusChecks(host.dataDir, 50);
    await page.reload();
    const checked = page.getByTestId('statuses-checked');
    await expect(checked).toHaveAttribute('data-oldest', agedAt);
    await expect(checked).toHaveAttribute('data-stale', 'true');

    const { month, label } = previousMonth();
    const name = `commission-desk-my-shop-payments-received-${month}.xlsx`;
    const exportPayments = async () => {
      const dialog = await openPreset(page, 'Payments received in a month');
      await dialog.getByLabel('Month').click();
      await page.getByRole('option', { name: label }).click();
      await dialog.getByRole('button', { name: 'Export' }).click();
    };

    // Warned before any save dialog: "Export anyway" writes the file.
    await exportPayments();
    const warning = page.getByRole('dialog', { name: 'Statuses may be out of date' });
    await expect(warning).toBeVisible();
    await expect(warning.getByTestId('stale-export-warning')).toContainText(/open sale/i);
    expect(await readdir(host.exportDir)).not.toContain(name);
    await warning.getByRole('button', { name: 'Export anyway' }).click();
    await expect(page.getByTestId('export-notification')).toContainText(name);
    await rm(join(host.exportDir, name));

    // "Sync now first": no file, the routine sync runs, and afterwards the same export needs no warning.
    const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
    await exportPayments();
    await warning.getByRole('button', { name: 'Sync now first' }).click();
    await expect(page.getByTestId('export-after-sync-notification')).toBeVisible();
    await waitForSyncIdle(page, { after: before });
    expect(await readdir(host.exportDir)).not.toContain(name);

    // The dialog kept the person's choices: exporting again now writes the file without a warning.
    const dialog = page.getByRole('dialog', { name: 'Payments received in a month' });
    await expect(dialog.getByLabel('Month')).toHaveValue(label);
    await dialog.getByRole('button', { name: 'Export' }).click();
    // One export notice at a time: the new one replaced the first.
    await expect(page.getByTestId('export-notification')).toHaveCount(1);
    await expect(page.getByTestId('export-notification')).toContainText(name);
    await expect(warning).toHaveCount(0);
    expect(await readdir(host.exportDir)).toContain(name);
  });

  test('T4: "Re-check this period" shows progress, can be cancelled and resumed, and what changed appears in Changes', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(180_000);

    // A declined sale is final: routine syncs leave it alone, a re-check fetches it again.
    const declined = saleWhere(
      fake,
      'declined sale in the last 30 days',
      (s, day) => s.commission_status === 'declined' && day >= addDays(TODAY, -25) && day < TODAY,
    );
    fake.updateSales([{ kind: 'set', reference: declined.reference, fields: { commission_status: 'approved' } }]);
    fake.setFaults({ latencyMs: 3000 });

    await page.getByRole('button', { name: 'Re-check this period' }).click();
    await expect(page.getByTestId('sync-progress')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page.getByTestId('sync-cancelled-notification')).toContainText('Resume re-check');
    await expect(page.getByTestId('sync-progress')).toHaveCount(0);

    fake.resetFaults();
    const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
    await page.getByTestId('resume-recheck').click();
    await waitForSyncIdle(page, { after: before });
    await expect(page.getByTestId('sync-completed-notification').last()).toContainText('See Changes');
    await expect(page.getByTestId('resume-recheck')).toHaveCount(0);

    await openChanges(page);
    const row = page.locator(`[data-testid="change-row"][data-reference="${declined.reference}"]`);
    await expect(row).toContainText('Commission');
    await expect(row).toContainText(/declined.*approved/i);
  });

  test('T4: "Re-check all history" in Settings asks first, then fetches old final sales again and Changes lists what changed', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(180_000);
    await backfill(page);

    const paid = saleWhere(
      fake,
      'paid sale older than 70 days',
      (s, day) => s.payment_status === 'paid' && day < addDays(TODAY, -70),
    );
    fake.updateSales([
      {
        kind: 'set',
        reference: paid.reference,
        fields: { commission_status: 'declined', payment_status: 'pending', payment_date: null },
      },
    ]);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Re-check all history…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Re-check all history?' });
    await expect(confirm).toContainText('may take a while');
    await expect(confirm).toContainText('resume it later');
    const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
    await confirm.getByRole('button', { name: 'Re-check all history' }).click();
    await expect(confirm).toHaveCount(0);
    await waitForSyncIdle(page, { after: before });
    await expect(page.getByTestId('sync-completed-notification').last()).toContainText('all history');

    await page.getByRole('link', { name: 'Sales' }).click();
    await openChanges(page);
    const rows = page.locator(`[data-testid="change-row"][data-reference="${paid.reference}"]`);
    await expect(rows.filter({ hasText: 'Commission' })).toContainText(/approved.*declined/i);
  });

  test('T5: a sale the service stops reporting is left out, found by its search hint, listed in Changes, shown marked, and exported only when included', async ({
    signedIn: page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);

    const gone = saleWhere(
      fake,
      'sale between 5 and 20 days old',
      (_s, day) => day >= addDays(TODAY, -20) && day <= addDays(TODAY, -5),
    );
    fake.updateSales([{ kind: 'remove', reference: gone.reference }]);
    await syncNow(page);

    await page.getByRole('searchbox', { name: 'Search' }).fill(gone.reference);
    const hint = page.getByTestId('hidden-matches');
    await expect(hint).toContainText('1 sale the service no longer reports matches');

    await openChanges(page);
    const change = page.locator(`[data-testid="change-row"][data-reference="${gone.reference}"]`);
    await expect(change.getByTestId('change-field')).toHaveText('Reported by the service:');
    await expect(change.getByTestId('change-value')).toHaveText(['reported', 'no longer reported']);

    await page.getByRole('tab', { name: 'Sales' }).click();
    await hint.getByRole('button', { name: 'Show sales no longer reported' }).click();
    await expectTotal(page, 1);
    const row = page.locator('[data-testid="sale-row"][data-no-longer-reported]');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('sale-reference')).toHaveText(gone.reference);
    await expect(row).toContainText('no longer reported');
    await expect(
      page.getByTestId('filter-chip').filter({ hasText: 'Including sales no longer reported' }),
    ).toBeVisible();
    await openMoreFilters(page);
    await expect(page.getByRole('switch', { name: 'Show sales no longer reported' })).toBeChecked();
    await page.keyboard.press('Escape');

    await row.click();
    const drawer = page.getByTestId('sale-drawer');
    await expect(drawer.getByTestId('drawer-no-longer-reported')).toContainText('No longer reported by the service');
    await page.keyboard.press('Escape');
    await expect(drawer.getByTestId('drawer-no-longer-reported')).toHaveCount(0);

    const exportAll = async (include: boolean) => {
      const dialog = await openPreset(page, 'All sales in a range');
      await pickDays(page, addDays(TODAY, -29), TODAY, { scope: dialog });
      await dialog.getByText('CSV (.csv)').click();
      const box = dialog.getByRole('checkbox', { name: 'Include sales no longer reported' });
      // The screen shows them, so the export includes them unless unticked.
      await expect(box).toBeChecked();
      if (!include) await box.uncheck();
      await dialog.getByRole('button', { name: 'Export' }).click();
      await expect.poll(async () => (await readdir(host.exportDir)).some((f) => f.endsWith('.csv'))).toBe(true);
      const file = (await readdir(host.exportDir)).find((f) => f.endsWith('.csv'));
      if (file === undefined) throw new Error(`no CSV was written: ${(await readdir(host.exportDir)).join(', ')}`);
      const text = await readFile(join(host.exportDir, file), 'utf8');
      await rm(join(host.exportDir, file));
      return text;
    };
    expect(await exportAll(false)).not.toContain(gone.reference);
    expect(await exportAll(true)).toContain(gone.reference);
  });

  test('T8: a status the spec does not list is offered verbatim and marked in the status filter, and finds its sale', async ({
    page,
    host,
    fake,
  }) => {
    test.setTimeout(120_000);
    const odd = saleWhere(
      fake,
      'sale between 3 and 20 days old',
      (_s, day) => day >= addDays(TODAY, -20) && day <= addDays(TODAY, -3),
    );
    fake.updateSales([{ kind: 'set', reference: odd.reference, fields: { commission_status: 'on_hold' } }]);
    await page.goto(host.url);
    await signIn(page, fake);
    await waitForSyncIdle(page);

    await page.getByRole('combobox', { name: 'Commission status', exact: true }).click();
    const option = page.getByRole('option', { name: /^on_hold \(not a documented status\)/ });
    await expect(option).toContainText('1');
    await option.click();
    await expect(page.getByRole('combobox', { name: 'Commission status', exact: true })).toHaveValue(
      'on_hold (not a documented status)',
    );
    await expectTotal(page, 1);
    await expect(page.getByTestId('sale-reference')).toHaveText(odd.reference);
    await expect(page.locator('[data-testid="sale-row"] [data-status="on_hold"]')).toHaveText('on_hold');
    await expect(page.getByTestId('filter-chip')).toContainText(['Commission: on_hold (not a documented status)']);
  });
});
