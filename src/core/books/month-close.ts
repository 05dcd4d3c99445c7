/**
 * Closing a month (B2): its figures per currency as the cache knows them at the close — sales made in it, commission
 * earned, declined, received (by payment date) and receivable at its end, the bridge's own rules — recorded so they
 * stay as they were whatever the service reports later.
 */
import type { ClosedMonth, ClosedMonthFigures } from '../../shared/closed-month';
import { localIsoDay } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { monthRange } from '../../shared/export-presets';
import { currencyDigits, decimalText } from '../../shared/money';
import { ExactSum } from '../../shared/money-sum';
import type { ClosedMonthStore } from '../cache';
import { addCommission } from '../payouts';
import { readBridge, type BridgeSource } from './bridge';

/** Count and declined commission of the month's sales, per currency. */
function madeInMonth(source: BridgeSource, account: string, range: { from: string; to: string }) {
  const byCurrency = new Map<string, { sales: number; declined: ExactSum }>();
  const sort = { column: 'transactionDate', direction: 'asc' } as const;
  for (const sale of source.iterateSales(account, { filter: range, sort })) {
    let entry = byCurrency.get(sale.currency);
    if (entry === undefined)
      byCurrency.set(sale.currency, (entry = { sales: 0, declined: new ExactSum(currencyDigits(sale.currency)) }));
    entry.sales += 1;
    if (sale.commissionStatus === 'declined') addCommission(entry.declined, sale);
  }
  return byCurrency;
}

/** The figures `month` (`YYYY-MM`) has now, one entry per currency, sorted by currency. */
function monthFigures(source: BridgeSource, account: string, month: string): ClosedMonthFigures[] {
  const range = monthRange(month);
  if (range === null) throw new AppError('INVALID_INPUT', `Not a month: ${month} (expected YYYY-MM).`);
  const made = madeInMonth(source, account, range);
  return readBridge(source, account, range).map((row) => {
    const entry = made.get(row.currency);
    const digits = currencyDigits(row.currency);
    return {
      currency: row.currency,
      sales: entry?.sales ?? 0,
      earned: row.earned,
      declined:
        entry === undefined
          ? decimalText({ units: 0n, scale: digits }, digits)
          : decimalText(entry.declined.total(), digits),
      received: row.received,
      receivable: row.closing,
    };
  });
}

/** Closes `month` of `account` at `at` with the figures it has now. */
export function closeMonth(
  cache: BridgeSource & ClosedMonthStore,
  account: string,
  month: string,
  at: Date,
): ClosedMonth {
  const range = monthRange(month);
  // A month still running has no figures to hand over yet; closing it would record half a month.
  if (range !== null && range.to >= localIsoDay(at))
    throw new AppError(
      'INVALID_INPUT',
      `${month} has not ended yet: a month can be closed from the day after its last day.`,
    );
  return cache.closeMonth(account, month, monthFigures(cache, account, month), at);
}
