/**
 * Records the service sends that cannot be stored (T8), through the sync engine against the HTTPS fake service: the
 * rest of the page is stored, the day is not complete, the result and the export's About sheet say exactly what is
 * missing, and a later sync that stores everything for those days clears it.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADVERSARIAL_CASES, adversarialSales } from '../../../e2e/fake-service/adversarial-records';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { serviceDayToIso } from '../../shared/dates';
import type { SalesFilter } from '../../shared/sales-query';
import { openCache, type SalesCache } from '../cache';
import { generateSales, type WireSale } from '../demo';
import { aboutEntries } from '../export';
import { tempFolder } from '../../../test-support/cache-kit';
import { runRoutineSync } from './routine-sync';
import { runSync } from './sync-engine';
import type { SyncDeps } from './sync-types';

const TODAY = '2026-06-30';
const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const APRIL = { from: '2026-04-01', to: '2026-04-30' };

let fake: FakeService;
let connected: FakeClient;
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
let accounts = 0;

const dayOf = (sale: WireSale): string => serviceDayToIso(sale.transaction_date) ?? '';
const servedIn = (range: { from: string; to: string }): WireSale[] =>
  fake.sales.filter((s) => dayOf(s) >= range.from && dayOf(s) <= range.to);
const cachedReferences = (account: string, range: { from: string; to: string }): string[] =>
  [...cache.iterateSales(account, { filter: range })].map((s) => s.reference).sort();

function deps(): SyncDeps {
  return { cache, client: connected.client, today: () => TODAY, parallelWindows: 1 };
}

function freshAccount(): string {
  accounts += 1;
  return `unstored-${accounts}`;
}

/** The About sheet's "Data as of" line for an export of `range`, as the export writes it. */
function aboutCoverage(account: string, range: { from: string; to: string }): string {
  const filter: SalesFilter = { ...range };
  const entries = aboutEntries({
    accountLabel: account,
    baseUrl: fake.baseUrl,
    preset: undefined,
    filter,
    sort: { column: 'transactionDate', direction: 'asc' },
    columns: ['reference'],
    rowCount: 0,
    dataAsOf: cache.coverage(account, range.from, range.to),
    lastSyncedAt: null,
    appVersion: 'test',
    generatedAt: new Date('2026-06-30T12:00:00Z'),
    linksNote: null,
  });
  return String(entries.find(([label]) => label === 'Data as of')?.[1]);
}

/** A March sale in the middle of a busy day, so its page holds other sales of that day. */
function marchSale(): WireSale {
  const march = servedIn(MARCH);
  return march[Math.floor(march.length / 2)] as WireSale;
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 3650, endDay: TODAY, days: 365, seed: 11 } });
  connected = connectClient(fake);
  folder = tempFolder('unstored-records');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
});

beforeEach(() => {
  fake.resetFaults();
  fake.clearRequests();
});

afterAll(async () => {
  cache.close();
  connected.close();
  await fake.close();
  folder.remove();
});

