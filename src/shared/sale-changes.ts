/**
 * How a change of the change log is named, the same in the app's Changes list and the headless command's `changes`
 * (R2): which field changed, and an amount's value with the currency it was in.
 */
import type { SaleChange } from './sales-query-types';

/** What changed, as people read it: "Commission" (its status), "Commission amount", "Payment date", … */
export const CHANGE_FIELD_LABELS: Readonly<Record<SaleChange['field'], string>> = {
  commissionStatus: 'Commission',
  paymentStatus: 'Payment',
  reported: 'Reported by the service',
  commissionAmount: 'Commission amount',
  transactionAmount: 'Transaction amount',
  currency: 'Currency',
  paymentDate: 'Payment date',
  transactionDate: 'Transaction date',
};

/** True for a change of an amount, whose values carry their currencies. */
export function isAmountChange(field: SaleChange['field']): boolean {
  return field === 'commissionAmount' || field === 'transactionAmount';
}

/** True for a change of a status (commission or payment). */
export function isStatusChange(field: SaleChange['field']): boolean {
  return field === 'commissionStatus' || field === 'paymentStatus';
}
