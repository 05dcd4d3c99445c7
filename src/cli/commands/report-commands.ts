/**
 * `payouts` and `summary`: the month-end numbers from the cache, without the app — what was paid by payment date,
 * and the period's commission per currency and status. Plain tables by default, `--json` or `--csv` for scripts.
 * Amounts are exact decimal text in each currency's own decimals; currencies are never added together. They read the
 * cache only, so they need no network and no credentials.
 */
import { currencyDigits, decimalText } from '../../shared/money';
import type { Payout } from '../../shared/payouts';
import type { MoneyTotals, SalesSummary } from '../../shared/sales-query-types';
import { readPayouts } from '../../core/payouts';
import { resolvePeriod, type CommandOptions, type Period } from '../cli-args';
import { resolveAccount } from '../cli-accounts';
import type { CliContext } from '../cli-context';
import { count, type CliIo } from '../cli-io';
import { printRows, shapeOf } from '../cli-table';

/** Runs `payouts`: one row per payment date and currency, sorted by date then currency. */
export async function payoutsCommand(
  context: CliContext,
  options: CommandOptions<'payouts'>,
  io: CliIo,
): Promise<void> {
  const shape = shapeOf(options, 'payouts');
  const account = resolveAccount(context, options.account);
  const period = resolvePeriod(options, context.today(), 'payouts');
  const { payouts, paidWithoutDate } = readPayouts(context.cache(), account.cacheKey, period);
  if (shape === 'table' && payouts.length === 0)
    io.stdout(`No payouts from ${period.from} to ${period.to} in the cache of ${account.label}.\n`);
  else {
    const rows = payouts.map((p: Payout) => ({
      paymentDate: p.paymentDate,
      currency: p.currency,
      sales: p.sales,
      amount: p.amount,
    }));
    printRows(
      io,
      shape,
      rows,
      ['Payment date', 'Currency', 'Sales', 'Amount'],
      ['paymentDate', 'currency', 'sales', 'amount'],
      [2, 3],
    );
  }
  if (paidWithoutDate > 0) {
    io.stderr(
      `Note: ${count(paidWithoutDate)} sales of this period are marked paid without a payment date, so they are in no payout.\n`,
    );
  }
}

const zero = (currency: string): string => decimalText({ units: 0n, scale: 0 }, currencyDigits(currency));

/** The commission of `currency`'s entry that `matches`, or zero in the currency's decimals. */
function amountOf<T extends MoneyTotals>(
  entries: readonly T[],
  currency: string,
  matches: (entry: T) => boolean,
): string {
  return entries.find((e) => e.currency === currency && matches(e))?.commission ?? zero(currency);
}

/** The period's totals per currency: sales, commission, by commission status, and paid. */
function summaryRows(summary: SalesSummary): Record<string, string | number>[] {
  return summary.byCurrency.map((total) => ({
    currency: total.currency,
    sales: total.count,
    commission: total.commission,
    approved: amountOf(summary.byCommissionStatus, total.currency, (e) => e.commissionStatus === 'approved'),
    pending: amountOf(summary.byCommissionStatus, total.currency, (e) => e.commissionStatus === 'pending'),
    declined: amountOf(summary.byCommissionStatus, total.currency, (e) => e.commissionStatus === 'declined'),
    paid: amountOf(summary.byPaymentStatus, total.currency, (e) => e.paymentStatus === 'paid'),
  }));
}

/** Runs `summary`: the commission of the sales made in the period, per currency. */
export async function summaryCommand(
  context: CliContext,
  options: CommandOptions<'summary'>,
  io: CliIo,
): Promise<void> {
  const shape = shapeOf(options, 'summary');
  const account = resolveAccount(context, options.account);
  const period: Period = resolvePeriod(options, context.today(), 'summary');
  const rows = summaryRows(context.cache().summary(account.cacheKey, { from: period.from, to: period.to }));
  if (shape === 'table' && rows.length === 0) {
    io.stdout(`No sales from ${period.from} to ${period.to} in the cache of ${account.label}.\n`);
    return;
  }
  const keys = ['currency', 'sales', 'commission', 'approved', 'pending', 'declined', 'paid'];
  printRows(
    io,
    shape,
    rows,
    ['Currency', 'Sales', 'Commission', 'Approved', 'Pending', 'Declined', 'Paid'],
    keys,
    [1, 2, 3, 4, 5, 6],
  );
}
