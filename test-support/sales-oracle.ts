/**
 * An independent, deliberately naive implementation of the cache's query semantics over plain {@link Sale} arrays,
 * for tests: filters, text search, sort order and integer-cent totals written without any of the cache's code.
 * Not used by the app.
 */
import Database from 'better-sqlite3';
import { createSaleReader } from '../src/core/cache';
import type { Sale } from '../src/shared/domain';
import type { SalesFilter, SaleSortColumn } from '../src/shared/sales-query';

/** Integer cents of a two-decimal amount, computed from its decimal text. */
export function cents(amount: number): number {
  const [whole = '0', fraction = ''] = Math.abs(amount).toFixed(2).split('.');
  const value = Number(whole) * 100 + Number(fraction);
  return amount < 0 ? -value : value;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().normalize('NFC');
}

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}\p{Co}_-]+/gu) ?? [];
}

/** True when every word of `text` is inside the sale's reference, product, collection or subid (case and accents aside). */
export function textMatches(sale: Sale, text: string): boolean {
  const haystack = [sale.reference, sale.productName, sale.collectionName, sale.subid].flatMap((field) =>
    field === null ? [] : [fold(field)],
  );
  return words(text).every((w) => haystack.some((field) => field.includes(fold(w))));
}

function inList(value: string | null, list: readonly (string | null)[] | undefined): boolean {
  return list === undefined || list.includes(value);
}

/** True when `sale` matches `filter`. */
export function oracleMatches(sale: Sale, filter: SalesFilter): boolean {
  const day = filter.dateBasis === 'payment' ? sale.paymentDate : sale.transactionDate;
  if ((filter.from !== undefined || filter.to !== undefined) && day === null) return false;
  if (filter.from !== undefined && (day as string) < filter.from) return false;
  if (filter.to !== undefined && (day as string) > filter.to) return false;
  return (
    inList(sale.commissionStatus, filter.commissionStatuses) &&
    inList(sale.paymentStatus ?? 'none', filter.paymentStatuses) &&
    inList(sale.currency, filter.currencies) &&
    inList(sale.category, filter.categories) &&
    inList(sale.subid, filter.subids) &&
    inList(sale.productSlug, filter.products) &&
    inList(sale.collectionSlug, filter.collections) &&
    (filter.text === undefined || words(filter.text).length === 0 || textMatches(sale, filter.text))
  );
}

type SortValue = string | number | null;

function sortValue(sale: Sale, column: SaleSortColumn): SortValue {
  switch (column) {
    case 'transactionDate':
      return sale.transactionDate;
    case 'paymentDate':
      return sale.paymentDate;
    case 'reference':
      return sale.reference;
    case 'commissionAmount':
      return sale.commissionAmount === null ? null : cents(sale.commissionAmount);
    case 'transactionAmount':
      return sale.transactionAmount === null ? null : cents(sale.transactionAmount);
    case 'commissionStatus':
      return sale.commissionStatus;
    case 'paymentStatus':
      return sale.paymentStatus;
    case 'currency':
      return sale.currency;
    case 'category':
      return sale.category;
    case 'subid':
      return sale.subid;
    case 'productName':
      return sale.productName;
    case 'collectionName':
      return sale.collectionName;
    case 'firstSeen':
    case 'lastChanged':
      return 0;
  }
}

function compare(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));
}

/** Amounts sort within their currency: currency codes first. */
function groupFirst(a: Sale, b: Sale, column: SaleSortColumn): number {
  return column === 'commissionAmount' || column === 'transactionAmount' ? compare(a.currency, b.currency) : 0;
}

/** References of `sales` (in stored order) sorted by `column` (amounts by currency first), ties in stored order; desc reverses all. */
export function oracleOrder(sales: readonly Sale[], column: SaleSortColumn, direction: 'asc' | 'desc'): string[] {
  const order = sales
    .map((sale, index) => ({ sale, index }))
    .sort(
      (x, y) =>
        groupFirst(x.sale, y.sale, column) ||
        compare(sortValue(x.sale, column), sortValue(y.sale, column)) ||
        x.index - y.index,
    )
    .map(({ sale }) => sale.reference);
  return direction === 'asc' ? order : order.reverse();
}

/**
 * References of the sales of `account` stored in the cache file at `path` that `filter` matches, in the order of
 * `column` and `direction`: every row read straight from the file in id order, then filtered and sorted by this
 * oracle, never by the cache's query engine. Sales the service no longer reports count only when the filter asks.
 */
export function storedOracleRefs(
  path: string,
  account: string,
  filter: SalesFilter,
  column: SaleSortColumn,
  direction: 'asc' | 'desc',
): string[] {
  const db = new Database(path, { readonly: true });
  try {
    const ids = db
      .prepare<[string, number], number>(
        'SELECT id FROM sales WHERE account_id = ? AND (unreported_at IS NULL OR ?) ORDER BY id',
      )
      .pluck()
      .all(account, filter.includeNoLongerReported === true ? 1 : 0);
    const sales = createSaleReader(db)(ids).filter((sale) => oracleMatches(sale, filter));
    return oracleOrder(sales, column, direction);
  } finally {
    db.close();
  }
}
