/**
 * Totals per currency, per currency × commission status and per currency × payment status over a filter, in one pass
 * over the selection. Never summed across currencies.
 */
import type { CommissionStatus, PaymentStatus } from '../../shared/domain';
import type { AccountView } from './browse-index';
import { addSale, groupTotals, toMoneyTotals } from './money-totals';
import type { SalesFilter } from './query-schema';
import type { SalesSummary } from './query-types';
import type { SaleColumns } from './sale-columns';

const COMMISSION_BY_CODE: readonly CommissionStatus[] = ['approved', 'declined', 'pending'];
const PAYMENT_BY_CODE: readonly (PaymentStatus | 'none')[] = ['none', 'paid', 'pending'];

function currencyOf(columns: SaleColumns, code: number): string {
  return columns.currencies.values[code] ?? '';
}

/** Rows ordered by currency code, then by status (the low bits of the key). */
export function byCurrencyThenKey<T extends { currency: string }>(rows: [number, T][]): T[] {
  return rows
    .sort(([ka, a], [kb, b]) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : ka - kb))
    .map(([, row]) => row);
}

/** The summary of `filter` (without `dataAsOf`, which the caller adds). */
export function summarize(view: AccountView, filter: SalesFilter): Omit<SalesSummary, 'dataAsOf'> {
  const { columns } = view;
  const { mask } = view.select(filter);
  const currency = groupTotals();
  const commission = groupTotals();
  const payment = groupTotals();
  for (let p = 0; p < columns.size; p++) {
    if (mask[p] !== 1) continue;
    const c = columns.currency[p] as number;
    addSale(currency.get(c), columns, p);
    addSale(commission.get(c * 4 + (columns.commissionStatus[p] as number)), columns, p);
    addSale(payment.get(c * 4 + (columns.paymentStatus[p] as number)), columns, p);
  }
  return {
    byCurrency: byCurrencyThenKey(currency.entries().map(([c, t]) => [c, toMoneyTotals(currencyOf(columns, c), t)])),
    byCommissionStatus: byCurrencyThenKey(
      commission.entries().map(([k, t]) => [k, { ...toMoneyTotals(currencyOf(columns, k >> 2), t), commissionStatus: COMMISSION_BY_CODE[k & 3] as CommissionStatus }]),
    ),
    byPaymentStatus: byCurrencyThenKey(
      payment.entries().map(([k, t]) => [k, { ...toMoneyTotals(currencyOf(columns, k >> 2), t), paymentStatus: PAYMENT_BY_CODE[k & 3] as PaymentStatus | 'none' }]),
    ),
  };
}
