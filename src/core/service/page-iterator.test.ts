import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, eventually, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import type { EndOfPages } from '../../../e2e/fake-service/faults';
import { AppError } from '../../shared/errors';
import { walkSalesPages, type PageBatch, type WalkOptions } from './page-iterator';
import type { SalesFilter } from './sales-params';

const FULL: SalesFilter = { startDate: '2025-01-01', endDate: '2026-01-31' };

let fake: FakeService;
let connected: FakeClient;

async function walk(
  options: WalkOptions = {},
  filter: SalesFilter = FULL,
): Promise<{ batches: PageBatch[]; refs: string[] }> {
  const batches: PageBatch[] = [];
  for await (const batch of walkSalesPages(connected.client, filter, { limit: 100, ...options })) batches.push(batch);
  return { batches, refs: batches.flatMap((b) => b.sales.map((s) => s.reference)) };
}

const allRefs = (): string[] => fake.sales.map((s) => s.reference);
const last = (batches: PageBatch[]): PageBatch => batches[batches.length - 1] as PageBatch;
const reportPages = (): (number | null)[] => fake.requests.filter((r) => r.route === 'report').map((r) => r.page);

beforeAll(async () => {
  fake = await startFakeService({ sales: { count: 250, seed: 11 } });
  connected = connectClient(fake);
});

beforeEach(() => {
  fake.resetFaults();
  fake.clearRequests();
});

afterAll(async () => {
  connected.close();
  await fake.close();
});

