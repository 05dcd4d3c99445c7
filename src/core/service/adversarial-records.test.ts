import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVERSARIAL_CASES,
  DEEP_LEVELS,
  adversarialSales,
  type AdversarialCase,
} from '../../../e2e/fake-service/adversarial-records';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import type { RecordWarning, Sale } from '../../shared/domain';
import type { CachedSale } from '../../shared/sales-query-types';
import { openCache, type SalesCache } from '../cache';
import { generateSales } from '../demo';
import { tempFolder } from '../../../test-support/cache-kit';
import type { SalesFilter } from './sales-params';

const ACCOUNT = 'audit';
const JANUARY: SalesFilter = { startDate: '2026-01-01', endDate: '2026-01-31' };
const LIMIT = 20;
const GENERATED = generateSales({ seed: 8, count: 120, endDay: '2026-01-31', days: 31 });

let fake: FakeService;
let connected: FakeClient;
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

/** One page as the client read it and what storing it did. */
interface PageSeen {
  page: number;
  rawCount: number;
  sales: Sale[];
  warnings: RecordWarning[];
}

/** Fetches every page of January with the real client and stores each in the real cache, as a sync does. */
async function syncJanuary(): Promise<{
  pages: PageSeen[];
  stored: { inserted: number; updated: number; unchanged: number };
}> {
  const pages: PageSeen[] = [];
  const stored = { inserted: 0, updated: 0, unchanged: 0 };
  for (let page = 1; page < 50; page++) {
    const parsed = await connected.client.getSalesPage(JANUARY, { page, limit: LIMIT });
    const result = cache.storePage(ACCOUNT, parsed.sales, '2026-02-01T08:00:00Z');
    stored.inserted += result.inserted;
    stored.updated += result.updated;
    stored.unchanged += result.unchanged;
    pages.push({ page, rawCount: parsed.rawCount, sales: parsed.sales, warnings: parsed.warnings });
    if (parsed.nextPage === null || parsed.rawCount === 0) break;
  }
  return { pages, stored };
}

function cachedByReference(): Map<string, CachedSale> {
  return new Map([...cache.iterateSales(ACCOUNT, { filter: {} })].map((sale) => [sale.reference, sale]));
}

const storedCases = ADVERSARIAL_CASES.filter((c) => c.expect.stored);
const refusedCases = ADVERSARIAL_CASES.filter((c) => !c.expect.stored);

let first: Awaited<ReturnType<typeof syncJanuary>>;

beforeAll(async () => {
  fake = await startFakeService({ sales: [...GENERATED, ...adversarialSales()], today: '2026-01-31' });
  connected = connectClient(fake);
  folder = tempFolder('adversarial');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
  first = await syncJanuary();
}, 60_000);

afterAll(async () => {
  cache.close();
  folder.remove();
  connected.close();
  await fake.close();
});

