/**
 * Adjustments (B2): changes the change log saw, after a month was closed, to a sale made in that month. Each gives
 * its effect on the month's net commission (earned less declined) per currency: an amount change adds the new amount
 * and takes the old (each in its own currency); a decline takes the commission, an
 * un-decline gives it back; a sale no longer reported takes its commission, reported again gives it back. A status
 * or date change that leaves the net commission alone (approved, paid, a payment date) has no effect but is listed.
 * Commission of a status change is the sale's commission as known now.
 */
import type { Adjustment, ClosedMonth } from '../../shared/closed-month';
import { addDecimals, currencyDigits, decimalText, parseDecimal, type ExactDecimal } from '../../shared/money';
import type { SaleChange } from '../../shared/sales-query-types';
import type { ClosedMonthStore } from '../cache';

/** The reads adjustments need. */
export interface AdjustmentSource extends Pick<ClosedMonthStore, 'closedMonths'> {
  changesSince(account: string, query: unknown): SaleChange[];
}

const NO_LONGER = 'no longer reported';
const LIMIT = 10_000;

function negate(value: ExactDecimal): ExactDecimal {
  return { units: -value.units, scale: value.scale };
}

function moneyEffect(currency: string | null, value: string | null, sign: 1 | -1) {
  const parsed = value === null ? null : parseDecimal(value);
  if (currency === null || parsed === null) return [];
  return [{ currency, value: sign === 1 ? parsed : negate(parsed) }];
}

/** The effect of `change` on its month's net commission, as signed amounts per currency. */
function effectOf(change: SaleChange): { currency: string; value: ExactDecimal }[] {
  switch (change.field) {
    case 'commissionAmount':
      return [
        ...moneyEffect(change.oldCurrency, change.oldValue, -1),
        ...moneyEffect(change.newCurrency, change.newValue, 1),
      ];
    case 'commissionStatus':
      if (change.oldValue !== 'declined' && change.newValue === 'declined')
        return moneyEffect(change.currency, change.commission, -1);
      if (change.oldValue === 'declined' && change.newValue !== 'declined')
        return moneyEffect(change.currency, change.commission, 1);
      return [];
    case 'reported':
      return moneyEffect(change.currency, change.commission, change.newValue === NO_LONGER ? -1 : 1);
    default:
      return [];
  }
}

/** Sums signed amounts per currency into decimal text in each currency's decimals. */
function perCurrency(parts: { currency: string; value: ExactDecimal }[]): Adjustment['effect'] {
  const sums = new Map<string, ExactDecimal>();
  for (const { currency, value } of parts)
    sums.set(currency, addDecimals(sums.get(currency) ?? { units: 0n, scale: 0 }, value));
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, value]) => ({ currency, commission: decimalText(value, currencyDigits(currency)) }));
}

function closedMonthOf(change: SaleChange, closed: readonly ClosedMonth[]): ClosedMonth | undefined {
  const day = change.field === 'transactionDate' ? change.oldValue : change.transactionDate;
  if (day === null) return undefined;
  const month = closed.find((candidate) => day.startsWith(candidate.month));
  return month !== undefined && change.changedAt > month.closedAt ? month : undefined;
}

/** Every adjustment of `account`'s closed months, oldest first. */
export function readAdjustments(source: AdjustmentSource, account: string): Adjustment[] {
  const closed = source.closedMonths(account);
  if (closed.length === 0) return [];
  const since = closed.map((month) => month.closedAt).sort()[0] as string;
  return source.changesSince(account, { since, limit: LIMIT }).flatMap((change) => {
    const month = closedMonthOf(change, closed);
    if (month === undefined) return [];
    return [
      {
        month: month.month,
        reference: change.reference,
        field: change.field,
        before: change.oldValue,
        after: change.newValue,
        seenAt: change.changedAt,
        effect: perCurrency(effectOf(change)),
      },
    ];
  });
}
