/**
 * How a row of the Changes list words a change: which field ("Commission", "Payment", "Reported by the service")
 * and its values, statuses as the grid shows them (an undocumented one verbatim) and the "reported" words as they
 * are — so "Reported by the service: no longer reported → reported" reads as what happened (T5).
 */
import type { SaleChange } from '../../../../shared/sales-query-types';
import { statusText } from '../../common/status-text';

/** What changed, as the row names it: "Commission", "Payment", or "Reported by the service". */
export function changeFieldLabel(field: SaleChange['field']): string {
  switch (field) {
    case 'commissionStatus':
      return 'Commission';
    case 'paymentStatus':
      return 'Payment';
    case 'reported':
      return 'Reported by the service';
  }
}

/** A value of a change as its badge reads it: statuses as the grid shows them, "reported" words as they are. */
export function changeValueText(field: SaleChange['field'], value: string | null): string {
  if (value === null || value === '') return 'none';
  if (field === 'reported') return value;
  return statusText(field === 'commissionStatus' ? 'commission' : 'payment', value);
}
