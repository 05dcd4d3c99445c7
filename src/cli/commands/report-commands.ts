/**
 * `payouts` and `summary`: the month-end numbers from the cache, without the app — what was paid by payment date,
 * and the period's commission per currency and status. Plain tables by default, `--json` or `--csv` for scripts.
 * Amounts are exact decimal text in each currency's own decimals; currencies are never added together. They read the
 * cache only, so they need no network and no credentials.
 */
import { amountNoticeText } from '../../shared/amount-notices';
import { localIsoDay } from '../../shared/dates';
import { COMMISSION_COLUMNS, COMMISSION_COLUMN_LABELS } from '../../shared/commission-columns';
import { currencyDigits, decimalText } from '../../shared/money';
import type { Payout } from '../../shared/payouts';
import type { AmountsNeedingAttention, MoneyTotals, SalesSummary } from '../../shared/sales-query-types';
import { paymentHistoryWarnings, readPaymentHistory, readPayouts, type PaymentHistorySource } from '../../core/payouts';
import type { SalesReads } from '../../core/cache';
import { resolvePeriod, type CommandOptions, type Period } from '../cli-args';
import { cliSyncActions, resolveAccount, syncCommandFor } from '../cli-accounts';
import { noteSyncUnderWay } from '../sync-under-way';
import type { CliContext } from '../cli-context';
import { count, type CliIo } from '../cli-io';
import { printRows, shapeOf } from '../cli-table';

/**
 * The cache's reads now, or as of `asOf` (B1) with that moment as "now": a payment dated after it is scheduled, not
 * paid, as a report made then said.
 */
function readsOf(
  context: CliContext,
  asOf: string | undefined,
): { reads: SalesReads & PaymentHistorySource; today: string; now: Date } {
  const cache = context.cache();
  if (asOf === undefined) return { reads: cache, today: context.today(), now: context.now() };
  const reads = cache.asOf(asOf);
  const now = new Date(reads.at);
  return { reads, today: localIsoDay(now), now };
}

/** Runs `payouts`: one row per payment date and currency, sorted by date then currency. */
export async function payoutsCommand(
  context: CliContext,
  options: CommandOptions<'payouts'>,
  io: CliIo,
): Promise<void> {
  const shape = shapeOf(options, 'payouts');
  const account = resolveAccount(context, options.account);
  const period = resolvePeriod(options, context.today(), 'payouts');
  noteSyncUnderWay(context.cache(), account, io);
  const { reads: cache, today, now } = readsOf(context, options['as-of']);
  const { payouts, paidWithoutDate } = readPayouts(cache, account.cacheKey, period, today);
  // Said before the rows, so a reader of a log sees that the total below may be short (R8).
  const history = readPaymentHistory(cache, account.cacheKey, period, now);
  const actions = cliSyncActions(syncCommandFor(account, io.program));
  for (const warning of paymentHistoryWarnings(history, actions)) io.stderr(`Warning: ${warning}\n`);
  if (shape === 'table' && payouts.length === 0)
    io.stdout(`No payouts from ${period.from} to ${period.to} in the cache of ${account.label}.\n`);
  else {
    const rows = payouts.map((p: Payout) => ({
      paymentDate: p.paymentDate,
      currency: p.currency,
      sales: p.sales,
      amount: p.amount,
      // A payment dated after today is announced, not received (A8).
      state: p.scheduled ? 'scheduled' : 'paid',
    }));
    printRows(
      io,
      shape,
      rows,
      ['Payment date', 'Currency', 'Sales', 'Amount', 'State'],
      ['paymentDate', 'currency', 'sales', 'amount', 'state'],
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

/**
 * The period's totals per currency: sales, commission earned (approved + pending, the app's headline figure: A6),
 * commission of every status, its commission columns (which add up to it: R7), and paid.
 */
function summaryRows(summary: SalesSummary): Record<string, string | number>[] {
  return summary.byCurrency.map((total) => ({
    currency: total.currency,
    sales: total.count,
    earned: amountOf(summary.earned, total.currency, () => true),
    commission: total.commission,
    ...Object.fromEntries(
      COMMISSION_COLUMNS.map((column) => [
        column,
        amountOf(summary.byCommissionColumn, total.currency, (e) => e.column === column),
      ]),
    ),
    paid: amountOf(summary.byPaymentStatus, total.currency, (e) => e.paymentStatus === 'paid'),
  }));
}

/**
 * The sales in no commission total because their amount is missing or unreadable (R7), on stderr so the table and
 * the JSON stay what scripts read: each by reference, day and currency with what the service sent.
 */
function printAttention(io: CliIo, attention: AmountsNeedingAttention): void {
  if (attention.count === 0) return;
  io.stderr(
    `Needs attention: ${count(attention.count)} sales have a commission amount that is missing or could not be read, so they are in no total above:\n`,
  );
  for (const sale of attention.sales)
    io.stderr(`  ${sale.reference}  ${sale.transactionDate}  ${sale.currency}  ${amountNoticeText(sale)}\n`);
  const more = attention.count - attention.sales.length;
  if (more > 0) io.stderr(`  … and ${count(more)} more: the app's sales screen lists them all.\n`);
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
  noteSyncUnderWay(context.cache(), account, io);
  const { reads } = readsOf(context, options['as-of']);
  const summary = reads.summary(account.cacheKey, { from: period.from, to: period.to });
  const rows = summaryRows(summary);
  if (shape === 'table' && rows.length === 0) {
    io.stdout(`No sales from ${period.from} to ${period.to} in the cache of ${account.label}.\n`);
    return;
  }
  const keys = ['currency', 'sales', 'earned', 'commission', ...COMMISSION_COLUMNS, 'paid'];
  const header = [
    'Currency',
    'Sales',
    'Earned',
    'All statuses',
    ...COMMISSION_COLUMNS.map((c) => COMMISSION_COLUMN_LABELS[c]),
    'Paid',
  ];
  printRows(io, shape, rows, header, keys, [1, 2, 3, 4, 5, 6, 7, 8]);
  printAttention(io, summary.needingAttention);
}
