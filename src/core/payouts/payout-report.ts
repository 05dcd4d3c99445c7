/**
 * Builds a {@link PayoutReport} from the cache: payouts from the paid sales whose payment date falls in the period
 * (streamed, each sum exact), owed and pending from the cached totals, and the observed delay from sale to payment.
 * Reads only the cache, so it works offline.
 */
import { addDays, localIsoDay, type DayRange } from '../../shared/dates';
import { currencyDigits, decimalText, parseDecimal } from '../../shared/money';
import { ExactSum } from '../../shared/money-sum';
import type { LedgerSplit } from '../../shared/ledger';
import type { OpenAmount, OverdueSales, PaymentDelay, Payout, PayoutReport } from '../../shared/payouts';
import type { CachedSale, MoneyTotals, SalesSummary } from '../../shared/sales-query-types';
import type { SalesFilter, SalesSelection } from '../../shared/sales-query';
import type { SalesCache } from '../cache';
import { overdueSales, readAging } from './aging';
import { addCommission } from './sale-commission';
import { paymentHistoryWarnings, readPaymentHistory, type PaymentHistorySource } from './payment-history';

/** The cache reads a payout report needs (a subset of the sales cache, so tests and callers can narrow it). */
export interface PayoutSource extends PaymentHistorySource {
  iterateSales(account: string, query: SalesSelection): Iterable<CachedSale>;
  summary(account: string, filter: SalesFilter): SalesSummary;
}

const BY_TRANSACTION_DATE = { column: 'transactionDate', direction: 'asc' } as const;

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Payouts of the paid sales whose payment date lies in `range`, sorted by date then currency. A payment dated after
 * `today` is scheduled: listed, never counted as received before its day. With `split`, each payout is cut into one
 * per category or collection of its sales, for a ledger that books them apart.
 */
