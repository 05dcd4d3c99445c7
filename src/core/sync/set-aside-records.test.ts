/**
 * No record blocks a month (R5), through the sync engine against the HTTPS fake service: a record nested too deep is
 * set aside with its reason and the rest of its page stored; a page over the client's size cap is asked for again
 * with a smaller limit until it fits; a sale over the cap on its own is set aside and the walk goes on.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { serviceDayToIso } from '../../shared/dates';
import { openCache, type SalesCache } from '../cache';
import type { WireSale } from '../demo';
import { tempFolder } from '../../../test-support/cache-kit';
import { runSync } from './sync-engine';
import type { SyncDeps } from './sync-types';

const TODAY = '2026-06-30';
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

let fake: FakeService;
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
const clients: FakeClient[] = [];
let accounts = 0;

const dayOf = (sale: WireSale): string => serviceDayToIso(sale.transaction_date) ?? '';
const march = (): WireSale[] => fake.sales.filter((s) => dayOf(s) >= MARCH.from && dayOf(s) <= MARCH.to);
const cachedReferences = (account: string): string[] =>
  [...cache.iterateSales(account, { filter: MARCH })].map((s) => s.reference).sort();
const references = (sales: readonly WireSale[]): string[] => sales.map((s) => s.reference).sort();
/** The `limit` of every report request since the last reset, in order. */
const limitsAsked = (): number[] => fake.requests.filter((r) => r.route === 'report').map((r) => Number(r.query.limit));

/** Characters of a reply carrying `sales` as its page. */
function replySize(sales: readonly WireSale[]): number {
  return Buffer.byteLength(
    JSON.stringify({ status: 200, message: 'OK', total: 9999, next_page: 'x'.repeat(200), data: sales }),
  );
}

function deps(maxBodyBytes?: number): SyncDeps {
  const connected = connectClient(fake, maxBodyBytes === undefined ? {} : { maxBodyBytes });
  clients.push(connected);
  return { cache, client: connected.client, today: () => TODAY, parallelWindows: 1 };
}

function freshAccount(): string {
  accounts += 1;
  return `set-aside-${accounts}`;
}

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 3650, endDay: TODAY, days: 365, seed: 17 } });
  folder = tempFolder('set-aside-records');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
});

beforeEach(() => {
  fake.resetFaults();
  fake.clearRequests();
});

afterAll(async () => {
  cache.close();
  for (const c of clients) c.close();
  await fake.close();
  folder.remove();
});

describe('no record blocks a month (R5)', () => {
  it('R5: a record nested 1,000 levels deep is set aside with its reason and day; the rest of its page and month is stored, on every sync', async () => {
    const account = freshAccount();
    const broken = march()[Math.floor(march().length / 2)] as WireSale;
    const day = dayOf(broken);
    fake.setFaults({ recordDefects: { [broken.reference]: 'too-deep' } });
    const first = await runSync(deps(), { account, ...MARCH, trailingDays: 0 });
    expect(first.progress.state).toBe('completed');
    expect(cachedReferences(account)).toEqual(references(march().filter((s) => s !== broken)));
    const reason = expect.stringMatching(/^The record is nested more than 256 levels deep.*set aside/);
    expect(first.unstored).toEqual([{ from: day, to: day, count: 1, reasons: [reason] }]);
    expect(first.notes.join(' ')).toContain(
      `${day}: 1 record the service sent could not be read (The record is nested`,
    );
    expect(cache.coverage(account, MARCH.from, MARCH.to)).toMatchObject({ missing: [{ from: day, to: day }] });

    fake.clearRequests();
    const again = await runSync(deps(), { account, ...MARCH, trailingDays: 0 });
    expect(again.progress.state).toBe('completed');
    expect(again.unstored).toEqual([{ from: day, to: day, count: 1, reasons: [reason] }]);
    // In full only its day; the period's open sales are asked for by status (R1).
    const asked = fake.requests.filter((r) => r.route === 'report' && r.query.commission_status === 'all');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.query.start_date === `${day}T00:00:00`)).toBe(true);
  });

  it('R5: a valid page over the size cap is asked for again with a smaller limit until it fits, and every sale arrives', async () => {
    const account = freshAccount();
    const full = replySize(march().slice(0, 100));
    const cap = Math.floor(full * 0.8);
    expect(replySize(march().slice(0, 50))).toBeLessThan(cap);
    const result = await runSync(deps(cap), { account, ...MARCH, trailingDays: 0 });
    expect(result.progress.state).toBe('completed');
    expect(cachedReferences(account)).toEqual(references(march()));
    expect(result.unstored).toEqual([]);
    const limits = limitsAsked();
    expect(limits[0]).toBe(100);
    expect(limits).toContain(50);
    expect(limits.filter((l) => l !== 100 && l !== 50)).toEqual([]);
    expect(cache.coverage(account, MARCH.from, MARCH.to)).toMatchObject({ complete: true, missing: [] });
  });

  it('R5: a sale over the size cap on its own is set aside with its position and day, the limit steps down to 1 and back up, and the rest of the month is stored', async () => {
    const account = freshAccount();
    const cap = 256 * 1024;
    const sales = march();
    // A sale between two of its own day: the report's order by date then names its day.
    const index = sales.findIndex(
      (s, i) =>
        i >= 150 && dayOf(sales[i - 1] as WireSale) === dayOf(s) && dayOf(sales[i + 1] as WireSale) === dayOf(s),
    );
    const broken = sales[index] as WireSale;
    const day = dayOf(broken);
    fake.setFaults({ recordDefects: { [broken.reference]: 'oversized' }, oversizedBytes: cap + 1 });
    const result = await runSync(deps(cap), { account, ...MARCH, trailingDays: 0 });
    expect(result.progress.state).toBe('completed');
    expect(cachedReferences(account)).toEqual(references(sales.filter((s) => s !== broken)));
    const reason = new RegExp(`^The sale at row ${index + 1} of the report came as a reply larger`);
    expect(result.unstored).toEqual([{ from: day, to: day, count: 1, reasons: [expect.stringMatching(reason)] }]);
    expect(cache.coverage(account, MARCH.from, MARCH.to)).toMatchObject({ missing: [{ from: day, to: day }] });
    const limits = limitsAsked();
    expect(limits).toEqual(expect.arrayContaining([100, 50, 25, 5, 1]));
    expect(limits.at(-1)).toBe(100);
    expect(limits.filter((l) => l === 1).length).toBeLessThanOrEqual(10);
  });
});
