/**
 * Shared steps of the sales-browser specs: signing in through the UI, waiting for background syncs, reading the
 * virtual table and the totals as the user sees them, and an independent model of the fake service's records
 * (wire dates dd-mm-yyyy, amounts as numbers turned into integer cents here) to compare them with.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { startHostProcess, type HostProcess } from './host-process';
import { startFakeService, type FakeService } from './fake-service/fake-service';
import type { WireSale } from '../src/core/demo';
import { localIsoDay } from '../src/shared/dates';

/** A wire record of the fake service: the demo dataset's own type, so the specs read exactly what it serves. */
export type WireRecord = WireSale;

/** Signs in to the fake service through the welcome and sign-in screens. */
export async function signIn(page: Page, fake: FakeService, label = 'My shop'): Promise<void> {
  await page.getByRole('button', { name: 'Connect your account' }).click();
  await submitSignIn(page, fake, label);
}

/** Adds another account from the account menu, signed in to `fake` under `label`. */
export async function addAccount(page: Page, fake: FakeService, label: string): Promise<void> {
  await page.getByTestId('account-switcher').click();
  await page.getByRole('menuitem', { name: 'Add account' }).click();
  await submitSignIn(page, fake, label);
}

async function submitSignIn(page: Page, fake: FakeService, label: string): Promise<void> {
  await page.getByLabel('Service address').fill(fake.baseUrl);
  await page.getByLabel('API key').fill(fake.credentials.apiKey);
  await page.getByLabel('API secret').fill(fake.credentials.apiSecret);
  await page.getByLabel('App ID').fill(fake.credentials.appId);
  await page.getByLabel('Label (optional)').fill(label);
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page.getByTestId('account-switcher')).toContainText(label);
}

/** Clicks the header's Sync (the routine sync) and waits for it to finish. */
export async function syncNow(page: Page): Promise<void> {
  const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await waitForSyncIdle(page, { after: before });
}

/** Waits until no sync runs and at least one has completed since `after` (an ISO instant), if given. */
export async function waitForSyncIdle(page: Page, options: { after?: string; timeout?: number } = {}): Promise<void> {
  const timeout = options.timeout ?? 60_000;
  await expect(page.getByTestId('sync-progress')).toHaveCount(0, { timeout });
  await expect
    .poll(
      async () => {
        const failed = await page.getByTestId('sync-control').getAttribute('data-sync-error');
        if (failed) throw new Error(`the sync stopped with ${failed}`);
        const at = await page.getByTestId('last-synced').getAttribute('data-synced-at');
        return at !== null && at !== '' && (options.after === undefined || at > options.after);
      },
      { timeout },
    )
    .toBe(true);
  await expect(page.getByTestId('sync-progress')).toHaveCount(0, { timeout });
}

/** Clicks "Backfill the last 24 months" and waits for that sync to finish. */
export async function backfill(page: Page, timeout = 60_000): Promise<void> {
  const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
  await page.getByRole('button', { name: 'Backfill the last 24 months' }).click();
  await waitForSyncIdle(page, { after: before, timeout });
}

/** Picks an option of a Mantine select by its label. */
export async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Opens the filter bar if it is closed (short windows start with it closed), as a person would with "Filters". Right
 * after the window grows, the bar may open by itself between reading the button and clicking it, and the click then
 * closes it; the button is clicked again only while it says the bar is closed.
 */
export async function openFilterBar(page: Page): Promise<void> {
  const toggle = page.getByTestId('filter-bar-toggle');
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'More filters' })).toBeVisible();
}

/**
 * Opens the "More filters" popover and waits for its content. Rarely (one CI run in about twenty, at 800×600, right
 * after the sales screen was opened again) the first click left it closed, and the cause was not found; the button is
 * clicked again only while the popover says it is closed, so a popover that never opens, or opens empty, still fails.
 */