describe('a record the service sent that could not be stored (T8)', () => {
  it('T8: the rest of the page is stored, the day is not complete, and the result, the notes and the About sheet say exactly what is missing', async () => {
    const account = freshAccount();
    const broken = marchSale();
    const day = dayOf(broken);
    fake.setFaults({ recordDefects: { [broken.reference]: 'missing-reference' } });
    const result = await runSync(deps(), { account, ...MARCH, trailingDays: 0 });

    expect(cachedReferences(account, MARCH)).toEqual(
      servedIn(MARCH)
        .filter((s) => s !== broken)
        .map((s) => s.reference)
        .sort(),
    );
    expect(result.unstored).toEqual([
      { from: day, to: day, count: 1, reasons: [expect.stringMatching(/no usable reference/)] },
    ]);
    expect(result.notes.join(' ')).toContain(`${day}: 1 record the service sent could not be read`);
    const coverage = cache.coverage(account, MARCH.from, MARCH.to);
    expect(coverage).toMatchObject({ complete: false, missing: [{ from: day, to: day }] });
    expect(cache.syncGaps(account, MARCH.from, MARCH.to)).toEqual([{ from: day, to: day }]);
    const about = aboutCoverage(account, MARCH);
    expect(about).toContain(`${day}: 1 record the service sent could not be read`);
    expect(about).toContain('this day is not complete');
    expect(about).not.toMatch(/never synced|^Complete/);
  });

  it('T8: a later sync that stores every record of that day clears it, fetching only that day', async () => {
    const account = freshAccount();
    const broken = marchSale();
    const day = dayOf(broken);
    fake.setFaults({ recordDefects: { [broken.reference]: 'missing-reference' } });
    await runSync(deps(), { account, ...MARCH, trailingDays: 0 });
    fake.resetFaults();
    fake.clearRequests();

    const again = await runSync(deps(), { account, ...MARCH, trailingDays: 0 });
    // In full, only that day; the open sales of the period are asked for by status.
    const full = fake.requests.filter((r) => r.route === 'report' && r.query.commission_status === 'all');
    expect(full.length).toBeGreaterThan(0);
    expect(full.every((r) => r.query.start_date === `${day}T00:00:00`)).toBe(true);
    expect(again.unstored).toEqual([]);
    expect(cachedReferences(account, MARCH)).toContain(broken.reference);
    expect(cache.coverage(account, MARCH.from, MARCH.to)).toMatchObject({ complete: true, missing: [] });
    expect(aboutCoverage(account, MARCH)).toMatch(/^Complete: every day of the range was synced/);
  });

  it('T8: a record that names no day leaves every day asked for incomplete, and the routine sync fetches them again until it is stored', async () => {
    const account = freshAccount();
    const broken = servedIn(APRIL)[3] as WireSale;
    fake.setFaults({ recordDefects: { [broken.reference]: 'not-an-object' } });
    const result = await runSync(deps(), { account, ...APRIL, trailingDays: 0 });
    expect(result.unstored).toEqual([{ ...APRIL, count: 1, reasons: [expect.stringMatching(/not an object/)] }]);
    expect(cache.coverage(account, APRIL.from, APRIL.to)).toMatchObject({ complete: false, missing: [APRIL] });
    expect(aboutCoverage(account, APRIL)).toContain(
      `${APRIL.from} to ${APRIL.to}: 1 record the service sent could not be read`,
    );
    expect(aboutCoverage(account, APRIL)).toContain('these days are not complete');

    const stillBroken = await runRoutineSync(deps(), { account, trailingDays: 0 });
    expect(stillBroken.unstored).toEqual([expect.objectContaining({ ...APRIL, count: 1 })]);
    fake.resetFaults();
    const fixed = await runRoutineSync(deps(), { account, trailingDays: 0 });
    expect(fixed.unstored).toEqual([]);
    expect(cache.coverage(account, APRIL.from, APRIL.to).complete).toBe(true);
    expect(cachedReferences(account, APRIL)).toContain(broken.reference);
  });

  it('T8: a record fetched again and still unreadable is counted once, not once per sync', async () => {
    const account = freshAccount();
    const broken = marchSale();
    fake.setFaults({ recordDefects: { [broken.reference]: 'missing-reference' } });
    await runSync(deps(), { account, ...MARCH, trailingDays: 0 });
    const again = await runSync(deps(), { account, ...MARCH, trailingDays: 0 });
    const third = await runSync(deps(), { account, ...MARCH, refresh: true, trailingDays: 0 });
    for (const result of [again, third]) expect(result.unstored).toEqual([expect.objectContaining({ count: 1 })]);
  });
});

describe('the audit’s hostile records through a whole sync (T8)', () => {
  let hostile: FakeService;
  let client: FakeClient;
  const JANUARY = { from: '2026-01-01', to: '2026-01-31' };

  beforeAll(async () => {
    hostile = await startFakeService({
      sales: [...generateSales({ seed: 8, count: 120, endDay: '2026-01-31', days: 31 }), ...adversarialSales()],
    });
    client = connectClient(hostile);
  });

  afterAll(async () => {
    client.close();
    await hostile.close();
  });

  it('T8: the sync completes, absurd amounts are notices on their sales, and only the unreadable records are listed, by day', async () => {
    const account = freshAccount();
    const result = await runSync(
      { cache, client: client.client, today: () => TODAY, parallelWindows: 1 },
      { account, ...JANUARY, trailingDays: 0 },
    );
    expect(result.progress.state).toBe('completed');
    const trillion = [...cache.iterateSales(account, { filter: { text: 'ADV-TRILLION' } })][0];
    expect(trillion?.notices.map((n) => n.kind)).toContain('absurd-amount');
    const refused = ADVERSARIAL_CASES.filter((c) => !c.expect.stored);
    const dated = refused
      .filter((c) => c.reference.endsWith('NO-REFERENCE'))
      .map((c) => serviceDayToIso(c.base.transaction_date) as string);
    expect(result.unstored).toEqual([
      { ...JANUARY, count: refused.length - dated.length, reasons: expect.any(Array) },
      ...dated.map((day) => ({
        from: day,
        to: day,
        count: 1,
        reasons: [expect.stringMatching(/no usable reference/)],
      })),
    ]);
    expect(cache.coverage(account, JANUARY.from, JANUARY.to).complete).toBe(false);
    expect(cache.countSales(account, JANUARY)).toBe(120 + ADVERSARIAL_CASES.length - refused.length);
  });
});