export function readPayouts(
  source: PayoutSource,
  account: string,
  range: DayRange,
  today: string,
  split?: LedgerSplit,
): { payouts: Payout[]; paidWithoutDate: number } {
  const groups = new Map<
    string,
    { paymentDate: string; currency: string; part: string | null; sales: number; sum: ExactSum }
  >();
  const filter: SalesFilter = { from: range.from, to: range.to, dateBasis: 'payment', paymentStatuses: ['paid'] };
  for (const sale of source.iterateSales(account, { filter, sort: BY_TRANSACTION_DATE })) {
    if (sale.paymentDate === null) continue;
    const part = split === undefined ? null : ((split === 'category' ? sale.category : sale.collectionName) ?? '');
    const key = `${sale.paymentDate} ${sale.currency} ${part ?? ''}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        paymentDate: sale.paymentDate,
        currency: sale.currency,
        part,
        sales: 0,
        sum: new ExactSum(currencyDigits(sale.currency)),
      };
      groups.set(key, group);
    }
    group.sales += 1;
    addCommission(group.sum, sale);
  }
  const payouts = [...groups.values()]
    .map(({ paymentDate, currency, part, sales, sum }) => ({
      paymentDate,
      currency,
      sales,
      amount: decimalText(sum.total(), currencyDigits(currency)),
      scheduled: paymentDate > today,
      ...(part === null ? {} : { part }),
    }))
    .sort(
      (a, b) =>
        compareText(a.paymentDate, b.paymentDate) ||
        compareText(a.currency, b.currency) ||
        compareText(a.part ?? '', b.part ?? ''),
    );
  return { payouts, paidWithoutDate: countPaidWithoutDate(source, account, range) };
}

/**
 * Paid sales without a payment date cannot be placed on a day; they are counted when their sale date lies in the
 * period, so the user knows the payouts may be missing them.
 */
function countPaidWithoutDate(source: PayoutSource, account: string, range: DayRange): number {
  let count = 0;
  const filter: SalesFilter = { from: range.from, to: range.to, paymentStatuses: ['paid'] };
  for (const sale of source.iterateSales(account, { filter, sort: BY_TRANSACTION_DATE }))
    if (sale.paymentDate === null) count += 1;
  return count;
}

/** Sums of several totals of one currency each, per currency, sorted by currency. */
function perCurrency(totals: readonly Pick<MoneyTotals, 'currency' | 'count' | 'commission'>[]): OpenAmount[] {
  const sums = new Map<string, { sales: number; sum: ExactSum }>();
  for (const total of totals) {
    if (total.count === 0) continue;
    let entry = sums.get(total.currency);
    if (entry === undefined)
      sums.set(total.currency, (entry = { sales: 0, sum: new ExactSum(currencyDigits(total.currency)) }));
    entry.sales += total.count;
    const amount = parseDecimal(total.commission);
    if (amount !== null) entry.sum.add(amount);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, { sales, sum }]) => ({
      currency,
      sales,
      amount: decimalText(sum.total(), currencyDigits(currency)),
    }));
}

/** Payouts received (those dated up to today) added up per currency; `scheduled` adds up the ones still to come. */
export function sumPayouts(payouts: readonly Payout[], scheduled = false): OpenAmount[] {
  return perCurrency(
    payouts
      .filter((p) => p.scheduled === scheduled)
      .map((p) => ({ currency: p.currency, count: p.sales, commission: p.amount })),
  );
}

/** Approved and not paid (payment pending, none, or a status the spec does not list), per currency. */
export function readOwed(source: PayoutSource, account: string): OpenAmount[] {
  const summary = source.summary(account, { commissionStatuses: ['approved'] });
  return perCurrency(summary.byPaymentStatus.filter((entry) => entry.paymentStatus !== 'paid'));
}

/** Commission still pending, per currency. */
export function readPending(source: PayoutSource, account: string): OpenAmount[] {
  return perCurrency(source.summary(account, { commissionStatuses: ['pending'] }).byCurrency);
}

const DAY_MS = 86_400_000;

function daysFromTo(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The value at fraction `q` of sorted `values` (nearest rank). */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

/** The observed delay from sale to payment over every paid sale with both dates; null when there is none. */
export function readPaymentDelay(source: PayoutSource, account: string): PaymentDelay | null {
  const days: number[] = [];
  const filter: SalesFilter = { paymentStatuses: ['paid'] };
  for (const sale of source.iterateSales(account, { filter, sort: BY_TRANSACTION_DATE })) {
    if (sale.paymentDate !== null) days.push(daysFromTo(sale.transactionDate, sale.paymentDate));
  }
  if (days.length === 0) return null;
  days.sort((a, b) => a - b);
  return {
    paidSales: days.length,
    medianDays: quantile(days, 0.5),
    fromDays: quantile(days, 0.25),
    toDays: quantile(days, 0.75),
  };
}

/** The whole report for the Payouts view and the payout statement, as of `now`. */
export function readPayoutReport(source: PayoutSource, account: string, range: DayRange, now: Date): PayoutReport {
  const asOf = localIsoDay(now);
  const { payouts, paidWithoutDate } = readPayouts(source, account, range, asOf);
  const history = readPaymentHistory(source, account, range, now);
  return {
    history,
    warnings: paymentHistoryWarnings(history, { syncDays: () => 'use "Sync these days" below', syncNow: 'sync' }),
    aging: readAging(source, account, asOf),
    range,
    payouts,
    paid: sumPayouts(payouts),
    scheduled: sumPayouts(payouts, true),
    paidWithoutDate,
    asOf,
    moment: null,
    owed: readOwed(source, account),
    pending: readPending(source, account),
    delay: readPaymentDelay(source, account),
  };
}

/** The days an owed sale of `saleDay` may be paid in, from the observed delay: a hint, never a promise. */
export function expectedPaymentWindow(saleDay: string, delay: PaymentDelay): DayRange {
  return { from: addDays(saleDay, delay.fromDays), to: addDays(saleDay, delay.toDays) };
}

/** Payout reports over the open session's cache; each throws NOT_SIGNED_IN when no account is open. */
export interface PayoutReader {
  /** The report of `range`, as of `range.asOf` when given (B1): the sales then, with that moment as "now". */
  report(range: DayRange & { asOf?: string }): PayoutReport;
  /** The sales behind the aging's over-90-days bucket, today or as of a past moment. */
  overdue(query: { asOf?: string }): OverdueSales;
}

/** How many overdue sales a list shows; the claim file holds them all. */
const OVERDUE_LIST_LIMIT = 500;

function listOverdue(source: PayoutSource, account: string, day: string): OverdueSales {
  const sales: CachedSale[] = [];
  let total = 0;
  for (const sale of overdueSales(source, account, day)) {
    total += 1;
    if (sales.length < OVERDUE_LIST_LIMIT) sales.push(sale);
  }
  return { asOf: day, total, sales };
}

/** Builds the reader over the cache and the open session's cache key. */
export function createPayoutReader(
  source: () => PayoutSource & Pick<SalesCache, 'asOf'>,
  account: () => string,
  now: () => Date = () => new Date(),
): PayoutReader {
  return {
    report: ({ from, to, asOf }) => {
      if (asOf === undefined) return readPayoutReport(source(), account(), { from, to }, now());
      const reads = source().asOf(asOf);
      return { ...readPayoutReport(reads, account(), { from, to }, new Date(reads.at)), moment: reads.at };
    },
    overdue: ({ asOf }) => {
      if (asOf === undefined) return listOverdue(source(), account(), localIsoDay(now()));
      const reads = source().asOf(asOf);
      return listOverdue(reads, account(), localIsoDay(new Date(reads.at)));
    },
  };
}