export async function openMoreFilters(page: Page): Promise<void> {
  const more = page.getByRole('button', { name: 'More filters' });
  await expect(async () => {
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    await expect(page.getByRole('switch', { name: 'Show sales no longer reported' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Picks a value in the "More filters" popover. */
export async function chooseMore(page: Page, label: string, option: string | RegExp): Promise<void> {
  await openFilterBar(page);
  await openMoreFilters(page);
  await choose(page, label, option);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
}

/** Sorts the table by the column headed `header`, clicking its header until it sorts in `direction`. */
export async function sortBy(page: Page, header: string, direction: 'ascending' | 'descending'): Promise<void> {
  const cell = page.getByRole('columnheader', { name: header, exact: true });
  for (let i = 0; i < 3; i++) {
    if ((await cell.getAttribute('aria-sort')) === direction) return;
    await cell.getByRole('button').click();
  }
  await expect(cell).toHaveAttribute('aria-sort', direction);
}

/** The number of rows the table says match. */
export async function shownTotal(page: Page): Promise<number> {
  return Number(await page.getByTestId('sales-total').getAttribute('data-value'));
}

/** Waits for the table to report `count` rows (or the empty state when 0). */
export async function expectTotal(page: Page, count: number): Promise<void> {
  if (count === 0) {
    await expect(page.getByTestId('sales-empty')).toBeVisible();
    return;
  }
  await expect(page.getByTestId('sales-total')).toHaveAttribute('data-value', String(count));
}

function grid(page: Page): Locator {
  return page.getByTestId('sales-grid');
}

/** The references of the rows currently in the DOM, by row index. */
async function domRows(page: Page, column = 'sale-reference'): Promise<[number, string][]> {
  return page
    .locator('[data-testid="sale-row"]')
    .evaluateAll(
      (rows, testId) =>
        rows.map(
          (row) =>
            [
              Number(row.getAttribute('data-index')),
              row.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '',
            ] as [number, string],
        ),
      column,
    );
}

/**
 * Every row's value of one column (the reference by default), in table order, read by scrolling the virtual table
 * from top to bottom — so it proves what a person scrolling would see.
 */
export async function allShownValues(page: Page, column = 'sale-reference'): Promise<string[]> {
  const total = await shownTotal(page);
  const values = new Map<number, string>();
  for (let top = 0, rounds = 0; values.size < total && rounds < 1_000; rounds++) {
    await grid(page).evaluate((el, t) => {
      el.scrollTop = t;
    }, top);
    const firstWanted = Math.min(total - 1, Math.floor(top / 36));
    await expect
      .poll(async () => {
        const rows = await domRows(page, column);
        return rows.some(([i]) => i === firstWanted) && (await page.getByTestId('sale-row-loading').count()) === 0;
      })
      .toBe(true);
    for (const [i, value] of await domRows(page, column)) values.set(i, value);
    // The next position is measured now: the table's height can change while the filters above it settle, and a
    // step made from an older height would jump over rows. The first row still missing is where to go next.
    const { clientHeight } = await grid(page).evaluate((el) => ({ clientHeight: el.clientHeight }));
    let missing = 0;
    while (missing < total && values.has(missing)) missing++;
    top = missing * 36 <= top ? missing * 36 : Math.min(missing * 36, top + Math.max(36, clientHeight - 120));
  }
  expect(values.size).toBe(total);
  return [...values.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

/** The first `count` values of a column as the table shows them (after scrolling to the top). */
export async function firstShownValues(page: Page, count: number, column = 'sale-reference'): Promise<string[]> {
  await grid(page).evaluate((el) => {
    el.scrollTop = 0;
  });
  // Wait for every wanted row, not only the first: the virtual table may still be rendering the rest.
  const wanted = Math.min(count, await shownTotal(page));
  await expect
    .poll(async () => {
      const shown = new Set((await domRows(page, column)).map(([i]) => i));
      return (
        Array.from({ length: wanted }, (_, i) => i).every((i) => shown.has(i)) &&
        (await page.getByTestId('sale-row-loading').count()) === 0
      );
    })
    .toBe(true);
  const rows = await domRows(page, column);
  return rows
    .sort((a, b) => a[0] - b[0])
    .slice(0, count)
    .map(([, v]) => v);
}

/** Per-currency totals as the summary bar shows them (exact decimal strings from data attributes). */
export interface ShownTotals {
  [currency: string]: {
    count: number;
    commission: string;
    transaction: string;
    byStatus: Record<string, { count: number; commission: string; transaction: string }>;
  };
}

/** Reads the summary bar. */
export async function shownTotals(page: Page): Promise<ShownTotals> {
  return page.getByTestId('summary-currency').evaluateAll((cards) => {
    const out: Record<string, unknown> = {};
    for (const card of cards) {
      const value = (id: string) => card.querySelector(`[data-testid="${id}"]`);
      const byStatus: Record<string, unknown> = {};
      for (const status of ['approved', 'pending', 'declined']) {
        const el = value(`summary-commission-${status}`);
        if (el && Number(el.getAttribute('data-count')) > 0) {
          byStatus[status] = {
            count: Number(el.getAttribute('data-count')),
            commission: el.getAttribute('data-value'),
            transaction: el.getAttribute('data-transaction'),
          };
        }
      }
      out[card.getAttribute('data-currency') ?? '?'] = {
        count: Number(value('summary-sales')?.getAttribute('data-value')),
        commission: value('summary-commission')?.getAttribute('data-value'),
        transaction: value('summary-transaction')?.getAttribute('data-value'),
        byStatus,
      };
    }
    return out as ShownTotals;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The independent model: plain arithmetic over the wire records, written without the app's own code.

/** `dd-mm-yyyy` to `yyyy-mm-dd`. */
export function isoOf(serviceDay: string): string {
  const [d, m, y] = serviceDay.split('-');
  return `${y}-${m}-${d}`;
}

/** An amount in integer cents (the fake's currencies all have two decimals). */
export function cents(amount: number): number {
  return Math.round(amount * 100);
}

/** Integer cents as the decimal string the cache reports ("1234.50"). */
export function decimal(centsValue: number): string {
  const sign = centsValue < 0 ? '-' : '';
  const abs = Math.abs(centsValue);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The expected summary of `records`. */
export function expectedTotals(records: readonly WireRecord[]): ShownTotals {
  const out: ShownTotals = {};
  const acc: Record<
    string,
    { count: number; c: number; t: number; s: Record<string, { count: number; c: number; t: number }> }
  > = {};
  for (const r of records) {
    const cur = (acc[r.currency] ??= { count: 0, c: 0, t: 0, s: {} });
    cur.count++;
    // The headline is commission earned: approved + pending, never declined (A6).
    if (r.commission_status === 'approved' || r.commission_status === 'pending') cur.c += cents(r.commission_amount);
    cur.t += cents(r.transaction_amount);
    const st = (cur.s[r.commission_status] ??= { count: 0, c: 0, t: 0 });
    st.count++;
    st.c += cents(r.commission_amount);
    st.t += cents(r.transaction_amount);
  }
  for (const [currency, v] of Object.entries(acc)) {
    out[currency] = {
      count: v.count,
      commission: decimal(v.c),
      transaction: decimal(v.t),
      byStatus: Object.fromEntries(
        Object.entries(v.s).map(([k, s]) => [
          k,
          { count: s.count, commission: decimal(s.c), transaction: decimal(s.t) },
        ]),
      ),
    };
  }
  return out;
}

/** Lower-case words without accents, split like a search index that keeps `-` and `_` inside words. */
function words(text: string | null | undefined): string[] {
  return (
    (text ?? '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}_-]+/gu) ?? []
  );
}

/** Lower-case text without accents, whole. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .normalize('NFC');
}

/** Whether every typed word is inside the reference, product, collection or sub-ID (case and accents aside). */
export function matchesSearch(r: WireRecord, text: string): boolean {
  const haystack = [r.reference, r.product_name, r.collection_name, r.subid].flatMap((field) =>
    field ? [folded(field)] : [],
  );
  return words(text).every((w) => haystack.some((h) => h.includes(w)));
}

/** Local calendar day of a Date, `yyyy-mm-dd`. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// One signed-in page shared by the tests of a describe block, for specs that look at many screens of the same data.

/** Opens a section (Sales, Payouts, Compare, All accounts, Profile, Settings) or a saved view, by its name, from the navbar, through the burger on narrow windows. */
export async function goToSection(page: Page, name: string): Promise<void> {
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('button', { name: 'Close navigation' })).toBeHidden();
}

/** Closes whatever dialog, drawer, popover or menu is open, as a person would with Escape. */
export async function closeOverlays(page: Page): Promise<void> {
  const open = page.locator('[role="dialog"], [role="menu"], .mantine-Popover-dropdown').filter({ visible: true });
  for (let i = 0; i < 4 && (await open.count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(150);
  }
  await expect(open).toHaveCount(0);
}

/** A page signed in to its own fake service and test host, with data in every screen. */
export interface SharedApp {
  page: Page;
  fake: FakeService;
  host: HostProcess;
  /** The account's label, as the account switcher and the overview show it. */
  accountLabel: string;
  /** The name of a saved view of the account. */
  viewName: string;
  close(): Promise<void>;
}

/**
 * Starts a fake service and a test host, signs in, syncs, changes some statuses and syncs again (so Changes lists
 * them), and saves a view. Toasts are hidden unless `showNotifications`: they come and go on their own and would make
 * checks racy.
 */
export async function openSharedApp(browser: Browser, { showNotifications = false } = {}): Promise<SharedApp> {
  const fake = await startFakeService({ sales: { count: 600, endDay: localIsoDay(new Date()), days: 120, seed: 7 } });
  const root = await mkdtemp(join(tmpdir(), 'commission-desk-e2e-'));
  const host = await startHostProcess({
    exportDir: root,
    dataDir: join(root, 'data'),
    keychainService: `Commission Desk (e2e ${randomUUID()})`,
    caFile: fake.caPemPath,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const accountLabel = 'My shop';
  const viewName = 'Pending only';
  await page.goto(host.url);
  await signIn(page, fake, accountLabel);
  await waitForSyncIdle(page);
  fake.changeSaleStatuses({ count: 8 });
  fake.changeSaleStatuses({ count: 4, fromCommissionStatus: 'approved', to: { payment_status: 'paid' } });
  const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await waitForSyncIdle(page, { after: before });
  await page
    .getByRole('region', { name: 'Saved views' })
    .getByRole('button', { name: 'Save the current view' })
    .click();
  const naming = page.getByRole('dialog', { name: 'Save the current view' });
  await naming.getByLabel('Name').fill(viewName);
  await naming.getByRole('button', { name: 'Save view' }).click();
  await expect(naming).toBeHidden();
  if (!showNotifications)
    await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  return {
    page,
    fake,
    host,
    accountLabel,
    viewName,
    close: async () => {
      await context.close();
      await host.stop();
      await fake.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The date range field labelled `label` ("Dates" above the sales table), inside `scope` (the page or a dialog). */
function datesField(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('button', { name: label, exact: true });
}

/** The open calendar of a date picker: the last dialog on the page (a picker's calendar opens above its own dialog). */
function openCalendar(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Previous month' }) });
}

/**
 * Picks one of the date picker's presets ("Last 30 days", "This fiscal year", …) as a person would: opens the
 * calendar and clicks the preset beside it. "All cached sales" clears the dates with the field's clear button.
 */
export async function pickDates(
  page: Page,
  preset: string,
  { label = 'Dates', scope = page as Page | Locator } = {},
): Promise<void> {
  if (scope === page && (await page.getByTestId('filter-bar-toggle').count()) > 0) await openFilterBar(page);
  if (preset === 'All cached sales') {
    const clear = scope.getByRole('button', { name: 'Clear the dates (all cached sales)' });
    if ((await clear.count()) > 0) await clear.click();
    return;
  }
  await datesField(scope, label).click();
  const calendar = openCalendar(page);
  await calendar.getByRole('button', { name: preset, exact: true }).click();
  await expect(calendar).toBeHidden();
}

/** The calendar's day button for an ISO day, as the calendar names it ("20 November 2026"). */
function dayButton(calendar: Locator, isoDay: string): Locator {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const month = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return calendar.locator(`button[aria-label="${d} ${month} ${y}"]:not([data-outside])`);
}

/** Shows the month of an ISO day in the open calendar, with its month and year selects. */
async function showMonth(calendar: Locator, isoDay: string): Promise<void> {
  const [y, m] = isoDay.split('-').map(Number) as [number, number];
  await calendar.locator('select[data-select="year"]').selectOption(String(y));
  await calendar.locator('select[data-select="month"]').selectOption(String(m - 1));
}

/** Picks a range of days in the date picker labelled `label` by clicking its first and last day in the calendar. */
export async function pickDays(
  page: Page,
  from: string,
  to: string,
  { label = 'Dates', scope = page as Page | Locator } = {},
): Promise<void> {
  await datesField(scope, label).click();
  const calendar = openCalendar(page);
  await showMonth(calendar, from);
  await dayButton(calendar, from).click();
  await showMonth(calendar, to);
  await dayButton(calendar, to).click();
  await expect(calendar).toBeHidden();
}

/** A day as the app writes it in one locale (`dateStyle: 'medium'`), e.g. to read a date picker's field. */
export function shownDay(isoDay: string, locale = 'en-US'): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** The month before the local today, as yyyy-mm, its first and last day, and how the month selects name it. */
export function previousMonth(): { month: string; from: string; to: string; label: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  return {
    month: first.toISOString().slice(0, 7),
    from: first.toISOString().slice(0, 10),
    to: last.toISOString().slice(0, 10),
    label: first.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  };
}

/** The fake's received payouts of `currency` paid `from`..`to` (by today), in cents per payment date, in date order. */
export function receivedPayouts(fake: FakeService, currency: string, from: string, to: string): [string, number][] {
  const today = localDay(new Date());
  const out = new Map<string, number>();
  for (const sale of fake.sales) {
    const day = typeof sale.payment_date === 'string' && sale.payment_date !== '' ? isoOf(sale.payment_date) : '';
    if (sale.payment_status !== 'paid' || sale.currency !== currency || day < from || day > to || day > today) continue;
    out.set(day, (out.get(day) ?? 0) + cents(Number(sale.commission_amount)));
  }
  return [...out.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
}
