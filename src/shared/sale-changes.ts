/**
 * How a change of the change log is named, the same in the app's Changes list and the headless command's `changes`
 * (R2): which field changed, and an amount's value with the currency it was in; and how a sync's counts of them are
 * worded, the same in the app's "Sync finished" and the command's result line.
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

/** What a sync changed on stored sales, by kind (R2). */
export interface ChangeCounts {
  /** Commission or payment statuses. */
  statusChanges: number;
  /** Commission or transaction amounts. */
  amountChanges: number;
  currencyChanges: number;
  /** Payment or transaction dates. */
  dateChanges: number;
  /** Sales that were paid and changed: each restates a paid period. */
  restatements: number;
}

/** Counts of a run or a page before anything changed. */
export const NO_CHANGES: Readonly<ChangeCounts> = {
  statusChanges: 0,
  amountChanges: 0,
  currencyChanges: 0,
  dateChanges: 0,
  restatements: 0,
};

/** The money counts worth naming (those above zero), each as [count, singular, plural]: "2 amount changes", … */
export function moneyChangeCounts(counts: ChangeCounts): [number, string, string][] {
  const all: [number, string, string][] = [
    [counts.amountChanges, 'amount change', 'amount changes'],
    [counts.currencyChanges, 'currency change', 'currency changes'],
    [counts.dateChanges, 'date change', 'date changes'],
    [counts.restatements, 'restated paid sale', 'restated paid sales'],
  ];
  return all.filter(([n]) => n > 0);
}
