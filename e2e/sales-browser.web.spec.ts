import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  allShownValues,
  backfill,
  cents,
  choose,
  chooseMore,
  expectedTotals,
  expectTotal,
  firstShownValues,
  goToSection,
  isoOf,
  localDay,
  matchesSearch,
  pickDates,
  pickDays,
  shownDay,
  shownTotals,
  sortBy,
  waitForSyncIdle,
  type WireRecord,
} from './ui-helpers';

/** From the signed-in page: backfills and shows every cached sale sorted by reference. */
async function openWithEverything(page: Page): Promise<void> {
  await backfill(page);
  await pickDates(page, 'All cached sales');
}

function byReference(records: readonly WireRecord[]): string[] {
  return records.map((r) => r.reference).sort();
}

test.describe('sales browser over the cache', () => {
  test('rows and totals for several filter combinations equal an independent computation over the service’s records', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(180_000);
    await openWithEverything(page);
    const sales = fake.sales as readonly WireRecord[];
    await sortBy(page, 'Reference', 'ascending');

    // Everything.
    await expectTotal(page, sales.length);
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(sales));

    // Approved commissions in EUR.
    await choose(page, 'Commission status', 'Approved');
    await chooseMore(page, 'Currency', /^EUR/);
    let expected = sales.filter((r) => r.commission_status === 'approved' && r.currency === 'EUR');
    await expectTotal(page, expected.length);
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(expected));
    expect(await allShownValues(page)).toEqual(byReference(expected));

    // Declined, any currency, last 90 days.
    await page.getByRole('button', { name: /Remove filter Currency/ }).click();
    await choose(page, 'Commission status', 'Declined');
    await pickDates(page, 'Last 90 days');
    const today = localDay(new Date());
    const from90 = localDay(new Date(Date.now() - 89 * 86_400_000));
    expected = sales.filter(
      (r) =>
        r.commission_status === 'declined' && isoOf(r.transaction_date) >= from90 && isoOf(r.transaction_date) <= today,
    );
    await expectTotal(page, expected.length);
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(expected));
    expect(await allShownValues(page)).toEqual(byReference(expected));

    // Paid, in the most common collection, without a sub-ID, all dates.
    await page.getByRole('button', { name: /Remove filter Commission/ }).click();
    await pickDates(page, 'All cached sales');
    await choose(page, 'Payment status', 'Paid');
    const counts = new Map<string, number>();
    for (const r of sales)
      if (r.collection_name) counts.set(r.collection_name, (counts.get(r.collection_name) ?? 0) + 1);
    const collection = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    await chooseMore(page, 'Collection', new RegExp(`^${collection.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`));
    await chooseMore(page, 'Sub-ID', /^\(none\)/);
    expected = sales.filter((r) => r.payment_status === 'paid' && r.collection_name === collection && !r.subid);
    await expectTotal(page, expected.length);
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(expected));
    expect(await allShownValues(page)).toEqual(byReference(expected));

    // The chips name every active filter; removing them all brings every sale back.
    await expect(page.getByTestId('filter-chip')).toHaveCount(3);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expectTotal(page, sales.length);
  });

  test('sorting by a column header, both ways', async ({ signedIn: page, fake }) => {
    test.setTimeout(120_000);
    await openWithEverything(page);
    const sales = fake.sales as readonly WireRecord[];

    // Amounts of different currencies are not compared: an amount sort groups by currency code, then amount.
    await sortBy(page, 'Commission', 'descending');
    const money = (c: number, currency: string) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(c / 100);
    const byCurrencyThenAmount = (a: WireRecord, b: WireRecord) =>
      (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0) ||
      cents(a.commission_amount) - cents(b.commission_amount);
    const asc = [...sales].sort(byCurrencyThenAmount);
    const desc = [...asc].reverse();
    expect(await firstShownValues(page, 15, 'sale-commission')).toEqual(
      desc.slice(0, 15).map((r) => money(cents(r.commission_amount), r.currency)),
    );
    await expect(page.getByTestId('sort-note')).toContainText(
      'Sorted by currency (Z to A), then by commission, largest first',
    );

    await sortBy(page, 'Commission', 'ascending');
    expect(await firstShownValues(page, 15, 'sale-commission')).toEqual(
      asc.slice(0, 15).map((r) => money(cents(r.commission_amount), r.currency)),
    );
    await expect(page.getByTestId('sort-note')).toContainText(
      'Sorted by currency (A to Z), then by commission, smallest first',
    );

    await sortBy(page, 'Reference', 'descending');
    await expect(page.getByTestId('sort-note')).toHaveCount(0);
    expect(await firstShownValues(page, 12)).toEqual(byReference(sales).reverse().slice(0, 12));
    await sortBy(page, 'Reference', 'ascending');
    expect(await firstShownValues(page, 12)).toEqual(byReference(sales).slice(0, 12));

    // Keyboard: the arrow keys move the selection, Enter opens the sale.
    await page.getByTestId('sales-grid').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('drawer-reference')).toHaveText(byReference(sales)[1] ?? '');
  });

  test('free-text search matches text inside the reference, product, collection or sub-ID', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(120_000);
    await openWithEverything(page);
    await sortBy(page, 'Reference', 'ascending');
    const sales = fake.sales as readonly WireRecord[];
    const sample = sales.find((r) => r.product_name && r.collection_name) ?? sales[0];
    const word = ((sample?.product_name ?? '').split(/\s+/)[0] ?? '').slice(0, 4);
    const collectionWord = ((sample?.collection_name ?? '').split(/\s+/)[0] ?? '').toLowerCase();
    // The middle of a word: matched inside it, not only at its start.
    const longWord =
      sales.flatMap((r) => (r.product_name ?? '').split(/\s+/)).find((w) => /^\p{L}{7,}$/u.test(w)) ?? 'nothing';
    const inside = longWord.slice(2, 6);

    // A word's start, a part inside a word, a whole reference, and two words that must both match (in any of the fields).
    for (const text of [word, inside, sales[17]?.reference ?? '', `${word} ${collectionWord}`]) {
      await page.getByRole('searchbox', { name: 'Search' }).fill(text);
      const expected = sales.filter((r) => matchesSearch(r, text));
      expect(expected.length).toBeGreaterThan(0);
      await expectTotal(page, expected.length);
      expect(await allShownValues(page)).toEqual(byReference(expected));
      await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(expected));
    }
  });

  test('each date preset shows its own days and exactly the sales in them', async ({ signedIn: page, fake }) => {
    test.setTimeout(120_000);
    await openWithEverything(page);
    const sales = fake.sales as readonly WireRecord[];
    const now = new Date();
    const day = (y: number, m: number, d: number) => localDay(new Date(y, m, d));
    const [y, m, d] = [now.getFullYear(), now.getMonth(), now.getDate()];
    const today = day(y, m, d);
    const presets: [string, string, string][] = [
      ['Last 7 days', day(y, m, d - 6), today],
      ['Last 30 days', day(y, m, d - 29), today],
      ['Last 90 days', day(y, m, d - 89), today],
      ['This month', day(y, m, 1), today],
      ['Last month', day(y, m - 1, 1), day(y, m, 0)],
      ['This quarter', day(y, m - (m % 3), 1), today],
      ['This year', day(y, 0, 1), today],
    ];
    const seen = new Set<string>();
    for (const [label, from, to] of presets) {
      await pickDates(page, label);
      await expect(page.getByRole('button', { name: 'Dates', exact: true })).toHaveText(
        `${shownDay(from)} – ${shownDay(to)}`,
      );
      // Days two presets share today keep the first preset's name (a picked range is kept as the first preset it equals).
      if (!seen.has(`${from}|${to}`)) await expect(page.getByTestId('filter-chip').first()).toHaveText(label);
      seen.add(`${from}|${to}`);
      const expected = sales.filter((r) => isoOf(r.transaction_date) >= from && isoOf(r.transaction_date) <= to);
      await expectTotal(page, expected.length);
      if (expected.length > 0) await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(expected));
      await expect(page.getByTestId('data-as-of')).toBeVisible();
      await expect(page.getByTestId('incomplete-banner')).toHaveCount(0);
    }

    // A custom range picked day by day in the calendar.
    const from = day(y, m, d - 20);
    const to = day(y, m, d - 10);
    await pickDays(page, from, to);
    await expect(page.getByRole('button', { name: 'Dates', exact: true })).toHaveText(
      `${shownDay(from)} – ${shownDay(to)}`,
    );
    await expect(page.getByTestId('filter-chip').first()).toHaveText(`${shownDay(from)} – ${shownDay(to)}`);
    await expectTotal(
      page,
      sales.filter((r) => isoOf(r.transaction_date) >= from && isoOf(r.transaction_date) <= to).length,
    );

    // The calendar by keyboard: Enter opens it, the arrows move between days, Enter picks the first and last day.
    // The focus starts on the range's first day, the one picked just above.
    await page.getByRole('button', { name: 'Dates', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
    const keyFrom = from;
    const keyTo = day(y, m, d - 20 + 2);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toBe(
        new Date(`${keyFrom}T12:00:00`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
      );
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Previous month' })).toBeHidden();
    await expect(page.getByTestId('filter-chip').first()).toHaveText(`${shownDay(keyFrom)} – ${shownDay(keyTo)}`);
    await expectTotal(
      page,
      sales.filter((r) => isoOf(r.transaction_date) >= keyFrom && isoOf(r.transaction_date) <= keyTo).length,
    );
  });

  test('the fiscal-year presets follow the fiscal year chosen in Settings', async ({ signedIn: page, fake }) => {
    test.setTimeout(120_000);
    await openWithEverything(page);
    const sales = fake.sales as readonly WireRecord[];
    const now = new Date();
    const [y, m, d] = [now.getFullYear(), now.getMonth(), now.getDate()];
    // A fiscal year starting four months before this one: its days differ from the calendar year's.
    const fourBefore = ((m + 12 - 4) % 12) + 1;
    const startMonth = fourBefore === 1 ? 12 : fourBefore;
    const startYear = m + 1 >= startMonth ? y : y - 1;
    await goToSection(page, 'Settings');
    await choose(
      page,
      'Fiscal year starts in',
      new Date(2000, startMonth - 1, 1).toLocaleString('en-US', { month: 'long' }),
    );
    await goToSection(page, 'Sales');

    const cases: [string, string, string][] = [
      ['This fiscal year', localDay(new Date(startYear, startMonth - 1, 1)), localDay(new Date(y, m, d))],
      [
        'Last fiscal year',
        localDay(new Date(startYear - 1, startMonth - 1, 1)),
        localDay(new Date(startYear, startMonth - 1, 0)),
      ],
    ];
    for (const [label, from, to] of cases) {
      await pickDates(page, label);
      await expect(page.getByTestId('filter-chip').first()).toHaveText(label);
      await expect(page.getByRole('button', { name: 'Dates', exact: true })).toHaveText(
        `${shownDay(from)} – ${shownDay(to)}`,
      );
      const expected = sales.filter((r) => isoOf(r.transaction_date) >= from && isoOf(r.transaction_date) <= to);
      await expectTotal(page, expected.length);
      if (expected.length > 0) await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(expected));
    }
  });

  test('a range not fully synced says so and syncs the missing days in one click', async ({ signedIn: page, fake }) => {
    test.setTimeout(120_000);
    const sales = fake.sales as readonly WireRecord[];
    await pickDates(page, 'Last 90 days');
    await expect(page.getByTestId('incomplete-banner')).toBeVisible();
    const before = (await page.getByTestId('last-synced').getAttribute('data-synced-at')) ?? '';
    await page.getByRole('button', { name: 'Sync the missing days' }).click();
    await waitForSyncIdle(page, { after: before });
    await expect(page.getByTestId('incomplete-banner')).toHaveCount(0);
    const from = localDay(new Date(Date.now() - 89 * 86_400_000));
    const expected = sales.filter((r) => isoOf(r.transaction_date) >= from);
    await expectTotal(page, expected.length);
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(expected));
  });

  test('offline (service stopped) the cached sales are still shown, with the offline banner', async ({
    signedIn: page,
    fake,
  }) => {
    test.setTimeout(120_000);
    await openWithEverything(page);
    const sales = fake.sales as readonly WireRecord[];
    await expectTotal(page, sales.length);

    await fake.stop();
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('offline-indicator')).toBeVisible();
    await expectTotal(page, sales.length);
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(sales));

    // After a restart of the page the cache still answers, and the profile comes from the cache too.
    await page.reload();
    await expectTotal(page, sales.length);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByTestId('profile-from-cache')).toContainText('Shown from the cache');
    await expect(page.getByTestId('profile-name')).toHaveText(fake.profile.profile_name ?? '');
  });
});
