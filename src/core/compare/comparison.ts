/**
 * Compares a period with the one before from the cache: every sale of both periods (by transaction date) streamed
 * once, grouped per currency and per breakdown key with exact sums. A report reads at most two periods, so streaming
 * is fast enough and needs no index of its own.
 */
import {
  addDecimals,
  currencyDigits,
  decimalText,
  decimalToNumber,
  parseDecimal,
  type ExactDecimal,
} from '../../shared/money';
import { EARNED_STATUSES } from '../../shared/commission-columns';
import { ExactSum } from '../../shared/money-sum';
import {
  comparedPeriods,
  type BreakdownDimension,
  type BreakdownLine,
  type ComparedAmounts,
  type CompareQuery,
  type Comparison,
} from '../../shared/compare';
import type { CachedSale } from '../../shared/sales-query-types';
import type { SalesSelection } from '../../shared/sales-query';

// The periods are defined beside the query (the sales totals use them too); re-exported for the core's callers.
export { comparedPeriods } from '../../shared/compare';

/** The cache read a comparison needs. */
export interface CompareSource {
  iterateSales(account: string, query: SalesSelection): Iterable<CachedSale>;
}

function keyOf(sale: CachedSale, dimension: BreakdownDimension): { key: string | null; label: string | null } {
  switch (dimension) {
    case 'category':
      return { key: sale.category, label: sale.category };
    case 'subid':
      return { key: sale.subid, label: sale.subid };
    case 'product':
      return { key: sale.productSlug, label: sale.productName ?? sale.productSlug };
    case 'collection':
      return { key: sale.collectionSlug, label: sale.collectionName ?? sale.collectionSlug };
  }
}

function commissionOf(sale: CachedSale): ExactDecimal | null {
  if (sale.commissionExact !== undefined) return parseDecimal(sale.commissionExact);
  return sale.commissionMinor === null ? null : { units: BigInt(sale.commissionMinor), scale: sale.amountScale };
}

/** Running counts and sums of one group in both periods. */
class Pair {
  sales = [0, 0];
  readonly sums: [ExactSum, ExactSum];
  label: string | null = null;
  constructor(
    readonly currency: string,
    readonly key: string | null,
  ) {
    const digits = currencyDigits(currency);
    this.sums = [new ExactSum(digits), new ExactSum(digits)];
  }
  add(which: 0 | 1, sale: CachedSale): void {
    this.sales[which] = (this.sales[which] as number) + 1;
    const amount = commissionOf(sale);
    if (amount !== null) this.sums[which].add(amount);
  }
  amounts(): ComparedAmounts {
    const digits = currencyDigits(this.currency);
    const [now, before] = [this.sums[0].total(), this.sums[1].total()];
    return {
      currency: this.currency,
      sales: this.sales[0] as number,
      amount: decimalText(now, digits),
      previousSales: this.sales[1] as number,
      previousAmount: decimalText(before, digits),
      change: decimalText(addDecimals(now, { units: -before.units, scale: before.scale }), digits),
    };
  }
}

function pairOf(groups: Map<string, Pair>, currency: string, key: string | null): Pair {
  const id = `${currency}\u0000${key ?? '\u0001'}`;
  let pair = groups.get(id);
  if (pair === undefined) groups.set(id, (pair = new Pair(currency, key)));
  return pair;
}

function byCurrencyThenKey(
  a: { currency: string; key?: string | null },
  b: { currency: string; key?: string | null },
): number {
  if (a.currency !== b.currency) return a.currency < b.currency ? -1 : 1;
  return (a.key ?? '') < (b.key ?? '') ? -1 : (a.key ?? '') > (b.key ?? '') ? 1 : 0;
}

/** The comparison of `query`'s period with the one before, for the sales of `account`. */
export function readComparison(source: CompareSource, account: string, query: CompareQuery): Comparison {
  const { period, previous } = comparedPeriods(query.unit, query.from);
  const totals = new Map<string, Pair>();
  const lines = new Map<string, Pair>();
  const sort = { column: 'transactionDate', direction: 'asc' } as const;
  ([period, previous] as const).forEach((range, which) => {
    // Commission earned only (A6): the headline figure everywhere, declined and other statuses apart.
    const filter = { from: range.from, to: range.to, commissionStatuses: [...EARNED_STATUSES] };
    for (const sale of source.iterateSales(account, { filter, sort })) {
      pairOf(totals, sale.currency, null).add(which as 0 | 1, sale);
      const { key, label } = keyOf(sale, query.dimension);
      const line = pairOf(lines, sale.currency, key);
      line.add(which as 0 | 1, sale);
      if (which === 0 || line.label === null) line.label = label;
    }
  });
  const totalOf = new Map([...totals.values()].map((pair) => [pair.currency, decimalToNumber(pair.sums[0].total())]));
  return {
    period,
    previous,
    totals: [...totals.values()].map((pair) => pair.amounts()).sort(byCurrencyThenKey),
    lines: [...lines.values()]
      .map((pair): BreakdownLine => {
        const amounts = pair.amounts();
        const total = totalOf.get(pair.currency) ?? 0;
        return {
          ...amounts,
          key: pair.key,
          label: pair.label,
          share: total === 0 ? null : decimalToNumber(pair.sums[0].total()) / total,
        };
      })
      .sort(byCurrencyThenKey),
  };
}

/** Comparisons over the open session's cache. */
export interface CompareReader {
  compare(query: CompareQuery): Comparison;
}

/** Builds the reader over the cache and the open session's cache key. */
export function createCompareReader(source: () => CompareSource, account: () => string): CompareReader {
  return { compare: (query) => readComparison(source(), account(), query) };
}
