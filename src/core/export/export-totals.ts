/**
 * The Summary sheet's numbers, gathered while the rows stream past (so no row is kept): per currency × commission
 * status, per currency × payment status and per currency × month × commission status. Sums are exact (T6):
 * integer units of the currency, and any amount finer than the currency added exactly at its own scale, so 100,000
 * sales of 0.005 USD total exactly 500.000. Each group also records the finest scale among its amounts: the sheet's
 * SUMIFS rounds its float sum to that many decimals, which gives back exactly this total in any spreadsheet.
 * Currencies are never added together (E4).
 *
 * Statuses are open values: a commission status the spec does not list (`reversed`, `on_hold`) is a group of its own
 * and is counted neither as earned nor as pending, since nobody said what it means.
 */
import { commissionColumnOf, isEarnedColumn, type CommissionColumn } from '../../shared/commission-columns';
import { currencyDigits, type ExactDecimal } from '../../shared/money';
import { ExactSum } from '../../shared/money-sum';
import type { CachedSale } from '../../shared/sales-query-types';
import { NO_COMMISSION_STATUS, NO_PAYMENT_STATUS, exactAmount } from './export-cells';

/** Count and exact sums of one group of sales of one currency. */
export interface GroupTotals {
  count: number;
  /** Sales in the group that have a transaction amount. */
  transactionCount: number;
  commission: ExactDecimal;
  transaction: ExactDecimal;
  /** Decimals to round a float sum of the group's commissions to, to get `commission` exactly. */
  commissionScale: number;
  /** As `commissionScale`, for `transaction`. */
  transactionScale: number;
}

/** Columns of a month row: the commission columns (`commission-columns.ts`), and approved + pending. */
export type MonthBucket = CommissionColumn | 'earnable';

/** Commission statuses in the order the Summary lists them, before any status the spec does not list. */
export const SUMMARY_COMMISSION_STATUSES: readonly string[] = ['approved', 'pending', 'declined'];

/** Payment statuses in the order the Summary lists them (`none`: the service sent none), before any other. */
export const SUMMARY_PAYMENT_STATUSES: readonly string[] = ['paid', 'pending', NO_PAYMENT_STATUS];

class Sums {
  count = 0;
  transactionCount = 0;
  readonly commission: ExactSum;
  readonly transaction: ExactSum;

  constructor(scale: number) {
    this.commission = new ExactSum(scale);
    this.transaction = new ExactSum(scale);
  }
}

function addAmount(sum: ExactSum, minor: number | null, exactText: string | undefined, scale: number): boolean {
  if (exactText === undefined) {
    if (minor === null) return false;
    sum.addUnits(minor);
    return true;
  }
  const exact = exactAmount(minor, exactText, scale);
  if (exact !== null) sum.add(exact);
  return exact !== null;
}

/** Separates the parts of a group key; free text (a status) always comes last, so two groups never share a key. */
const SEP = '\u0000';

const EMPTY: GroupTotals = {
  count: 0,
  transactionCount: 0,
  commission: { units: 0n, scale: 0 },
  transaction: { units: 0n, scale: 0 },
  commissionScale: 0,
  transactionScale: 0,
};

/** The commission status as the Sales sheet writes it. */
export function statusCell(sale: CachedSale): string {
  return sale.commissionStatus ?? NO_COMMISSION_STATUS;
}

