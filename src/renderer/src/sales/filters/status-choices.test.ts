import { describe, expect, it } from 'vitest';
import type { MoneyTotals, SalesSummary } from '../../../../shared/sales-query-types';
import { statusOptions } from './status-choices';

function totals(currency: string, count: number): MoneyTotals {
  return {
    currency,
    scale: 2,
    count,
    commissionMinor: 0,
    commission: '0.00',
    transactionMinor: 0,
    transaction: '0.00',
    transactionMissing: 0,
  };
}

const SUMMARY: SalesSummary = {
  byCurrency: [totals('EUR', 10), totals('USD', 5)],
  byCommissionColumn: [],
  earned: [],
  needingAttention: { count: 0, sales: [] },
  byCommissionStatus: [
    { ...totals('EUR', 6), commissionStatus: 'approved' },
    { ...totals('EUR', 3), commissionStatus: 'on_hold' },
    { ...totals('USD', 2), commissionStatus: 'on_hold' },
    { ...totals('USD', 3), commissionStatus: 'Approved' },
    { ...totals('EUR', 1), commissionStatus: null },
  ],
  byPaymentStatus: [
    { ...totals('EUR', 8), paymentStatus: 'none' },
    { ...totals('EUR', 2), paymentStatus: 'processing' },
    { ...totals('USD', 5), paymentStatus: 'paid' },
  ],
  dataAsOf: null,
};

describe('status filter choices', () => {
  it('T8: lists the statuses the service sent beyond the spec’s, verbatim, marked, with their sales across currencies', () => {
    expect(statusOptions('commission', SUMMARY, 'all')).toEqual([
      { value: 'all', label: 'All', count: null },
      { value: 'approved', label: 'Approved', count: 6 },
      { value: 'pending', label: 'Pending', count: null },
      { value: 'declined', label: 'Declined', count: null },
      { value: 'Approved', label: 'Approved (not a documented status)', count: 3 },
      { value: 'on_hold', label: 'on_hold (not a documented status)', count: 5 },
    ]);
    expect(statusOptions('payment', SUMMARY, 'all').map((o) => o.label)).toEqual([
      'All',
      'Paid',
      'Pending',
      'processing (not a documented status)',
    ]);
  });

  it('offers the spec’s statuses while the totals load, and keeps the current choice selectable', () => {
    expect(statusOptions('payment', null, 'failed')).toEqual([
      { value: 'all', label: 'All', count: null },
      { value: 'paid', label: 'Paid', count: null },
      { value: 'pending', label: 'Pending', count: null },
      { value: 'failed', label: 'failed (not a documented status)', count: null },
    ]);
  });
});
