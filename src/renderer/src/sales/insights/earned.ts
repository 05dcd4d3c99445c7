/** The headline figure of a summary: commission earned (approved + pending, A6), per currency. */
import { currencyDigits, decimalText } from '../../../../shared/money';
import type { SalesSummary } from '../../../../shared/sales-query-types';

/** A currency's commission earned in `summary`; zero in the currency's decimals when no sale of it is earned. */
export function earnedOf(summary: SalesSummary, currency: string): string {
  const earned = summary.earned.find((e) => e.currency === currency);
  return earned?.commission ?? decimalText({ units: 0n, scale: 0 }, currencyDigits(currency));
}
