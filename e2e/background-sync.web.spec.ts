/**
 * Background sync, as a person sees it: with the setting on, the routine sync the app runs by itself (fired here by
 * the test host instead of waiting hours) brings the HTTPS fake's new sales into the table and its totals, lists the
 * status changes in Changes, and the app shows a notification with the right counts and counts the news on its icon
 * until the window comes to the front. With the setting off, nothing is scheduled and nothing is fetched.
 */
import type { Page } from '@playwright/test';
import { addDays, isoDayToService, localIsoDay } from '../src/shared/dates';
import { expect, test, type HostProcess } from './fixtures';
import type { FakeService } from './fake-service/fake-service';
import {
  BACKGROUND_SYNC_PATH,
  WINDOW_FOCUS_PATH,
  type BackgroundRecord,
  type FireResult,
} from './test-host/background-control';
import {
  allShownValues,
  backfill,
  choose,
  expectTotal,
  expectedTotals,
  goToSection,
  isoOf,
  pickDates,
  shownTotals,
  type WireRecord,
} from './ui-helpers';

const TODAY = localIsoDay(new Date());
const HOUR_MS = 3_600_000;

async function backgroundRecord(host: HostProcess): Promise<BackgroundRecord> {
  const response = await fetch(new URL(BACKGROUND_SYNC_PATH, host.url));
  return (await response.json()) as BackgroundRecord;
}

/** Fires the scheduled background sync now, as its timer would; answers once that sync has finished. */
async function fireBackgroundSync(host: HostProcess): Promise<FireResult> {
  const response = await fetch(new URL(`${BACKGROUND_SYNC_PATH}/fire`, host.url), { method: 'POST' });
  return (await response.json()) as FireResult;
}

/** Chooses how often the app syncs by itself, in Settings, and waits for the schedule to follow. */
async function setBackgroundSync(page: Page, host: HostProcess, choice: string, hours: number): Promise<void> {
  await goToSection(page, 'Settings');
  await choose(page, 'Sync in the background', choice);
  await expect.poll(async () => (await backgroundRecord(host)).scheduledMs).toBe(hours === 0 ? null : hours * HOUR_MS);
}

/** New sales made today, copied from recent ones with their own references. */
function newSales(fake: FakeService, count: number): WireRecord[] {
  const recent = (fake.sales as readonly WireRecord[]).slice(-count);
  return recent.map((sale, i) => ({ ...sale, reference: `BG-NEW-${i + 1}`, transaction_date: isoDayToService(TODAY) }));
}

/** Pending sales spread over the dataset: some inside the trailing window, one older (an open sale re-checked). */
function pendingSales(fake: FakeService, count: number): WireRecord[] {
  const pending = (fake.sales as readonly WireRecord[]).filter(
    (s) => s.commission_status === 'pending' && s.payment_status === 'pending',
  );
  const old = pending.find((s) => isoOf(s.transaction_date) < addDays(TODAY, -70));
  if (old === undefined) throw new Error('the fake dataset has no pending sale older than 70 days');
  const recent = pending.filter((s) => isoOf(s.transaction_date) > addDays(TODAY, -30)).slice(0, count - 1);
  return [old, ...recent];
}

/** Shows every cached sale on the Sales tab. */
async function showAllSales(page: Page): Promise<void> {
  await goToSection(page, 'Sales');
  await page.getByRole('tab', { name: 'Sales' }).click();
  await pickDates(page, 'All cached sales');
}

/** From the signed-in page: syncs the whole history and shows every cached sale. */
async function withHistory(page: Page, fake: FakeService): Promise<void> {
  await backfill(page);
  await showAllSales(page);
  await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(fake.sales));
}

test.describe('background sync', () => {
  test('the routine sync on its schedule brings new sales and status changes, with a notification and a badge until seen', async ({
    signedIn: page,
    host,
    fake,
  }) => {
    test.setTimeout(240_000);
    await withHistory(page, fake);
    await setBackgroundSync(page, host, 'Every hour', 1);

    const added = newSales(fake, 3);
    const approved = pendingSales(fake, 4);
    fake.updateSales([
      ...added.map((record) => ({ kind: 'add' as const, record })),
      ...approved.map((sale) => ({
        kind: 'set' as const,
        reference: sale.reference,
        fields: { commission_status: 'approved' },
      })),
    ]);
    expect(await fireBackgroundSync(host)).toEqual({ fired: true });

    // The table and its totals hold the new sales and the new statuses: the fake's records, summed independently.
    await showAllSales(page);
    await expect.poll(() => shownTotals(page), { timeout: 30_000 }).toEqual(expectedTotals(fake.sales));
    await page.getByRole('searchbox', { name: 'Search' }).fill('BG-NEW');
    await expectTotal(page, added.length);
    expect((await allShownValues(page)).sort()).toEqual(added.map((sale) => sale.reference).sort());

    // Changes lists each status change of that sync.
    await page.getByRole('tab', { name: 'Changes' }).click();
    await expect(page.getByTestId('change-row')).toHaveCount(approved.length);
    for (const sale of approved) {
      const row = page.locator(`[data-testid="change-row"][data-reference="${sale.reference}"]`);
      await expect(row).toContainText(/pending.*approved/i);
    }

    let record = await backgroundRecord(host);
    expect(record.notifications).toEqual([
      {
        title: 'My shop: 3 new sales and 4 status changes',
        body: 'Open Commission Desk and look at Changes to see what is new.',
      },
    ]);
    expect(record.badgeCounts).toEqual([added.length + approved.length]);
    expect(record.scheduledMs).toBe(HOUR_MS);

    // A second sync with news before the user looked: the badge counts both; a sync without news says nothing.
    const paid = approved.slice(1, 3);
    fake.updateSales(
      paid.map((sale) => ({
        kind: 'set' as const,
        reference: sale.reference,
        fields: { payment_status: 'paid', payment_date: isoDayToService(TODAY) },
      })),
    );
    expect(await fireBackgroundSync(host)).toEqual({ fired: true });
    record = await backgroundRecord(host);
    expect(record.notifications.at(-1)?.title).toBe('My shop: 2 status changes');
    expect(record.badgeCounts).toEqual([added.length + approved.length, added.length + approved.length + paid.length]);
    expect(await fireBackgroundSync(host)).toEqual({ fired: true });
    expect((await backgroundRecord(host)).notifications).toHaveLength(2);

    // The window comes to the front: the news is seen and the badge is cleared, once.
    await fetch(new URL(WINDOW_FOCUS_PATH, host.url), { method: 'POST' });
    await fetch(new URL(WINDOW_FOCUS_PATH, host.url), { method: 'POST' });
    expect((await backgroundRecord(host)).badgeCounts).toEqual([...record.badgeCounts, 0]);
  });

  test('with the setting off, no background sync is scheduled or run', async ({ signedIn: page, host, fake }) => {
    test.setTimeout(180_000);
    await withHistory(page, fake);
    await setBackgroundSync(page, host, 'Off — sync only when I ask', 0);

    const before = fake.sales;
    fake.updateSales(newSales(fake, 2).map((record) => ({ kind: 'add' as const, record })));
    fake.clearRequests();
    expect(await fireBackgroundSync(host)).toEqual({ fired: false });

    expect(fake.requests.filter((r) => r.route === 'report')).toHaveLength(0);
    const record = await backgroundRecord(host);
    expect(record).toMatchObject({ scheduledMs: null, fired: 0, notifications: [], badgeCounts: [] });
    await showAllSales(page);
    await expect.poll(() => shownTotals(page)).toEqual(expectedTotals(before));
  });
});
