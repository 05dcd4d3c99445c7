/**
 * What each export column holds for one sale, as typed values independent of the file format: the xlsx and CSV
 * writers read the same cells, so both formats always agree on what a column means. Amounts carry their exact value
 * next to the number, so CSV prints them exactly (0.005 stays 0.005) and the Summary adds them without float drift.
 */
import { COMMISSION_STATUSES, isListedValue } from '../../shared/domain';
import type { ExportColumnId } from '../../shared/export-columns';
import { currencyDigits, decimalText, decimalToNumber, decimalsOf, parseDecimal, type ExactDecimal } from '../../shared/money';
import type { CachedSale } from '../../shared/sales-query-types';

/** An amount: its exact value, the nearest number (what a spreadsheet cell can hold), and its currency. */
export interface AmountCell {
  type: 'amount';
  value: number;
  exact: ExactDecimal;
  currency: string;
}

/** One cell of an export; null is an empty cell. */
export type ExportCell =
  null | { type: 'text'; text: string } | { type: 'link'; text: string } | { type: 'date'; day: string } | { type: 'datetime'; iso: string } | AmountCell;

/** Written in the payment status column when the service sent no payment status. */
export const NO_PAYMENT_STATUS = 'none';
/** Written in the commission status column when the service sent no commission status. */
export const NO_COMMISSION_STATUS = 'none';

function text(value: string | null): ExportCell {
  return value === null || value === '' ? null : { type: 'text', text: value };
}

/** The exact amount of a stored sale: its exact text when it has one, else its integer units at the currency's scale. */
export function exactAmount(minor: number | null, exactText: string | undefined, scale: number): ExactDecimal | null {
  if (exactText !== undefined) return parseDecimal(exactText);
  return minor === null ? null : { units: BigInt(minor), scale };
}

function amount(minor: number | null, exactText: string | undefined, sale: CachedSale): ExportCell {
  const exact = exactAmount(minor, exactText, sale.amountScale);
  return exact === null ? null : { type: 'amount', value: decimalToNumber(exact), exact, currency: sale.currency };
}

/** The cell of column `id` for `sale`. */
export function exportCell(id: ExportColumnId, sale: CachedSale): ExportCell {
  switch (id) {
    case 'transactionDate':
      return { type: 'date', day: sale.transactionDate };
    case 'paymentDate':
      return sale.paymentDate === null ? null : { type: 'date', day: sale.paymentDate };
    case 'commissionAmount':
      return amount(sale.commissionMinor, sale.commissionExact, sale);
    case 'transactionAmount':
      return amount(sale.transactionMinor, sale.transactionExact, sale);
    case 'commissionStatus':
      return { type: 'text', text: sale.commissionStatus ?? NO_COMMISSION_STATUS };
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

/** Most decimals a spreadsheet number format shows: a double holds no more than about 17 significant digits. */
const MAX_SHOWN_DECIMALS = 10;

/** The decimals an amount shows: its currency's own number, more only when the amount has them. */
export function amountDecimals(cell: AmountCell): number {
  return Math.min(Math.max(currencyDigits(cell.currency), decimalsOf(cell.exact)), Math.max(MAX_SHOWN_DECIMALS, currencyDigits(cell.currency)));
}

/** The amount as exact decimal text with its currency's decimals ("1234.50", "1200", "0.005"). */
export function amountText(cell: AmountCell): string {
  return decimalText(cell.exact, currencyDigits(cell.currency));
}

/** True when `status` is one the spec lists: the Summary totals those as earned (approved) or to come (pending). */
export function isListedCommissionStatus(status: string): boolean {
  return isListedValue(COMMISSION_STATUSES, status);
}

/** An ISO day `yyyy-mm-dd` as a Date at UTC midnight, which spreadsheets store as that calendar day. */
export function dayToDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}
