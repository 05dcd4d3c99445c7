/** The headline figure of a summary: commission earned (approved + pending, A6), per currency. */
import type { SalesSummary } from '../../../../shared/sales-query-types';

/** A currency's commission earned in `summary`; "0" when no sale of that currency is approved or pending. */
export function earnedOf(summary: SalesSummary, currency: string): string {
  return summary.earned.find((e) => e.currency === currency)?.commission ?? '0';
}
