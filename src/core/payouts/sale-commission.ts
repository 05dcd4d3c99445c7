import { currencyDigits, parseDecimal } from '../../shared/money';
import type { ExactSum } from '../../shared/money-sum';
import type { CachedSale } from '../../shared/sales-query-types';

/** Adds a sale's commission to `sum`; false when the sale has no readable commission. */
export function addCommission(sum: ExactSum, sale: CachedSale): boolean {
  if (sale.commissionExact !== undefined) {
    const exact = parseDecimal(sale.commissionExact);
    if (exact === null) return false;
    sum.add(exact);
    return true;
  }
  if (sale.commissionMinor === null) return false;
  if (sale.amountScale === currencyDigits(sale.currency)) sum.addUnits(sale.commissionMinor);
  else sum.add({ units: BigInt(sale.commissionMinor), scale: sale.amountScale });
  return true;
}