describe('T8: every record a hostile service sends is kept', () => {
  it('T8: every record with a reference and a usable date is stored, the generated ones and the hostile ones alike', () => {
    const cached = cachedByReference();
    expect(cached.size).toBe(GENERATED.length + storedCases.length);
    for (const sale of GENERATED) expect(cached.has(sale.reference), sale.reference).toBe(true);
    for (const c of storedCases) expect(cached.has(c.reference), `${c.reference}: ${c.what}`).toBe(true);
    expect(first.stored.inserted).toBe(cached.size);
  });

  it.each(storedCases.map((c): [string, AdversarialCase] => [c.what, c]))(
    'T8: %s is kept in the cache with the exact values and notices',
    (_what, c) => {
      if (!c.expect.stored) throw new Error('a refused case');
      const sale = cachedByReference().get(c.reference);
      expect(sale, c.reference).toMatchObject(c.expect.sale);
      expect(sale?.notices.map((n) => n.kind).sort()).toEqual([...c.expect.notices].sort());
      for (const notice of sale?.notices ?? []) expect(notice.message.length).toBeGreaterThan(20);
    },
  );

  it('T8: a record that cannot be stored is a warning saying what is missing, so the caller knows the page was not wholly stored', () => {
    const warnings = first.pages.flatMap((p) => p.warnings);
    expect(warnings).toHaveLength(refusedCases.length);
    for (const c of refusedCases) {
      if (c.expect.stored) throw new Error('a stored case');
      const expected = c.expect;
      expect(
        warnings.some((w) => w.reference === expected.reference && expected.reason.test(w.reason)),
        `${c.reference}: ${warnings.map((w) => w.reason).join(' | ')}`,
      ).toBe(true);
    }
    for (const page of first.pages)
      expect(page.sales.length + page.warnings.length, `page ${page.page}`).toBe(page.rawCount);
  });

  it(`T8: a record nested ${DEEP_LEVELS} levels deep costs neither its page nor the other records of that page`, () => {
    const deepPages = first.pages.filter((p) => p.sales.some((s) => s.reference.startsWith('ADV-DEEP')));
    expect(deepPages.length).toBeGreaterThan(0);
    for (const page of deepPages) {
      expect(page.rawCount).toBe(LIMIT);
      expect(page.sales.length + page.warnings.length).toBe(LIMIT);
      for (const sale of page.sales) expect(cachedByReference().has(sale.reference)).toBe(true);
    }
  });

  it('T8: unlisted statuses are their own values in filters, sorts and totals', () => {
    const reversed = cache.salesPage(ACCOUNT, { filter: { commissionStatuses: ['reversed'] }, offset: 0, limit: 10 });
    expect(reversed.rows.map((r) => r.reference)).toEqual(['ADV-REVERSED']);
    expect(cache.countSales(ACCOUNT, { commissionStatuses: ['Approved'] })).toBe(1);
    expect(cache.countSales(ACCOUNT, { paymentStatuses: ['processing', 'failed'] })).toBe(2);
    const summary = cache.summary(ACCOUNT, {});
    const usd = (status: string | null) =>
      summary.byCommissionStatus.find((t) => t.currency === 'USD' && t.commissionStatus === status);
    expect(usd('reversed')).toMatchObject({ count: 1, commission: '2.50' });
    expect(usd('on_hold')).toMatchObject({ count: 1, commission: '2.50' });
    expect(usd('Approved')).toMatchObject({ count: 1, commission: '2.50' });
    expect(summary.byPaymentStatus.find((t) => t.currency === 'USD' && t.paymentStatus === 'processing')).toMatchObject(
      { count: 1 },
    );
    const sorted = cache
      .salesPage(ACCOUNT, { sort: { column: 'commissionStatus', direction: 'asc' }, offset: 0, limit: 1000 })
      .rows.map((r) => r.commissionStatus);
    expect(sorted).toEqual(
      [...sorted].sort((a, b) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1)),
    );
    expect(sorted.indexOf('Approved')).toBeLessThan(sorted.indexOf('approved'));
  });

  it('T8: exact values stay exact through the cache: 20 digits, 1e15, 25 digits and 0.005 are stored as sent', () => {
    const cached = cachedByReference();
    expect(cached.get('ADV-LONG-DIGITS')?.commissionExact).toBe('0.1234567890123456789');
    expect(cached.get('ADV-TRILLION')).toMatchObject({ commissionAmount: 1e15, commissionExact: '1000000000000000' });
    expect(cached.get('ADV-HUGE-TEXT')?.transactionExact).toBe('123456789012345678901234.5');
    expect(cached.get('ADV-SUB-CENT')).toMatchObject({ commissionExact: '0.005', commissionMinor: 1, amountScale: 2 });
    expect(cached.get('ADV-YEN-HALF')).toMatchObject({
      commissionExact: '12.5',
      amountScale: 0,
      transactionMinor: 1500,
    });
  });

  it('T8: fetching the same records again changes nothing: every stored value, notices included, is read the same way', async () => {
    const again = await syncJanuary();
    expect(again.stored).toEqual({ inserted: 0, updated: 0, unchanged: first.stored.inserted });
  });
});
