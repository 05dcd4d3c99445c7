import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../../shared/domain';
import { parseSaleRecord } from '../../../shared/wire-schemas';
import { openCache } from '../file';
import type { SalesCache } from '../sales-cache';
import { tempFolder } from '../../../../test-support/cache-kit';

const ACCOUNT = 'exact';
let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

function sale(reference: string, currency: string, commission: unknown, status = 'approved'): Sale {
  const parsed = parseSaleRecord({
    reference,
    currency,
    commission_amount: commission,
    commission_status: status,
    transaction_date: '15-01-2026',
    subid: 'one',
  });
  if (!parsed.ok) throw new Error(parsed.warning.reason);
  return parsed.sale;
}

beforeAll(() => {
  folder = tempFolder('exact-totals');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite') }).cache;
  cache.storePage(
    ACCOUNT,
    [
      // Three plain amounts whose cents add up past 2^53, where a double sum would round the last cent away.
      sale('BIG-1', 'USD', '40000000000000.01'),
      sale('BIG-2', 'USD', '40000000000000.01'),
      sale('BIG-3', 'USD', '40000000000000.01'),
      sale('FINE-1', 'EUR', '0.001'),
      sale('FINE-2', 'EUR', '0.004'),
      sale('PLAIN-1', 'EUR', '1.10'),
      sale('HUGE-1', 'EUR', '123456789012345678901234.56'),
      sale('NONE-1', 'EUR', null, 'pending'),
    ],
    '2026-02-01T08:00:00Z',
  );
});

afterAll(() => {
  cache.close();
  folder.remove();
});

describe('exact totals in the browse index', () => {
  it('T6: sums past 2^53 units stay exact to the cent', () => {
    const usd = cache.summary(ACCOUNT, { currencies: ['USD'] }).byCurrency[0];
    expect(usd).toMatchObject({ count: 3, commission: '120000000000000.03' });
    expect(BigInt(3 * 4000000000000001)).not.toBe(12000000000000003n);
  });

  it('T6: sub-cent and absurd amounts are added exactly at their own scale, never rounded; a sale without an amount is counted but adds nothing', () => {
    const eur = cache.summary(ACCOUNT, { currencies: ['EUR'] });
    expect(eur.byCurrency[0]).toMatchObject({ count: 5, commission: '123456789012345678901235.665' });
    expect(eur.byCommissionStatus.find((t) => t.commissionStatus === 'pending')).toMatchObject({
      count: 1,
      commission: '0.00',
    });
    const small = cache.summary(ACCOUNT, { currencies: ['EUR'], text: 'FINE' }).byCurrency[0];
    expect(small).toMatchObject({ count: 2, commission: '0.005', commissionMinor: 1 });
    expect(cache.series(ACCOUNT, { filter: { currencies: ['EUR'] }, interval: 'month' })[0]).toMatchObject({
      commission: '123456789012345678901235.665',
    });
    expect(
      cache.topEntries(ACCOUNT, { dimension: 'subid', filter: { currencies: ['USD'] }, limit: 1 })[0],
    ).toMatchObject({ commission: '120000000000000.03' });
  });

  it('T6: amounts sort by value within and across currencies, sub-cent and missing ones included', () => {
    const rows = cache.salesPage(ACCOUNT, {
      filter: { currencies: ['EUR'] },
      sort: { column: 'commissionAmount', direction: 'asc' },
      offset: 0,
      limit: 10,
    }).rows;
    expect(rows.map((r) => r.reference)).toEqual(['NONE-1', 'FINE-1', 'FINE-2', 'PLAIN-1', 'HUGE-1']);
    const streamed = [
      ...cache.iterateSales(ACCOUNT, {
        filter: { currencies: ['EUR'] },
        sort: { column: 'commissionAmount', direction: 'asc' },
      }),
    ];
    expect(streamed.map((r) => r.reference)).toEqual(rows.map((r) => r.reference));
  });
});