function order(listed: readonly string[]): (a: string, b: string) => number {
  const rank = (s: string): number => (listed.includes(s) ? listed.indexOf(s) : listed.length);
  return (a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Accumulates the totals of an export, one sale at a time. */
export class ExportTotals {
  private readonly groups = new Map<string, Sums>();
  private readonly months = new Map<string, Set<string>>();
  private readonly statuses = new Map<string, Set<string>>();
  private readonly payments = new Map<string, Set<string>>();

  /**
   * The groups a sale adds to, by currency, basis day, payment status (null when the sale is not earnable) and
   * commission status, found once per such combination: an export has a few thousand of them, and a million sales.
   * Nested maps, so finding them builds no key.
   */
  private readonly routes = new Map<string, Map<string | null, Map<string | null, Map<string, Sums[]>>>>();

  /** Adds a sale; `basisDay` is the day the date range applies to (transaction or payment date), if any. */
  add(sale: CachedSale, basisDay: string | null): void {
    const status = statusCell(sale);
    const earned = isEarnedColumn(commissionColumnOf(sale.commissionStatus));
    const payment = earned ? (sale.paymentStatus ?? NO_PAYMENT_STATUS) : null;
    const byStatus = this.routesOf(sale.currency, basisDay, payment);
    const groups =
      byStatus.get(status) ??
      this.addRoute(byStatus, sale, status, basisDay === null ? '' : basisDay.slice(0, 7), payment);
    for (const sums of groups) this.addSale(sums, sale);
  }

  private routesOf(currency: string, basisDay: string | null, payment: string | null): Map<string, Sums[]> {
    let byDay = this.routes.get(currency);
    if (byDay === undefined) this.routes.set(currency, (byDay = new Map()));
    let byPayment = byDay.get(basisDay);
    if (byPayment === undefined) byDay.set(basisDay, (byPayment = new Map()));
    let byStatus = byPayment.get(payment);
    if (byStatus === undefined) byPayment.set(payment, (byStatus = new Map()));
    return byStatus;
  }

  private addRoute(
    byStatus: Map<string, Sums[]>,
    sale: CachedSale,
    status: string,
    month: string,
    payment: string | null,
  ): Sums[] {
    const { currency } = sale;
    this.remember(this.months, currency, month);
    this.remember(this.statuses, currency, status);
    const keys = [
      `s${SEP}${currency}${SEP}${status}`,
      `m${SEP}${currency}${SEP}${month}${SEP}${commissionColumnOf(sale.commissionStatus)}`,
    ];
    if (payment !== null) {
      this.remember(this.payments, currency, payment);
      keys.push(
        `e${SEP}${currency}`,
        `p${SEP}${currency}${SEP}${payment}`,
        `m${SEP}${currency}${SEP}${month}${SEP}earnable`,
      );
    }
    const groups = keys.map((key) => this.group(key, sale));
    byStatus.set(status, groups);
    return groups;
  }

  /** Currencies seen, sorted. */
  currencies(): string[] {
    return [...this.statuses.keys()].sort();
  }

  /** Months (`yyyy-mm`, or '' for sales without a date on the basis) seen in `currency`, sorted. */
  monthsOf(currency: string): string[] {
    return [...(this.months.get(currency) ?? [])].sort();
  }

  /** Commission statuses seen in `currency` as the Sales sheet writes them: the spec's first, then the others by name. */
  statusesOf(currency: string): string[] {
    return [...(this.statuses.get(currency) ?? [])].sort(order(SUMMARY_COMMISSION_STATUSES));
  }

  /** Payment statuses of the approved and pending sales of `currency`, in Summary order. */
  paymentStatusesOf(currency: string): string[] {
    return [...(this.payments.get(currency) ?? [])].sort(order(SUMMARY_PAYMENT_STATUSES));
  }

  /** True when some sale of the export has a commission status the spec does not list (or none). */
  hasOtherStatuses(): boolean {
    return [...this.statuses.values()].some((set) => [...set].some((s) => !SUMMARY_COMMISSION_STATUSES.includes(s)));
  }

  /** Totals of `currency` × commission status (as the Sales sheet writes it). */
  byStatus(currency: string, status: string): GroupTotals {
    return this.totals(currency, `s${SEP}${currency}${SEP}${status}`);
  }

  /** Totals of the approved and pending sales of `currency`. */
  earnable(currency: string): GroupTotals {
    return this.totals(currency, `e${SEP}${currency}`);
  }

  /** Totals of the approved and pending sales of `currency` × payment status. */
  byPayment(currency: string, status: string): GroupTotals {
    return this.totals(currency, `p${SEP}${currency}${SEP}${status}`);
  }

  /** Totals of `currency` × month × one column of the month rows. */
  byMonth(currency: string, month: string, bucket: MonthBucket): GroupTotals {
    return this.totals(currency, `m${SEP}${currency}${SEP}${month}${SEP}${bucket}`);
  }

  private remember(map: Map<string, Set<string>>, currency: string, value: string): void {
    let set = map.get(currency);
    if (!set) map.set(currency, (set = new Set()));
    set.add(value);
  }

  /** Keys are kind, currency (3 letters) and values joined by NUL, with any free text last, so no two groups share one. */
  private group(key: string, sale: CachedSale): Sums {
    let sums = this.groups.get(key);
    if (!sums) this.groups.set(key, (sums = new Sums(sale.amountScale)));
    return sums;
  }

  private addSale(sums: Sums, sale: CachedSale): void {
    sums.count += 1;
    addAmount(sums.commission, sale.commissionMinor, sale.commissionExact, sale.amountScale);
    if (addAmount(sums.transaction, sale.transactionMinor, sale.transactionExact, sale.amountScale))
      sums.transactionCount += 1;
  }

  private totals(currency: string, key: string): GroupTotals {
    const sums = this.groups.get(key);
    if (!sums)
      return { ...EMPTY, commissionScale: currencyDigits(currency), transactionScale: currencyDigits(currency) };
    return {
      count: sums.count,
      transactionCount: sums.transactionCount,
      commission: sums.commission.total(),
      transaction: sums.transaction.total(),
      commissionScale: sums.commission.finestScale,
      transactionScale: sums.transaction.finestScale,
    };
  }
}
