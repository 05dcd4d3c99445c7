/**
 * How a row of the Changes list words a change: which field ("Commission", "Commission amount", "Payment date",
 * "Reported by the service", …) and its values — statuses as the grid shows them (an undocumented one verbatim),
 * amounts as money in the currency each value was in, dates as days, the "reported" words as they are — so
 * "Reported by the service: no longer reported → reported" reads as what happened (T5), and "Commission amount:
 * $30.00 → $3.00" says what a restatement took back (R2).
 */
import { CHANGE_FIELD_LABELS, isAmountChange, isStatusChange } from '../../../../shared/sale-changes';
import type { SaleChange } from '../../../../shared/sales-query-types';
import { formatDecimalMoney, formatIsoDay } from '../../common/format';
import { statusText } from '../../common/status-text';

/** What changed, as the row names it: "Commission", "Payment", "Commission amount", "Reported by the service", … */
export function changeFieldLabel(field: SaleChange['field']): string {
  return CHANGE_FIELD_LABELS[field];
}

/**
 * A value of a change as its badge reads it: statuses as the grid shows them, amounts in `currency` (the currency the
 * value was in), dates as days, currencies and "reported" words as they are.
 */
export function changeValueText(
  field: SaleChange['field'],
  value: string | null,
  currency: string | null = null,
): string {
  if (value === null || value === '') return 'none';
  if (isStatusChange(field)) return statusText(field === 'commissionStatus' ? 'commission' : 'payment', value);
  if (isAmountChange(field)) return formatDecimalMoney(value, currency);
  if (field === 'paymentDate' || field === 'transactionDate') return formatIsoDay(value);
  return value;
}

/** The flag of a change to a paid sale: "Restates paid period · 15 Sep 2026" (its payment date, when it had one). */
export function restatementText(change: Pick<SaleChange, 'restatement' | 'paidOn'>): string | null {
  if (!change.restatement) return null;
  return change.paidOn === null ? 'Restates paid period' : `Restates paid period · ${formatIsoDay(change.paidOn)}`;
}
