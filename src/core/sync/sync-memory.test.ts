import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates';
import type { Sale } from '../../shared/domain';
import { parseProfile } from '../../shared/wire-schemas';
import type { SalesCache } from '../cache';
import { MAX_WALK_REFERENCES, ServiceError, type ServiceClient } from '../service';
import { runSync } from './sync-engine';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const MB = 1024 * 1024;
const FIRST_DAY = '2025-01-01';
const LAST_DAY = '2025-12-31';
const ACCOUNT = 'memory-test';

/** Heap still in use after a full collection. */
function liveHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

function sale(reference: string, day: string): Sale {
  return {
    reference,
    commissionAmount: 1.25,
    currency: 'EUR',
    commissionStatus: 'approved',
    transactionAmount: 25,
    category: 'offer',
    transactionDate: day,
    paymentStatus: 'paid',
    paymentDate: day,
    productSlug: 'p',
    productName: 'Product',
    collectionSlug: 'c',
    collectionName: 'Collection',
    collectionUrl: 'https://shop.example/c',
    subid: null,
    extra: {},
  };
}

interface GeneratedService {
  client: ServiceClient;
  pages: number;
  /** Live heap sampled every `sampleEvery` pages. */
  samples: number[];
}

/** A service, in process, that sends `perDay` distinct sales for each day asked for between FIRST_DAY and LAST_DAY. */
function generatedService(perDay: number, sampleEvery: number): GeneratedService {
  const service: GeneratedService = { client: undefined as unknown as ServiceClient, pages: 0, samples: [] };
  const getSalesPage: ServiceClient['getSalesPage'] = (filter, request) => {
    service.pages += 1;
    if (service.pages % sampleEvery === 0) service.samples.push(liveHeap());
    const from = filter.startDate && filter.startDate > FIRST_DAY ? filter.startDate : FIRST_DAY;
    const to = filter.endDate && filter.endDate < LAST_DAY ? filter.endDate : LAST_DAY;
    const days = from > to ? 0 : Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    const total = days * perDay;
    const first = (request.page - 1) * request.limit;
    const last = Math.min(total, first + request.limit);
    const sales: Sale[] = [];
    for (let i = first; i < last; i++) {
      const day = addDays(from, Math.floor(i / perDay));
      sales.push(sale(`S-${day}-${i % perDay}`, day));
    }
    const nextPage =
      last < total ? `https://service.example/v1/report/sales?page=${request.page + 1}&limit=${request.limit}` : null;
    return Promise.resolve({ sales, warnings: [], rawCount: sales.length, totalHint: total, nextPage });
  };
  service.client = {
    baseUrl: 'https://service.example',
    getProfile: () => Promise.resolve(parseProfile({ user_name: 'memory-test' })),
    getSalesPage,
  } as Omit<ServiceClient, 'gate'> as ServiceClient;
  return service;
}

/** A cache that stores nothing, so the heap measured is the sync's own. */
function countingCache(): { cache: SalesCache; covered: string[] } {
  const covered: string[] = [];
  const stand: Partial<SalesCache> = {
    syncGaps: (_account, from, to) => [{ from, to }],
    oldestOpenSaleDay: () => null,
    unfinishedSyncRuns: () => [],
    claimSyncLease: () => null,
    renewSyncLease: () => true,
    releaseSyncLease: () => undefined,
    beginSyncRun: () => 1,
    finishSyncRun: () => undefined,
    saveProfile: () => undefined,
    storePage: (_account, sales) => ({
      inserted: sales.length,
      updated: 0,
      unchanged: 0,
      statusChanges: 0,
      amountChanges: 0,
      currencyChanges: 0,
      dateChanges: 0,
      restatements: 0,
      roundedAmounts: 0,
      reportedAgain: 0,
    }),
    transaction: <T>(work: () => T): T => work(),
    markNoLongerReported: () => 0,
    markCovered: (_account, from) => {
      covered.push(from);
    },
    coverage: () => ({ unstored: [] }) as unknown as ReturnType<SalesCache['coverage']>,
  };
  return { cache: stand as SalesCache, covered };
}

function maxOf(values: readonly number[]): number {
  return values.reduce((a, b) => Math.max(a, b), 0);
}

describe('S13: the sync keeps a bounded set of references, whatever the number of sales', () => {
  it('S13: a sync of 1,000,000 sales keeps its memory flat: the heap late in the sync is no larger than early on', async () => {
    const service = generatedService(2_740, 200);
    const { cache, covered } = countingCache();
    const result = await runSync(
      { cache, client: service.client, today: () => LAST_DAY },
      { account: ACCOUNT, from: FIRST_DAY, to: LAST_DAY, trailingDays: 0 },
    );
    expect(result.inserted).toBeGreaterThanOrEqual(1_000_000);
    expect(covered).toHaveLength(12);
    const { samples } = service;
    expect(samples.length).toBeGreaterThan(40);
    // Every reference kept until the end would add about 85 MB; three windows' sets in flight are about 20 MB.
    const early = maxOf(samples.slice(0, Math.floor(samples.length / 4)));
    const late = maxOf(samples.slice(Math.floor(samples.length / 2)));
    if (process.env.SHOW_HEAP) console.log(samples.map((b) => Math.round(b / MB)).join(' '));
    expect((late - early) / MB).toBeLessThan(24);
  }, 180_000);

  it(`S13: a service sending a million distinct sales for one day ends the sync in a typed error at ${MAX_WALK_REFERENCES.toLocaleString('en')}, in bounded memory; that day is not marked complete`, async () => {
    const service = generatedService(1_000_000, 250);
    const { cache, covered } = countingCache();
    const before = liveHeap();
    const error = await runSync(
      { cache, client: service.client, today: () => LAST_DAY, parallelWindows: 1 },
      { account: ACCOUNT, from: LAST_DAY, to: LAST_DAY, trailingDays: 0 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', refused: 'too-many-sales' });
    expect((error as Error).message).toMatch(/^The service sent more than 250,000 different sales for one period/);
    expect(service.pages).toBe(MAX_WALK_REFERENCES / 100 + 1);
    expect(covered).toEqual([]);
    // At the cap the walk holds about 35 MB; a million references would hold about four times that.
    if (process.env.SHOW_HEAP)
      console.log(Math.round(before / MB), service.samples.map((b) => Math.round(b / MB)).join(' '));
    expect((maxOf(service.samples) - before) / MB).toBeLessThan(60);
  }, 120_000);
});
