/**
 * What one sale adds to each line of the bridge of a period (B3). With no month closed, everything is as the cache
 * knows it now. A sale is receivable on a day when it was made on or before that day, its commission is not
 * declined (a status the spec does not list counts as not declined) and it was not paid on or before that day; a
 * sale paid without a payment date counts as paid on every day, as in aging. The lines:
 * - earned: the commission of the sales made in the period, whatever their status;
 * - received: the commission of the sales paid with a payment date in the period;
 * - reductions: what leaves the receivable other than by a payment: the declined sales made in the period, and the
 *   sales made in the period that were paid before it or without a payment date (earned, never owed); less what was
 *   received in the period without being owed: payments of declined sales, and payments dated before their sale
 *   when the sale is after the period.
 * So opening + earned − reductions − received = closing holds for each sale, hence exactly for every sum.
 */
import { addDays, type DayRange } from '../../shared/dates';
import type { Sale } from '../../shared/domain';

type BridgeSale = Pick<Sale, 'transactionDate' | 'commissionStatus' | 'paymentStatus' | 'paymentDate'>;

/** Each line as a multiple of the sale's commission: 0 or 1 (reductions also −1). */
export interface SaleBridge {
  opening: number;
  earned: number;
  reductions: number;
  received: number;
  closing: number;
}

/** Whether `sale` was paid on or before `day`, as known now. */
function paidBy(sale: BridgeSale, day: string): boolean {
  return sale.paymentStatus === 'paid' && (sale.paymentDate === null || sale.paymentDate <= day);
}

/** Whether `sale` is receivable on `day` (see the file comment). */
export function receivableOn(sale: BridgeSale, day: string): boolean {
  return sale.transactionDate <= day && sale.commissionStatus !== 'declined' && !paidBy(sale, day);
}

/** How `sale` enters the bridge of `range`. */
export function saleBridge(sale: BridgeSale, range: DayRange): SaleBridge {
  const made = sale.transactionDate >= range.from && sale.transactionDate <= range.to;
  const declined = sale.commissionStatus === 'declined';
  const received =
    sale.paymentStatus === 'paid' &&
    sale.paymentDate !== null &&
    sale.paymentDate >= range.from &&
    sale.paymentDate <= range.to;
  const earnedNeverOwed = made && !declined && paidBy(sale, addDays(range.from, -1));
  const receivedNotOwed = received && (declined || sale.transactionDate > range.to);
  return {
    opening: receivableOn(sale, addDays(range.from, -1)) ? 1 : 0,
    earned: made ? 1 : 0,
    reductions: (made && declined ? 1 : 0) + (earnedNeverOwed ? 1 : 0) - (receivedNotOwed ? 1 : 0),
    received: received ? 1 : 0,
    closing: receivableOn(sale, range.to) ? 1 : 0,
  };
}
