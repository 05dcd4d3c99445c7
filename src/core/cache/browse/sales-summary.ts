/**
 * Totals per currency, per currency × commission status and per currency × payment status over a filter, in one pass
 * over the selection that adds each sale once, to its currency × commission status × payment status cell; the three
 * groupings are then summed from those few cells. Never summed across currencies.
 */
import type { CommissionStatus, PaymentStatus } from '../../../shared/domain';
import type { AccountView } from './browse-index';
import { addGroup, addSale, groupSums, toMoneyTotals, usedGroups, type GroupSums } from './money-totals';
import type { SalesFilter } from '../../../shared/sales-query';
import type { MoneyTotals, SalesSummary } from '../../../shared/sales-query-types';
import type { SaleColumns } from './column-store';

const COMMISSION_BY_CODE: readonly CommissionStatus[] = ['approved', 'declined', 'pending'];
const PAYMENT_BY_CODE: readonly (PaymentStatus | 'none')[] = ['none', 'paid', 'pending'];

/** Totals of every used group `currency * 4 + status`, ordered by currency code and then status. */
function rows<T>(columns: SaleColumns, sums: GroupSums, extra: (status: number) => T): (MoneyTotals & T)[] {
  return usedGroups(sums)
    .map((group) => ({ ...toMoneyTotals(sums, group, columns.currencies.values[group >> 2] ?? ''), ...extra(group & 3) }))
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

/** The summary of `filter` (without `dataAsOf`, which the caller adds). */
export function summarize(view: AccountView, filter: SalesFilter): Omit<SalesSummary, 'dataAsOf'> {
  const { columns } = view;
  const { mask } = view.select(filter);
  const currencies = columns.currencies.values.length;
  // Cell of a sale: currency * 16 + commission status * 4 + payment status (each status code is below 4).
  const cells = groupSums(currencies * 16);
  for (let p = 0; p < columns.size; p++) {
    if (mask[p] !== 1) continue;
    const cell = (columns.currency[p] as number) * 16 + (columns.commissionStatus[p] as number) * 4 + (columns.paymentStatus[p] as number);
    addSale(cells, cell, columns, p);
  }
  const groups = currencies * 4;
  const [currency, commission, payment] = [groupSums(groups), groupSums(groups), groupSums(groups)];
  for (const cell of usedGroups(cells)) {
    const c = (cell >> 4) * 4;
    addGroup(currency, c, cells, cell);
    addGroup(commission, c + ((cell >> 2) & 3), cells, cell);
    addGroup(payment, c + (cell & 3), cells, cell);
  }
  return {
    byCurrency: rows(columns, currency, () => ({})),
    byCommissionStatus: rows(columns, commission, (s) => ({ commissionStatus: COMMISSION_BY_CODE[s] as CommissionStatus })),
    byPaymentStatus: rows(columns, payment, (s) => ({ paymentStatus: PAYMENT_BY_CODE[s] as PaymentStatus | 'none' })),
  };
}
