/**
 * The Payouts section against the HTTPS fake service: every payout row, the month's paid totals and what is owed
 * and pending equal an independent integer-cent computation over the fake's own records; a payout's statement
 * export holds exactly that payout's sales.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { backfill, cents, isoOf, previousMonth, syncNow } from './ui-helpers';
import { auditWorkbook, parseCsv } from '../test-support/export-kit';
import { screenshotPath, screenshotsAtSizes } from './screenshot-path';
import type { FakeService } from './fake-service/fake-service';

const money = (currency: string, total: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
    Number(`${Math.trunc(total / 100)}.${String(Math.abs(total % 100)).padStart(2, '0')}`),
  );

/** Payouts of the fake's records: paid sales by payment date and currency, in integer cents. */
function expectedPayouts(fake: FakeService, from: string, to: string): Map<string, { sales: number; cents: number }> {
  const out = new Map<string, { sales: number; cents: number }>();
  for (const sale of fake.sales) {
    const day = typeof sale.payment_date === 'string' && sale.payment_date !== '' ? isoOf(sale.payment_date) : '';
    if (sale.payment_status !== 'paid' || day < from || day > to) continue;
    const key = `${day}|${sale.currency}`;
    const entry = out.get(key) ?? { sales: 0, cents: 0 };
    entry.sales += 1;
    entry.cents += cents(Number(sale.commission_amount));
    out.set(key, entry);
  }
  return new Map([...out.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Per-currency cent totals of the fake's sales that match `keep`. */
function perCurrency(fake: FakeService, keep: (sale: FakeService['sales'][number]) => boolean): Map<string, number> {
  const out = new Map<string, number>();
  for (const sale of fake.sales)
    if (keep(sale)) out.set(sale.currency, (out.get(sale.currency) ?? 0) + cents(Number(sale.commission_amount)));
  return out;
}

/** How long a sale of the fake's records has waited today, and whether it is owed or pending then. */
function openToday(sale: FakeService['sales'][number]): { days: number; kind: 'owed' | 'pending' | null } {
  const now = new Date();
  const todayMs = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const days = Math.round((todayMs - Date.parse(isoOf(sale.transaction_date))) / 86_400_000);
  const paid = typeof sale.payment_date === 'string' && sale.payment_date !== '' ? isoOf(sale.payment_date) : null;
  const paidBy = sale.payment_status === 'paid' && (paid === null || Date.parse(paid) <= todayMs);
  const kind =
    sale.commission_status === 'pending' ? 'pending' : sale.commission_status === 'approved' && !paidBy ? 'owed' : null;
  return { days, kind };
}

/** From the signed-in page: syncs the whole history and opens the Payouts of the month the select names `label`. */
async function openPayoutsOfMonth(page: Page, label: string): Promise<void> {
  await backfill(page);
  await page.getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByTestId('payouts-screen')).toBeVisible();
  await page.getByTestId('payouts-month').click();
  await page.getByRole('option', { name: label }).click();
}

test.describe('payouts', () => {
  test('the month’s payouts, paid totals, owed and pending equal an independent computation over the service’s records', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(180_000);
    const { from, to, label } = previousMonth();
    await openPayoutsOfMonth(page, label);
    const expected = expectedPayouts(fake, from, to);
    expect(expected.size).toBeGreaterThan(0);

    const rows = page.getByTestId('payout-row');
    await expect(rows).toHaveCount(expected.size);
    let i = 0;
    for (const [key, { sales, cents: total }] of expected) {
      const [day, currency] = key.split('|') as [string, string];
      const cells = rows.nth(i).getByRole('cell');
      await expect(cells.nth(1)).toHaveText(currency);
      await expect(cells.nth(2)).toHaveText(String(sales));
      await expect(cells.nth(3)).toHaveText(money(currency, total));
      await expect(rows.nth(i)).toHaveAttribute('data-testid', 'payout-row');
      expect(day >= from && day <= to).toBe(true);
      i += 1;
    }

    const paid = new Map<string, number>();
    for (const [key, { cents: total }] of expected) {
      const currency = key.split('|')[1] as string;
      paid.set(currency, (paid.get(currency) ?? 0) + total);
    }
    for (const [currency, total] of paid)
      await expect(page.getByTestId('payouts-paid')).toContainText(money(currency, total));
    const owed = perCurrency(fake, (s) => s.commission_status === 'approved' && s.payment_status !== 'paid');
    for (const [currency, total] of owed)
      await expect(page.getByTestId('payouts-owed')).toContainText(money(currency, total));
    const pending = perCurrency(fake, (s) => s.commission_status === 'pending');
    for (const [currency, total] of pending)
      await expect(page.getByTestId('payouts-pending')).toContainText(money(currency, total));
    await expect(page.getByTestId('payouts-delay')).toContainText(
      /usually arrived \d+(–\d+)? days after the sale .*not a promise/,
    );
  });

  test('A8: a payout dated after today is listed as scheduled and not counted as received before its day', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(180_000);
    const now = new Date();
    const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
    const tomorrow = new Date(today + 86_400_000);
    test.skip(
      tomorrow.getUTCMonth() !== new Date(today).getUTCMonth(),
      'On the last day of a month the month shown has no later day to schedule a payout on.',
    );
    const sale = fake.sales.find(
      (s) =>
        s.commission_status === 'approved' &&
        s.payment_status !== 'paid' &&
        Date.parse(isoOf(s.transaction_date)) < today - 2 * 86_400_000 &&
        Date.parse(isoOf(s.transaction_date)) >= today - 20 * 86_400_000,
    );
    if (!sale) throw new Error('the fake has no approved unpaid sale of the last 20 days');
    const [y, m, d] = tomorrow.toISOString().slice(0, 10).split('-');
    fake.updateSales([
      { kind: 'set', reference: sale.reference, fields: { payment_status: 'paid', payment_date: `${d}-${m}-${y}` } },
    ]);
    await syncNow(page);
    await backfill(page);
    await page.getByRole('link', { name: 'Payouts' }).click();
    await expect(page.getByTestId('payouts-screen')).toBeVisible();
    const label = tomorrow.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await page.getByTestId('payouts-month').click();
    await page.getByRole('option', { name: label }).click();

    const amount = money(sale.currency, cents(Number(sale.commission_amount)));
    const scheduled = page.locator('[data-testid="payout-row"][data-scheduled="true"]');
    await expect(scheduled).toHaveCount(1);
    await expect(scheduled).toContainText('Scheduled');
    await expect(scheduled.getByTestId('payout-amount')).toHaveText(amount);
    await expect(page.getByTestId('payouts-scheduled')).toContainText(`Scheduled after today: ${amount}`);
    // Not received yet: the paid totals hold only the payouts dated up to today.
    const received = perCurrency(
      fake,
      (s) =>
        s.payment_status === 'paid' &&
        typeof s.payment_date === 'string' &&
        s.payment_date !== '' &&
        isoOf(s.payment_date).slice(0, 7) === tomorrow.toISOString().slice(0, 7) &&
        Date.parse(isoOf(s.payment_date)) <= today,
    );
    const paidBox = page.getByTestId('payouts-paid');
    for (const [currency, total] of received) await expect(paidBox).toContainText(money(currency, total));
    if (!received.has(sale.currency)) await expect(paidBox).not.toContainText(amount);
  });

  test('a payout’s statement holds exactly that payout’s sales, and its Summary ties to the payout', async ({
    signedIn: page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    const { from, to, label } = previousMonth();
    await openPayoutsOfMonth(page, label);
    const [key] = [...expectedPayouts(fake, from, to).keys()];
    if (key === undefined) throw new Error('the fake has no payout last month');
    const [day, currency] = key.split('|') as [string, string];
    await page
      .getByTestId('payout-row')
      .first()
      .getByRole('button', { name: /Export the statement/ })
      .click();
    await expect(page.getByTestId('export-notification')).toContainText(/Exported .+\.xlsx/, { timeout: 60_000 });

    const files = (await readdir(host.exportDir)).filter((f) => f.endsWith('.xlsx'));
    expect(files).toHaveLength(1);
    const audit = await auditWorkbook(join(host.exportDir, files[0] as string));
    const references: string[] = [];
    audit.sales.eachRow((row, n) => {
      if (n > 1) references.push(String(row.getCell(audit.header.indexOf('Reference') + 1).value));
    });
    const want = fake.sales.filter(
      (s) =>
        s.payment_status === 'paid' &&
        s.currency === currency &&
        typeof s.payment_date === 'string' &&
        s.payment_date !== '' &&
        isoOf(s.payment_date) === day,
    );
    expect(references.sort()).toEqual(want.map((s) => s.reference).sort());
    for (const f of audit.formulas) expect(f.result).toBeCloseTo(f.evaluated, 9);
  });

  test('R8: a month over partly synced history says so above every figure, and "Sync these days" completes it', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(180_000);
    const { from, to, label } = previousMonth();
    // Only the first sync's days are cached: the year before last month is not.
    await page.getByRole('link', { name: 'Payouts' }).click();
    await page.getByTestId('payouts-month').click();
    await page.getByRole('option', { name: label }).click();
    const warning = page.getByTestId('payouts-incomplete');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('These payouts may be incomplete');
    await expect(warning).toContainText(/sales made on days never synced \(\d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\)/);
    await screenshotsAtSizes(page, 'payouts-incomplete');

    await warning.getByRole('button', { name: 'Sync these days' }).click();
    await expect(warning).toBeHidden({ timeout: 90_000 });
    const expected = expectedPayouts(fake, from, to);
    await expect(page.getByTestId('payout-row')).toHaveCount(expected.size);
  });

  test("B4: owed and pending by days since the sale equal the service's open sales, per currency and bucket; the over-90 bucket opens them and the claim file holds them", async ({
    signedIn: page,
    host,
    fake,
  }) => {
    test.setTimeout(180_000);
    await openPayoutsOfMonth(page, previousMonth().label);
    const expected = new Map<string, number>();
    const overdue = new Set<string>();
    for (const sale of fake.sales) {
      const { days, kind } = openToday(sale);
      if (kind === null || days < 0) continue;
      const bucket = days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+';
      const key = `${sale.currency} ${kind}|${bucket}`;
      expected.set(key, (expected.get(key) ?? 0) + cents(Number(sale.commission_amount)));
      if (days > 90) overdue.add(sale.reference);
    }
    expect(expected.size).toBeGreaterThan(3);
    const table = page.getByTestId('payouts-aging');
    for (const [key, total] of expected) {
      const [line, bucket] = key.split('|') as [string, string];
      const row = table.getByTestId('aging-row').filter({ hasText: line });
      await expect(row.locator(`[data-bucket="${bucket}"]`)).toContainText(money(line.split(' ')[0] as string, total));
    }
    expect(overdue.size).toBeGreaterThan(0);
    await table.getByRole('button', { name: 'Claim file (over 90 days)' }).click();
    await expect.poll(async () => (await readdir(host.exportDir)).filter((f) => f.endsWith('.csv'))).toHaveLength(1);
    const [file] = (await readdir(host.exportDir)).filter((f) => f.endsWith('.csv'));
    const [header = [], ...rows] = parseCsv(
      (await readFile(join(host.exportDir, file as string), 'utf8')).replace(/^\uFEFF/, ''),
    );
    expect(header.at(-1)).toBe('History');
    expect(new Set(rows.map((row) => row[header.indexOf('Reference')]))).toEqual(overdue);
    await table.scrollIntoViewIfNeeded();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: screenshotPath(`payouts-aging-${theme}-1280.png`), fullPage: true });
    }

    // The over-90-days bucket opens the sales behind it: the same sales as the claim file.
    await page.emulateMedia({ colorScheme: 'light' });
    await table.getByTestId('aging-open').first().click();
    const dialog = page.getByRole('dialog', { name: 'Owed or pending for more than 90 days' });
    await expect(dialog.getByTestId('overdue-sale')).toHaveCount(overdue.size);
    const listed = await dialog
      .getByTestId('overdue-sale')
      .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.reference ?? ''));
    expect(new Set(listed)).toEqual(overdue);
    await expect(dialog).toContainText(`${overdue.size} sale`);
    await screenshotsAtSizes(page, 'payouts-overdue', async () => {
      await page.waitForFunction(() => document.getAnimations().length === 0);
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

/** Opens the Payouts of the month before today; returns its first and last day. */
async function openPreviousMonth(page: Page): Promise<{ from: string; to: string }> {
  const { from, to, label } = previousMonth();
  await openPayoutsOfMonth(page, label);
  return { from, to };
}

test.describe('the bridge on Payouts', () => {
  test('B3: the month’s bridge per currency equals the service’s records and balances to the cent', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(180_000);
    const { from, to } = await openPreviousMonth(page);
    const dayOf = (text: unknown) => (typeof text === 'string' && text !== '' ? isoOf(text) : '');
    const paidBy = (sale: FakeService['sales'][number], day: string) =>
      sale.payment_status === 'paid' && (dayOf(sale.payment_date) === '' || dayOf(sale.payment_date) <= day);
    const receivable = (day: string) =>
      perCurrency(
        fake,
        (s) => dayOf(s.transaction_date) <= day && s.commission_status !== 'declined' && !paidBy(s, day),
      );
    const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const lines = {
      opening: receivable(dayBefore),
      earned: perCurrency(fake, (s) => dayOf(s.transaction_date) >= from && dayOf(s.transaction_date) <= to),
      received: perCurrency(
        fake,
        (s) => s.payment_status === 'paid' && dayOf(s.payment_date) >= from && dayOf(s.payment_date) <= to,
      ),
      closing: receivable(to),
    };
    const currencies = [...new Set([...lines.opening.keys(), ...lines.earned.keys(), ...lines.received.keys()])];
    expect(currencies.length).toBeGreaterThan(1);
    const table = page.getByTestId('payouts-bridge');
    const shown = (currency: string, total: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(total / 100);
    await expect(table.getByTestId('bridge-row')).toHaveCount(currencies.length);
    for (const currency of currencies) {
      const row = table.locator(`[data-testid="bridge-row"][data-currency="${currency}"]`);
      const cents = Object.fromEntries(Object.entries(lines).map(([line, sums]) => [line, sums.get(currency) ?? 0]));
      const reductions = (cents.opening ?? 0) + (cents.earned ?? 0) - (cents.received ?? 0) - (cents.closing ?? 0);
      for (const [line, total] of Object.entries({ ...cents, reductions }))
        await expect(row.locator(`[data-line="${line}"]`)).toHaveText(shown(currency, total));
    }
    await screenshotsAtSizes(page, 'bridge', async () => {
      await table.scrollIntoViewIfNeeded();
      await expect(table.getByTestId('bridge-row').first()).toBeVisible();
    });
  });
});
