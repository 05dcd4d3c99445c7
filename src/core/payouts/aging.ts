/**
 * How long what is owed has waited (B4): commission approved and not paid ("owed") and commission still pending, per
 * currency, in buckets of days from the sale to a day (today by default). Statuses are as the cache knows them now;
 * a sale paid after the as-of day counts as owed on it. Amounts are exact, each currency in its own decimals.
 */
import { currencyDigits, decimalText } from '../../shared/money';
import { AGING_BUCKETS, type AgingBucket, type AgingRow } from '../../shared/payouts';
import { ExactSum } from '../../shared/money-sum';
import type { CachedSale } from '../../shared/sales-query-types';
import type { SalesFilter, SalesSelection } from '../../shared/sales-query';
import { addCommission } from './sale-commission';

export { AGING_BUCKETS, type AgingBucket, type AgingRow };

const DAY_MS = 86_400_000;

/** The bucket of a sale of `saleDay` seen on `asOf`, or null for a sale made after it. */
export function agingBucket(saleDay: string, asOf: string): AgingBucket | null {
  const days = Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${saleDay}T00:00:00Z`)) / DAY_MS);
  if (days < 0) return null;
  return days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+';
}

/** Whether `sale` was owed (approved, not paid yet) or pending on `asOf`, or neither. */
function openKind(sale: CachedSale, asOf: string): 'owed' | 'pending' | null {
  if (sale.commissionStatus === 'pending') return 'pending';
  if (sale.commissionStatus !== 'approved') return null;
  const paid = sale.paymentStatus === 'paid' && (sale.paymentDate === null || sale.paymentDate <= asOf);
  return paid ? null : 'owed';
}

/** The cache read aging needs. */
export interface AgingSource {
  iterateSales(account: string, query: SalesSelection): Iterable<CachedSale>;
}

interface Tally {
  owedSales: number;
  owed: ExactSum;
  pendingSales: number;
  pending: ExactSum;
}

/** The sales that could be open on `asOf`: made on or before it, approved or pending (as known now). */
function agingFilter(asOf: string): SalesFilter {
  return { to: asOf, commissionStatuses: ['approved', 'pending'] };
}

/** The sales owed or pending on `asOf` that have waited more than 90 days, oldest first: what a claim is about. */
export function* overdueSales(source: AgingSource, account: string, asOf: string): Generator<CachedSale> {
  for (const sale of openSalesOn(source, account, asOf)) if (sale.bucket === '90+') yield sale.sale;
}

/** The sales owed or pending on `asOf`, with their kind and bucket, oldest first. */
function* openSalesOn(
  source: AgingSource,
  account: string,
  asOf: string,
): Generator<{ sale: CachedSale; kind: 'owed' | 'pending'; bucket: AgingBucket }> {
  const sort = { column: 'transactionDate', direction: 'asc' } as const;
  for (const sale of source.iterateSales(account, { filter: agingFilter(asOf), sort })) {
    const kind = openKind(sale, asOf);
    const bucket = agingBucket(sale.transactionDate, asOf);
    if (kind !== null && bucket !== null) yield { sale, kind, bucket };
  }
}

/** The aging of `account`'s open commission on `asOf`: every bucket of every currency with an open sale. */
export function readAging(source: AgingSource, account: string, asOf: string): AgingRow[] {
  const tallies = new Map<string, Tally>();
  for (const { sale, kind, bucket } of openSalesOn(source, account, asOf)) {
    const key = `${sale.currency} ${bucket}`;
    let tally = tallies.get(key);
    if (tally === undefined) {
      const digits = currencyDigits(sale.currency);
      tally = { owedSales: 0, owed: new ExactSum(digits), pendingSales: 0, pending: new ExactSum(digits) };
      tallies.set(key, tally);
    }
    if (kind === 'owed' && addCommission(tally.owed, sale)) tally.owedSales += 1;
    if (kind === 'pending' && addCommission(tally.pending, sale)) tally.pendingSales += 1;
  }
  const currencies = [...new Set([...tallies.keys()].map((key) => key.split(' ')[0] as string))].sort();
  return currencies.flatMap((currency) =>
    AGING_BUCKETS.map((bucket) => {
      const tally = tallies.get(`${currency} ${bucket}`);
      const digits = currencyDigits(currency);
      const text = (sum: ExactSum | undefined) => decimalText(sum?.total() ?? { units: 0n, scale: 0 }, digits);
      return {
        currency,
        bucket,
        owedSales: tally?.owedSales ?? 0,
        owed: text(tally?.owed),
        pendingSales: tally?.pendingSales ?? 0,
        pending: text(tally?.pending),
      };
    }),
  );
}