describe('walkSalesPages', () => {
  it('asks for the next page while the caller stores the current one, and asks for nothing past the end', async () => {
    // Answers take a while, as over a network, so each snapshot below is taken before the next answer comes.
    fake.setFaults({ latencyMs: 150 });
    const askedWhileStoring: (number | null)[][] = [];
    for await (const batch of walkSalesPages(connected.client, FULL, { limit: 100 })) {
      // Storing takes a while; the next page's request is already out meanwhile.
      const until = Date.now() + 2_000;
      while (!batch.progress.done && !reportPages().includes(batch.page + 1) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 5));
      askedWhileStoring.push(reportPages());
    }
    expect(askedWhileStoring).toEqual([
      [1, 2],
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(reportPages()).toEqual([1, 2, 3]);
  });

  it('asks for a page as soon as the page before it answers, before that one is read, when the count says it exists', async () => {
    // Page 2 sends its headers and then stalls: page 3 is asked meanwhile, once, and page 2 is asked again after its timeout.
    const slow = connectClient(fake, { timeoutMs: 1_000 });
    try {
      fake.setFaults({ next: [{ fault: { kind: 'stall' }, route: 'report', page: 2 }] });
      const batches: PageBatch[] = [];
      for await (const batch of walkSalesPages(slow.client, FULL, { limit: 100 })) batches.push(batch);
      expect(reportPages()).toEqual([1, 2, 3, 2]);
      expect(batches.flatMap((b) => b.sales.map((s) => s.reference))).toEqual(allRefs());
      expect(last(batches).progress).toMatchObject({ pages: 3, complete: true, endReason: 'no-next-page' });
    } finally {
      slow.close();
    }
  });

  it('a caller that stops early leaves the page asked ahead unread, and its failure reported nowhere', async () => {
    fake.setFaults({ next: [{ fault: { kind: 'status', status: 400 }, route: 'report', page: 2 }] });
    const seen: number[] = [];
    for await (const batch of walkSalesPages(connected.client, FULL, { limit: 100 })) {
      seen.push(batch.page);
      await new Promise((r) => setTimeout(r, 200));
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([1]);
    expect(reportPages()).toEqual([1, 2]);
  });

  it.each<[EndOfPages, number[]]>([
    ['null', [1, 2, 3]],
    ['empty-string', [1, 2, 3]],
    ['absent', [1, 2, 3]],
    ['empty-page', [1, 2, 3, 4]],
  ])('N6: ends when the last page marks next_page as %s, every sale once', async (endOfPages, pages) => {
    fake.setFaults({ endOfPages });
    const { batches, refs } = await walk();
    expect(refs).toEqual(allRefs());
    expect(reportPages()).toEqual(pages);
    expect(last(batches).progress).toMatchObject({ done: true, complete: true, records: 250, pages: pages.length });
    expect(last(batches).progress.endReason).toBe(endOfPages === 'empty-page' ? 'empty-page' : 'no-next-page');
  });

  it('N6: a page that repeats the previous one adds no duplicate and does not stop the walk', async () => {
    fake.setFaults({ repeatPages: [2] });
    const { batches, refs } = await walk({ limit: 50 });
    expect(new Set(refs).size).toBe(refs.length);
    expect(refs).toEqual(allRefs().filter((_, i) => i < 50 || i >= 100));
    expect(reportPages()).toEqual([1, 2, 3, 4, 5]);
    expect(batches[1]?.sales).toEqual([]);
    expect(batches[1]?.notes.join(' ')).toMatch(/Page 2 repeated 50 row/);
    expect(last(batches).progress.endReason).toBe('no-next-page');
  });

  it('N6: a server that ignores `page` and always says "more" cannot make the walk loop', async () => {
    fake.setFaults({ ignorePage: true });
    const { batches, refs } = await walk({ maxStalePages: 3 });
    expect(refs).toEqual(allRefs().slice(0, 100));
    expect(reportPages()).toEqual([1, 2, 3, 4]);
    expect(last(batches).progress).toMatchObject({
      done: true,
      complete: false,
      endReason: 'repeating-pages',
      records: 100,
    });
  });

  it('N6: a next_page that does not advance is never followed; the client advances the page itself', async () => {
    fake.setFaults({ nextPageStuck: true });
    const { batches, refs } = await walk();
    expect(refs).toEqual(allRefs());
    expect(reportPages()).toEqual([1, 2, 3]);
    expect(batches[0]?.notes.join(' ')).toMatch(/pointed to page 1 as the next one; page 2 was fetched instead/);
  });

  it('N6: a page with more rows than `limit` cannot duplicate records', async () => {
    fake.setFaults({ overfill: { page: 1, extra: 30 } });
    const { batches, refs } = await walk();
    expect(refs).toEqual(allRefs());
    expect(batches[0]?.sales).toHaveLength(130);
    expect(batches[1]?.sales).toHaveLength(70);
    expect(batches[0]?.notes.join(' ')).toMatch(/Page 1 had 130 rows although 100 were asked for/);
    expect(batches[1]?.notes.join(' ')).toMatch(/repeated 30 row/);
  });

  it('N6: the server\u2019s total is an estimate for progress only, never a reason to stop or continue', async () => {
    fake.setFaults({ totalOverride: 10 });
    const low = await walk();
    expect(low.refs).toHaveLength(250);
    expect(last(low.batches).progress).toMatchObject({ totalHint: 10, estimatedPages: 1, records: 250 });
    fake.clearRequests();
    fake.setFaults({ totalOverride: 1_000_000, latencyMs: 100 });
    const high = await walk();
    expect(high.refs).toHaveLength(250);
    expect(high.batches.map((b) => b.page)).toEqual([1, 2, 3]);
    // A count that is too high costs one request past the end, asked when page 3 answered; its answer is dropped and asks for nothing more.
    expect(await eventually(() => reportPages().length === 4)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(reportPages()).toEqual([1, 2, 3, 4]);
    expect(last(high.batches).progress).toMatchObject({ totalHint: 1_000_000, estimatedPages: 10_000 });
  });

  it('N6: reports progress per page: pages, distinct records, warnings, estimate', async () => {
    const seen: number[] = [];
    fake.setFaults({ recordDefects: { [fake.sales[120]?.reference as string]: 'bad-date' } });
    const { batches } = await walk({ onProgress: (p) => seen.push(p.records) });
    expect(seen).toEqual([100, 199, 249]);
    expect(batches.map((b) => b.page)).toEqual([1, 2, 3]);
    expect(last(batches).progress).toMatchObject({
      pages: 3,
      records: 249,
      warnings: 1,
      totalHint: 250,
      estimatedPages: 3,
    });
    expect(batches[1]?.warnings[0]?.reference).toBe(fake.sales[120]?.reference);
  });

  it('N6: maxPages stops a server that never ends', async () => {
    fake.setFaults({ ignorePage: true });
    const { batches } = await walk({ maxPages: 2, maxStalePages: 50 });
    expect(reportPages()).toEqual([1, 2]);
    expect(last(batches).progress).toMatchObject({ endReason: 'page-limit', complete: false });
  });

  it('N6: a guard given as NaN or Infinity falls back to its default instead of switching off', async () => {
    fake.setFaults({ ignorePage: true });
    const { batches } = await walk({ maxPages: Number.NaN, maxStalePages: Number.POSITIVE_INFINITY });
    expect(reportPages()).toEqual([1, 2, 3, 4]);
    expect(last(batches).progress.endReason).toBe('repeating-pages');
  });

  it('N6: walks both orders and every filter to the same set the spec service selects', async () => {
    const descending = await walk({}, { ...FULL, orderBy: '-transaction_date' });
    expect(descending.refs).toEqual([...allRefs()].reverse());
    const approvedPaid = await walk({ limit: 7 }, { ...FULL, commissionStatus: 'approved', paymentStatus: 'paid' });
    const expected = fake.sales
      .filter((s) => s.commission_status === 'approved' && s.payment_status === 'paid')
      .map((s) => s.reference);
    expect(expected.length).toBeGreaterThan(7);
    expect(approvedPaid.refs).toEqual(expected);
  });

  it('T9: a full page whose next_page is null is followed while the service counts more rows; at the count it ends', async () => {
    fake.setFaults({ nextPageNullAt: [1] });
    const { batches, refs } = await walk();
    expect(refs).toEqual(allRefs());
    expect(reportPages()).toEqual([1, 2, 3]);
    expect(batches[0]?.notes.join(' ')).toMatch(
      /Page 1 was full and had no next page although the service counts more rows/,
    );
    expect(last(batches).progress).toMatchObject({
      complete: true,
      rows: 250,
      distinct: 250,
      consistentTotal: 250,
      totalChanged: false,
    });
    fake.clearRequests();
    fake.setFaults({ nextPageNullAt: [5] });
    await walk({ limit: 50 });
    expect(reportPages()).toEqual([1, 2, 3, 4, 5]);
  });

  it('T9: a sale changed and moved to a later page during the walk comes again in `repeated` with its new values; the count shows one skipped', async () => {
    const before = allRefs();
    const at = fake.sales.findIndex((sale, i) => i >= 5 && sale.commission_status !== 'declined');
    const moved = fake.sales[at] as (typeof fake.sales)[number];
    const skipped = fake.sales[100]?.reference;
    fake.setFaults({
      dataChanges: [
        {
          page: 2,
          changes: [
            {
              kind: 'set',
              reference: moved.reference,
              fields: { commission_status: 'declined', payment_status: 'pending', payment_date: null },
            },
            { kind: 'move', reference: moved.reference, toDay: '2026-01-30' },
          ],
        },
      ],
    });
    const { batches, refs } = await walk();
    expect(refs).toEqual(before.filter((r) => r !== skipped));
    const copies = batches.flatMap((b) => b.repeated);
    expect(copies).toEqual([
      expect.objectContaining({
        reference: moved.reference,
        commissionStatus: 'declined',
        transactionDate: '2026-01-30',
      }),
    ]);
    expect(batches[0]?.sales.find((s) => s.reference === moved.reference)?.commissionStatus).toBe(
      moved.commission_status,
    );
    expect(last(batches).progress).toMatchObject({
      rows: 250,
      distinct: 249,
      consistentTotal: 250,
      totalChanged: false,
    });
  });

  it('T9: a total that changes from page to page (a sale removed during the walk) is reported, not trusted', async () => {
    fake.setFaults({
      dataChanges: [{ page: 2, changes: [{ kind: 'remove', reference: fake.sales[3]?.reference as string }] }],
    });
    const { batches } = await walk();
    expect(last(batches).progress).toMatchObject({
      totalChanged: true,
      consistentTotal: null,
      rows: 249,
      distinct: 249,
    });
  });

  it('N6: an invalid limit is refused before any request is sent', async () => {
    for (const limit of [0, 101, 2.5]) {
      const error = await walk({ limit }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('INVALID_INPUT');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('N4: cancelling a walk between pages stops it with CANCELLED and sends nothing more', async () => {
    const controller = new AbortController();
    const batches: PageBatch[] = [];
    const error = await (async () => {
      for await (const batch of walkSalesPages(connected.client, FULL, { limit: 50, signal: controller.signal })) {
        batches.push(batch);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect((error as AppError).code).toBe('CANCELLED');
    expect(batches).toHaveLength(1);
    expect(reportPages()).toEqual([1]);
  });
});
