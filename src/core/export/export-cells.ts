/**
 * What each export column holds for one sale, as typed values independent of the file format: the xlsx and CSV
 * writers read the same cells, so both formats always agree on what a column means. Amounts carry their exact value
 * next to the number, so CSV prints them exactly (0.005 stays 0.005) and the Summary adds them without float drift.
 */
import type { ExportColumnId } from '../../shared/export-columns';
import { currencyDigits, decimalText, decimalsOf, parseDecimal, type ExactDecimal } from '../../shared/money';
import { formatMinor } from '../cache';
import type { CachedSale } from '../../shared/sales-query-types';

/**
 * An amount: the nearest number (what a spreadsheet cell holds) and its exact value, as integer units of the
 * currency (the usual case, cheap) or, when those cannot hold it, as an exact decimal.
 */
export interface AmountCell {
  type: 'amount';
  value: number;
  currency: string;
  /** Units at `scale` (the currency's own) when they are the exact amount; null when `exact` holds it. */
  minor: number | null;
  scale: number;
  exact: ExactDecimal | null;
}

/** One cell of an export; null is an empty cell. */
export type ExportCell =
  | null
  | { type: 'text'; text: string }
  | { type: 'link'; text: string }
  | { type: 'date'; day: string }
  | { type: 'datetime'; iso: string }
  | AmountCell;

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

function amount(
  value: number | null,
  minor: number | null,
  exactText: string | undefined,
  sale: CachedSale,
): ExportCell {
  if (value === null) return null;
  const exact = exactText === undefined ? null : parseDecimal(exactText);
  if (exact === null && minor === null) return null;
  return {
    type: 'amount',
    value,
    currency: sale.currency,
    minor: exact === null ? minor : null,
    scale: sale.amountScale,
    exact,
  };
}

/** A sale as an export writes it: in an export of several accounts it carries its account's label. */
export type ExportSale = CachedSale & { accountLabel?: string };

/** The cell of column `id` for `sale`. */
export function exportCell(id: ExportColumnId, sale: ExportSale): ExportCell {
  switch (id) {
    case 'account':
      return text(sale.accountLabel ?? null);
    case 'transactionDate':
      return { type: 'date', day: sale.transactionDate };
    case 'paymentDate':
      return sale.paymentDate === null ? null : { type: 'date', day: sale.paymentDate };
    case 'commissionAmount':
      return amount(sale.commissionAmount, sale.commissionMinor, sale.commissionExact, sale);
    case 'transactionAmount':
      return amount(sale.transactionAmount, sale.transactionMinor, sale.transactionExact, sale);
    case 'commissionStatus':
      return { type: 'text', text: sale.commissionStatus ?? NO_COMMISSION_STATUS };
    case 'paymentStatus':
      return { type: 'text', text: sale.paymentStatus ?? NO_PAYMENT_STATUS };
    case 'collectionUrl':
      return sale.collectionUrl === null || sale.collectionUrl === ''
        ? null
        : { type: 'link', text: sale.collectionUrl };
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
  const digits = currencyDigits(cell.currency);
  return cell.exact === null
    ? digits
    : Math.min(Math.max(digits, decimalsOf(cell.exact)), Math.max(MAX_SHOWN_DECIMALS, digits));
}

/** The amount as exact decimal text with its currency's decimals ("1234.50", "1200", "0.005"). */
export function amountText(cell: AmountCell): string {
  const digits = currencyDigits(cell.currency);
  return cell.exact === null ? formatMinor(cell.minor ?? 0, cell.scale, digits) : decimalText(cell.exact, digits);
}

/** An ISO day `yyyy-mm-dd` as a Date at UTC midnight, which spreadsheets store as that calendar day. */
export function dayToDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** A column computed for the export beyond the chosen ones (the home-currency figures), written after them. */
export interface ExtraColumn {
  header: string;
  width: number;
  cell(sale: CachedSale): ExportCell;
}
