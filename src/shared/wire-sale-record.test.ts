import { describe, expect, it } from 'vitest';
import type { Sale } from './domain';
import { isKnownCommissionStatus, isKnownPaymentStatus } from './domain';
import { parseSaleRecord } from './wire-sale-record';
import { parseSalesPage } from './wire-schemas';

const BASE = {
  reference: 'S-1',
  commission_amount: 2.5,
  currency: 'USD',
  commission_status: 'approved',
  transaction_amount: 50,
  category: 'coupon',
  transaction_date: '15-01-2026',
  payment_status: 'pending',
};

function kept(record: unknown): Sale {
  const result = parseSaleRecord(record);
  if (!result.ok) throw new Error(result.warning.reason);
  return result.sale;
}

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { level: value };
  return value;
}

describe('parseSaleRecord', () => {
  it('T8: an ordinary record has no notices and no exact text', () => {
    const sale = kept(BASE);
    expect(sale).toMatchObject({ commissionAmount: 2.5, commissionStatus: 'approved', transactionDate: '2026-01-15' });
    expect(sale.notices).toBeUndefined();
    expect(sale.commissionExact).toBeUndefined();
  });

  it('T8: statuses the spec does not list are kept verbatim, and the helpers tell them apart', () => {
    const sale = kept({ ...BASE, commission_status: 'Approved', payment_status: 'processing' });
    expect(sale.commissionStatus).toBe('Approved');
    expect(isKnownCommissionStatus(sale.commissionStatus)).toBe(false);
    expect(isKnownCommissionStatus('approved')).toBe(true);
    expect(isKnownPaymentStatus(sale.paymentStatus)).toBe(false);
    expect(sale.notices?.map((n) => [n.kind, n.field])).toEqual([
      ['unlisted-value', 'commission_status'],
      ['unlisted-value', 'payment_status'],
    ]);
    expect(sale.notices?.[0]?.message).toContain('"Approved"');
  });

  it('T8: a sale without commission status, amount or currency is kept with what can be read', () => {
    const sale = kept({ reference: 'S-2', transaction_date: '15-01-2026' });
    expect(sale).toMatchObject({
      commissionStatus: null,
      commissionAmount: null,
      currency: 'XXX',
      transactionAmount: null,
      paymentStatus: null,
    });
    expect(sale.notices?.map((n) => n.field).sort()).toEqual(['commission_amount', 'commission_status', 'currency']);
  });

  it('T8: the correct spelling wins; the misspelled key is used when the correct one holds nothing', () => {
    expect(kept({ ...BASE, transaction_date: null, transaction_dete: '16-01-2026' }).transactionDate).toBe(
      '2026-01-16',
    );
    expect(kept({ ...BASE, payment_status: 'paid', payment_date: '', payment_dete: '01-02-2026' }).paymentDate).toBe(
      '2026-02-01',
    );
    const both = kept({ ...BASE, transaction_dete: '16-01-2026' });
    expect(both.transactionDate).toBe('2026-01-15');
    expect(both.extra).toEqual({ transaction_dete: '16-01-2026' });
    expect(kept({ ...BASE, transaction_dete: '15-01-2026' }).notices).toBeUndefined();
  });

  it('T8: amounts finer than the currency or too long for a number keep their exact text and are flagged', () => {
    expect(kept({ ...BASE, currency: 'JPY', commission_amount: 12.5 })).toMatchObject({
      commissionAmount: 12.5,
      commissionExact: '12.5',
    });
    expect(kept({ ...BASE, currency: 'KWD', commission_amount: 1.125 }).commissionExact).toBeUndefined();
    const long = kept({ ...BASE, transaction_amount: '98765432109876543210.5' });
    expect(long.transactionExact).toBe('98765432109876543210.5');
    expect(long.notices?.map((n) => n.kind)).toEqual(['absurd-amount']);
    expect(kept({ ...BASE, commission_amount: -1e12 }).notices?.map((n) => n.kind)).toEqual(['absurd-amount']);
    expect(kept({ ...BASE, commission_amount: 999_999_999_999.99 }).notices).toBeUndefined();
  });

  it(`T8: a field nested thousands of levels deep is left out with a notice; a wide one too; the record is kept`, () => {
    const sale = kept({
      ...BASE,
      blob: deep(5_000),
      wide: Array.from({ length: 20_000 }, (_, i) => i),
      fine: { a: [1, 2] },
    });
    expect(sale.extra).toEqual({ fine: { a: [1, 2] } });
    expect(sale.notices?.map((n) => [n.kind, n.field])).toEqual([
      ['too-deep', 'blob'],
      ['too-deep', 'wide'],
    ]);
  });

  it('T8: a record without a reference or a usable transaction date is a warning that says what is missing', () => {
    const noReference = parseSaleRecord({ ...BASE, reference: '   ' });
    expect(noReference).toEqual({
      ok: false,
      warning: { reference: null, reason: expect.stringContaining('no usable reference') },
    });
    expect(parseSaleRecord({ ...BASE, reference: 'x'.repeat(501) }).ok).toBe(false);
    const noDate = parseSaleRecord({ ...BASE, transaction_date: 'yesterday' });
    expect(noDate).toEqual({
      ok: false,
      warning: { reference: 'S-1', reason: expect.stringMatching(/transaction date \(sent "yesterday"\)/) },
    });
    expect(parseSaleRecord({ ...BASE, transaction_date: undefined })).toMatchObject({
      warning: { reason: expect.stringContaining('none was sent') },
    });
    expect(parseSaleRecord([BASE])).toMatchObject({
      ok: false,
      warning: { reason: expect.stringContaining('not an object') },
    });
  });

  it('keeps a "__proto__" field out of the sale and the prototype untouched', () => {
    const sale = kept(JSON.parse(JSON.stringify(BASE).replace('{', '{"__proto__":{"polluted":true},')));
    expect(Object.keys(sale.extra)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseSalesPage', () => {
  it('T8: one unreadable record never costs the page: the others are kept and the warning is counted', () => {
    const page = parseSalesPage({
      data: [BASE, { ...BASE, reference: 'S-2', blob: deep(5_000) }, 'corrupted', { ...BASE, reference: 'S-3' }],
      next_page: null,
    });
    expect(page.sales.map((s) => s.reference)).toEqual(['S-1', 'S-2', 'S-3']);
    expect(page.warnings).toHaveLength(1);
    expect(page.rawCount).toBe(4);
  });
});
