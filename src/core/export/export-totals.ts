/**
 * The Summary sheet's numbers, gathered while the rows stream past (so no row is kept): per currency × commission
 * status, per currency × payment status and per currency × month × commission status. Sums are exact integer units
 * of the currency; a group that holds an amount the cache could not keep exactly falls back to the plain sum of the
 * numbers written, which is what the sheet's SUMIFS computes. Currencies are never added together (TESTPLAN E4).
 */
import type { CommissionStatus } from '../../shared/domain';
import type { CachedSale } from '../../shared/sales-query-types';
import { fromMinor } from '../cache';
import { NO_PAYMENT_STATUS } from './export-cells';

/** Count and sums of one group of sales of one currency. */
export interface GroupTotals {
  count: number;
  /** Sales in the group that have a transaction amount. */
  transactionCount: number;
  commission: number;
  transaction: number;
}

interface Sums {
  count: number;
  transactionCount: number;
  commissionMinor: number;
  transactionMinor: number;
  commissionFloat: number;
  transactionFloat: number;
  commissionExact: boolean;
  transactionExact: boolean;
}

const EMPTY: GroupTotals = { count: 0, transactionCount: 0, commission: 0, transaction: 0 };

/** Commission statuses in the order the Summary lists them. */
export const SUMMARY_COMMISSION_STATUSES: readonly CommissionStatus[] = ['approved', 'pending', 'declined'];

/** Payment statuses in the order the Summary lists them (`none`: the service sent none). */
export const SUMMARY_PAYMENT_STATUSES: readonly string[] = ['paid', 'pending', NO_PAYMENT_STATUS];

/** Accumulates the totals of an export, one sale at a time. */
export class ExportTotals {
  private readonly groups = new Map<string, Sums>();
  private readonly scales = new Map<string, number>();
  private readonly months = new Map<string, Set<string>>();

  /** Adds a sale; `basisDay` is the day the date range applies to (transaction or payment date), if any. */
  add(sale: CachedSale, basisDay: string | null): void {
    const { currency, commissionStatus } = sale;
    this.scales.set(currency, sale.amountScale);
    const month = basisDay === null ? '' : basisDay.slice(0, 7);
    let months = this.months.get(currency);
    if (!months) this.months.set(currency, (months = new Set()));
    months.add(month);
    this.addTo(`${currency}|c|${commissionStatus}`, sale);
    this.addTo(`${currency}|m|${month}|${commissionStatus}`, sale);
    if (commissionStatus !== 'declined') {
      this.addTo(`${currency}|c|earnable`, sale);
      this.addTo(`${currency}|p|${sale.paymentStatus ?? NO_PAYMENT_STATUS}`, sale);
      this.addTo(`${currency}|m|${month}|earnable`, sale);
    }
  }

  /** Currencies seen, sorted. */
  currencies(): string[] {
    return [...this.scales.keys()].sort();
  }

  /** Months (`yyyy-mm`, or '' for sales without a date on the basis) seen in `currency`, sorted. */
  monthsOf(currency: string): string[] {
    return [...(this.months.get(currency) ?? [])].sort();
  }

  /** Totals of `currency` × commission status; `earnable` is every status but declined. */
  byCommission(currency: string, status: CommissionStatus | 'earnable'): GroupTotals {
    return this.totals(currency, `${currency}|c|${status}`);
  }

  /** Totals of `currency` × payment status, declined sales left out. */
  byPayment(currency: string, status: string): GroupTotals {
    return this.totals(currency, `${currency}|p|${status}`);
  }

  /** Totals of `currency` × month × commission status (`earnable`: all but declined). */
  byMonth(currency: string, month: string, status: CommissionStatus | 'earnable'): GroupTotals {
    return this.totals(currency, `${currency}|m|${month}|${status}`);
  }

  private addTo(key: string, sale: CachedSale): void {
    let sums = this.groups.get(key);
    if (!sums) {
      sums = {
        count: 0,
        transactionCount: 0,
        commissionMinor: 0,
        transactionMinor: 0,
        commissionFloat: 0,
        transactionFloat: 0,
        commissionExact: true,
        transactionExact: true,
      };
      this.groups.set(key, sums);
    }
    const scale = sale.amountScale;
    sums.count += 1;
    sums.commissionMinor += sale.commissionMinor;
    sums.commissionFloat += sale.commissionAmount;
    sums.commissionExact &&= fromMinor(sale.commissionMinor, scale) === sale.commissionAmount;
    if (sale.transactionMinor !== null && sale.transactionAmount !== null) {
      sums.transactionCount += 1;
      sums.transactionMinor += sale.transactionMinor;
      sums.transactionFloat += sale.transactionAmount;
      sums.transactionExact &&= fromMinor(sale.transactionMinor, scale) === sale.transactionAmount;
    }
  }

  private totals(currency: string, key: string): GroupTotals {
    const sums = this.groups.get(key);
    if (!sums) return EMPTY;
    const scale = this.scales.get(currency) ?? 2;
    return {
      count: sums.count,
      transactionCount: sums.transactionCount,
      commission: sums.commissionExact ? fromMinor(sums.commissionMinor, scale) : sums.commissionFloat,
      transaction: sums.transactionExact ? fromMinor(sums.transactionMinor, scale) : sums.transactionFloat,
    };
  }
}
