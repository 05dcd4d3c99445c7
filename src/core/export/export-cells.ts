/**
 * What each export column holds for one sale, as typed values independent of the file format: the xlsx and CSV
 * writers read the same cells, so both formats always agree on what a column means. Amounts carry their exact
 * integer units next to the number, so CSV can print them exactly and the Summary can add them without float drift.
 */
import type { ExportColumnId } from '../../shared/export-columns';
import type { CachedSale } from '../../shared/sales-query-types';
import { formatAmount, fromMinor } from '../cache';

/** An amount: the number as the service sent it, and its exact integer units at `scale` when they agree. */
export interface AmountCell {
  type: 'amount';
  value: number;
  minor: number;
  scale: number;
  currency: string;
  /** False when the service sent more decimals than the cache keeps; `value` is then the service's own number. */
  exact: boolean;
}

/** One cell of an export; null is an empty cell. */
export type ExportCell =
  null | { type: 'text'; text: string } | { type: 'link'; text: string } | { type: 'date'; day: string } | { type: 'datetime'; iso: string } | AmountCell;

/** Written in the payment status column when the service sent no payment status. */
export const NO_PAYMENT_STATUS = 'none';

function text(value: string | null): ExportCell {
  return value === null || value === '' ? null : { type: 'text', text: value };
}

function amount(value: number | null, minor: number | null, sale: CachedSale): ExportCell {
  if (value === null || minor === null) return null;
  const scale = sale.amountScale;
  return { type: 'amount', value, minor, scale, currency: sale.currency, exact: fromMinor(minor, scale) === value };
}

/** The cell of column `id` for `sale`. */
export function exportCell(id: ExportColumnId, sale: CachedSale): ExportCell {
  switch (id) {
    case 'transactionDate':
      return { type: 'date', day: sale.transactionDate };
    case 'paymentDate':
      return sale.paymentDate === null ? null : { type: 'date', day: sale.paymentDate };
    case 'commissionAmount':
      return amount(sale.commissionAmount, sale.commissionMinor, sale);
    case 'transactionAmount':
      return amount(sale.transactionAmount, sale.transactionMinor, sale);
    case 'paymentStatus':
      return { type: 'text', text: sale.paymentStatus ?? NO_PAYMENT_STATUS };
    case 'collectionUrl':
      return sale.collectionUrl === null || sale.collectionUrl === '' ? null : { type: 'link', text: sale.collectionUrl };
    case 'firstSeen':
      return { type: 'datetime', iso: sale.firstSeen };
    case 'lastChanged':
      return { type: 'datetime', iso: sale.lastChanged };
    default:
      return text(sale[id]);
  }
}

/** The decimals an amount shows: its currency's usual number, more only when the amount has them. */
export function amountDecimals(cell: AmountCell): number {
  if (!cell.exact) return Math.min((String(cell.value).split('.')[1] ?? '').length, 10);
  return (formatAmount(cell.minor, cell.scale, cell.currency).split('.')[1] ?? '').length;
}

/** The amount as exact decimal text ("1234.50"), or the service's own number when it had more decimals. */
export function amountText(cell: AmountCell): string {
  return cell.exact ? formatAmount(cell.minor, cell.scale, cell.currency) : String(cell.value);
}

/** An ISO day `yyyy-mm-dd` as a Date at UTC midnight, which spreadsheets store as that calendar day. */
export function dayToDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}
