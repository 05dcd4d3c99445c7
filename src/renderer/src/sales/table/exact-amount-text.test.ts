import { describe, expect, it } from 'vitest';
import type { CachedSale } from '../../../../shared/sales-query-types';
import { commissionText, transactionText } from './sales-columns';

function cached(overrides: Partial<CachedSale>): CachedSale {
  return {
    reference: 'S-1',
    commissionAmount: 0.005,
    currency: 'USD',
    commissionStatus: 'approved',
    transactionAmount: 12,
    category: null,
    transactionDate: '2026-01-15',
    paymentStatus: null,
    paymentDate: null,
    productSlug: null,
    productName: null,
    collectionSlug: null,
    collectionName: null,
    collectionUrl: null,
    subid: null,
    extra: {},
    notices: [],
    amountScale: 2,
    commissionMinor: 1,
    transactionMinor: 1200,
    firstSeen: '2026-02-01T00:00:00.000Z',
    lastChanged: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('amounts in the sales table and drawer', () => {
  it('T6: an amount finer than its currency shows exactly, not its rounded units', () => {
    expect(commissionText(cached({ commissionExact: '0.005' }))).toMatch(/0\.005/);
    expect(
      commissionText(
        cached({
          currency: 'JPY',
          amountScale: 0,
          commissionMinor: 13,
          commissionAmount: 12.5,
          commissionExact: '12.5',
        }),
      ),
    ).toMatch(/12\.5/);
    expect(transactionText(cached({ transactionExact: '123456789012345678901234.5' }))).toMatch(
      /123,456,789,012,345,678,901,234\.5/,
    );
  });

  it('T6: an ordinary amount shows from its units with the currency’s decimals', () => {
    expect(
      commissionText(cached({ currency: 'JPY', amountScale: 0, commissionMinor: 1200, commissionAmount: 1200 })),
    ).toMatch(/1,200(?!\.)/);
    expect(transactionText(cached({}))).toMatch(/12\.00/);
  });
});
