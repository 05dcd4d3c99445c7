import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, type FakeClient } from '../../../e2e/fake-service/client-fixture';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { generateSales, type WireSale } from '../demo';
import { AppError } from '../../shared/errors';
import { walkSalesPages } from './page-iterator';
import { buildSalesUrl, encodeQueryValue, parseSalesFilter, type SalesFilter } from './sales-params';

const FULL = { startDate: '2025-01-01', endDate: '2026-01-31' };
const SUBIDS = [
  'a b',
  'x&y=z',
  'tag#1',
  'c++',
  'café ünïcode 日本',
  'blog post & deals+ü',
  '100%',
  'semi;colon/slash?q',
];

let fake: FakeService;
let connected: FakeClient;

function salesWithSubids(): WireSale[] {
  const base = generateSales({ seed: 5, count: 400, endDay: '2026-01-31', days: 300 });
  return base.map((sale, i) => ({ ...sale, subid: SUBIDS[i % SUBIDS.length] as string }));
}

beforeAll(async () => {
  fake = await startFakeService({ sales: salesWithSubids() });
  connected = connectClient(fake);
});

beforeEach(() => fake.clearRequests());

afterAll(async () => {
  connected.close();
  await fake.close();
});

function invalid(filter: Record<string, unknown>, page = { page: 1, limit: 20 }): Promise<AppError> {
  return connected.client.getSalesPage(filter as unknown as SalesFilter, page).then(
    () => {
      throw new Error('expected INVALID_INPUT');
    },
    (e: unknown) => e as AppError,
  );
}

describe('sales report parameters', () => {
  it.each<[string, Record<string, unknown>, { page: number; limit: number } | undefined, RegExp]>([
    ['limit 0', FULL, { page: 1, limit: 0 }, /page size must be from 1 to 100/],
    ['limit 101', FULL, { page: 1, limit: 101 }, /page size must be from 1 to 100/],
    ['page 0', FULL, { page: 0, limit: 20 }, /first page is 1/],
    [
      'end before start',
      { startDate: '2026-01-31', endDate: '2026-01-01' },
      undefined,
      /end date is before the start date/,
    ],
    ['declined as a filter', { ...FULL, commissionStatus: 'declined' }, undefined, /cannot filter by “declined”/],
    [
      'an unknown payment status',
      { ...FULL, paymentStatus: 'approved' },
      undefined,
      /payment status filter must be one of all, paid, pending/,
    ],
    ['an unknown order', { ...FULL, orderBy: 'date' }, undefined, /order must be one of/],
    [
      'a day that does not exist',
      { ...FULL, startDate: '2026-02-30' },
      undefined,
      /start date must be a real calendar day/,
    ],
    ['a service-format date', { ...FULL, endDate: '31-01-2026' }, undefined, /end date must be a real calendar day/],
    [
      'a date with a time',
      { ...FULL, startDate: '2026-01-01T00:00:00' },
      undefined,
      /start date must be a real calendar day/,
    ],
    ['a missing date', { endDate: '2026-01-01' }, undefined, /start date is missing/],
    ['an empty subid', { ...FULL, subid: '' }, undefined, /sub-affiliate ID is empty/],
    ['a subid with a line break', { ...FULL, subid: 'a\nb' }, undefined, /line break/],
    ['a subid of 201 characters', { ...FULL, subid: 'x'.repeat(201) }, undefined, /longer than 200/],
  ])('Spec 4.2: %s is refused with INVALID_INPUT before any request is sent', async (_name, filter, page, message) => {
    const error = await invalid(filter, page);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toMatch(message);
    expect(fake.requests).toHaveLength(0);
  });

  it('Spec 4.2: sends every parameter in the service\u2019s names and formats, dates as whole user days without a zone', async () => {
    await connected.client.getSalesPage(
      {
        startDate: '2025-03-01',
        endDate: '2025-03-31',
        orderBy: '-transaction_date',
        commissionStatus: 'pending',
        paymentStatus: 'pending',
        subid: 'a b',
      },
      { page: 2, limit: 5 },
    );
    expect(fake.requests[0]?.query).toEqual({
      page: '2',
      limit: '5',
      start_date: '2025-03-01T00:00:00',
      end_date: '2025-03-31T23:59:59',
      order_by: '-transaction_date',
      commission_status: 'pending',
      payment_status: 'pending',
      subid: 'a b',
    });
    expect(fake.requests[0]?.status).toBe(200);
  });

  it('Spec 4.2: defaults are explicit: ascending order, every status', () => {
    expect(parseSalesFilter(FULL)).toEqual({
      ...FULL,
      orderBy: 'transaction_date',
      commissionStatus: 'all',
      paymentStatus: 'all',
    });
  });

  it('Spec 4.2: a subid with spaces, &, #, +, % and non-ASCII survives the round trip to the server and back', async () => {
    for (const subid of SUBIDS) {
      fake.clearRequests();
      const refs: string[] = [];
      for await (const batch of walkSalesPages(connected.client, { ...FULL, subid }, { limit: 20 })) {
        for (const sale of batch.sales) {
          expect(sale.subid).toBe(subid);
          refs.push(sale.reference);
        }
      }
      const expected = fake.sales.filter((s) => s.subid === subid).map((s) => s.reference);
      expect(refs, subid).toEqual(expected);
      expect(expected).toHaveLength(50);
      for (const request of fake.requests) {
        expect(request.query.subid).toBe(subid);
        expect(request.rawQuery).not.toContain('+');
      }
    }
  });

  it('Spec 4.2: values are percent-encoded completely (space as %20, never +)', () => {
    expect(encodeQueryValue("a b&c#d+e=f ü!'()*")).toBe('a%20b%26c%23d%2Be%3Df%20%C3%BC%21%27%28%29%2A');
    const url = buildSalesUrl('https://h.test', parseSalesFilter({ ...FULL, subid: 'x y' }), { page: 1, limit: 10 });
    expect(url).toBe(
      'https://h.test/v1/report/sales?page=1&limit=10&start_date=2025-01-01T00%3A00%3A00&end_date=2026-01-31T23%3A59%3A59&order_by=transaction_date&commission_status=all&payment_status=all&subid=x%20y',
    );
  });
});
