/**
 * Every field of a cached sale as a column of the sales table: heading, default width and visibility, alignment,
 * the sort column it maps to (fields the cache cannot sort by have none) and how a sale fills the cell. The header,
 * the rows, the column chooser and the detail drawer all read this one list, so they cannot disagree.
 */
import type { ReactNode } from 'react';
import type { SaleSortColumn } from '../../../../shared/sales-query';
import type { CachedSale } from '../../../../shared/sales-query-types';
import {
  capitalize,
  formatDateTime,
  formatDecimalMoney,
  formatIsoDay,
  formatMinorMoney,
  MISSING,
} from '../../common/format';
import { statusText } from '../../common/status-text';
import type { ColumnSpec } from './column-layout';
import { CommissionStatusBadge } from './commission-status-badge';

/** One column of the sales table. */
export interface SalesColumn extends ColumnSpec {
  header: string;
  align: 'left' | 'right';
  sortKey: SaleSortColumn | null;
  /** The cell's text, also its tooltip (cells never wrap). */
  text: (sale: CachedSale) => string;
  /** A richer cell than the text, e.g. a coloured status badge. */
  render?: (sale: CachedSale) => ReactNode;
  testId?: string;
  /** The column is at least as wide as its widest shown value, so its values (amounts, dates, statuses) are never cut. */
  fit?: boolean;
  /** The widest a fitting column grows to fit its values (pixels); longer values are cut, whole on hover. */
  fitCap?: number;
  /** Values people paste elsewhere: the cell offers a copy button, named "Copy <copyLabel>". */
  copyLabel?: string;
}

function textOr(value: string | null): string {
  return value !== null && value.trim() !== '' ? value : MISSING;
}

/** A sale's extra fields (those the service sent beyond the spec) in one line. */
export function extraText(sale: CachedSale): string {
  const entries = Object.entries(sale.extra);
  if (entries.length === 0) return MISSING;
  return entries.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join('; ');
}

/** The commission of a sale, exact: its exact text when its minor units are rounded (0.005 USD), else those units. */
export function commissionText(sale: CachedSale): string {
  if (sale.commissionExact !== undefined) return formatDecimalMoney(sale.commissionExact, sale.currency);
  return formatMinorMoney(sale.commissionMinor, sale.amountScale, sale.currency);
}

/** The transaction amount of a sale, exact, as {@link commissionText}. */
export function transactionText(sale: CachedSale): string {
  if (sale.transactionExact !== undefined) return formatDecimalMoney(sale.transactionExact, sale.currency);
  return formatMinorMoney(sale.transactionMinor, sale.amountScale, sale.currency);
}

/** The columns in their default order. */
export const SALES_COLUMNS: readonly SalesColumn[] = [
  {
    id: 'transactionDate',
    header: 'Date',
    align: 'left',
    sortKey: 'transactionDate',
    defaultWidth: 106,
    defaultVisible: true,
    fit: true,
    text: (s) => formatIsoDay(s.transactionDate),
  },
  {
    id: 'reference',
    header: 'Reference',
    align: 'left',
    sortKey: 'reference',
    defaultWidth: 144,
    defaultVisible: true,
    // The reference is what a support request or an accountant quotes: shown whole, unless it is unusually long.
    fit: true,
    fitCap: 240,
    testId: 'sale-reference',
    copyLabel: 'reference',
    text: (s) => s.reference,
  },
  {
    id: 'productName',
    header: 'Product',
    align: 'left',
    sortKey: 'productName',
    defaultWidth: 140,
    defaultVisible: true,
    text: (s) => textOr(s.productName ?? s.productSlug),
  },
  {
    id: 'collectionName',
    header: 'Collection',
    align: 'left',
    sortKey: 'collectionName',
    defaultWidth: 120,
    defaultVisible: true,
    text: (s) => textOr(s.collectionName ?? s.collectionSlug),
  },
  {
    id: 'category',
    header: 'Category',
    align: 'left',
    sortKey: 'category',
    defaultWidth: 96,
    defaultVisible: false,
    text: (s) => capitalize(s.category),
  },
  {
    id: 'subid',
    header: 'Sub-ID',
    align: 'left',
    sortKey: 'subid',
    defaultWidth: 92,
    defaultVisible: true,
    copyLabel: 'sub-ID',
    text: (s) => textOr(s.subid),
  },
  {
    id: 'transactionAmount',
    header: 'Transaction amount',
    align: 'right',
    sortKey: 'transactionAmount',
    defaultWidth: 110,
    defaultVisible: true,
    testId: 'sale-transaction',
    fit: true,
    text: transactionText,
  },
  {
    id: 'commissionAmount',
    header: 'Commission',
    align: 'right',
    sortKey: 'commissionAmount',
    defaultWidth: 108,
    defaultVisible: true,
    testId: 'sale-commission',
    fit: true,
    text: commissionText,
  },
  {
    id: 'commissionStatus',
    header: 'Commission status',
    align: 'left',
    sortKey: 'commissionStatus',
    defaultWidth: 112,
    defaultVisible: true,
    fit: true,
    text: (s) => statusText('commission', s.commissionStatus),
    render: (s) => <CommissionStatusBadge status={s.commissionStatus} />,
  },
  {
    id: 'paymentStatus',
    header: 'Payment status',
    align: 'left',
    sortKey: 'paymentStatus',
    defaultWidth: 96,
    defaultVisible: true,
    fit: true,
    text: (s) => statusText('payment', s.paymentStatus),
  },
  {
    id: 'paymentDate',
    header: 'Payment date',
    align: 'left',
    sortKey: 'paymentDate',
    defaultWidth: 110,
    defaultVisible: false,
    fit: true,
    text: (s) => formatIsoDay(s.paymentDate),
  },
  {
    id: 'currency',
    header: 'Currency',
    align: 'left',
    sortKey: 'currency',
    defaultWidth: 90,
    defaultVisible: false,
    fit: true,
    text: (s) => s.currency,
  },
  {
    id: 'productSlug',
    header: 'Product slug',
    align: 'left',
    sortKey: null,
    defaultWidth: 180,
    defaultVisible: false,
    text: (s) => textOr(s.productSlug),
  },
  {
    id: 'collectionSlug',
    header: 'Collection slug',
    align: 'left',
    sortKey: null,
    defaultWidth: 160,
    defaultVisible: false,
    text: (s) => textOr(s.collectionSlug),
  },
  {
    id: 'collectionUrl',
    header: 'Store page',
    align: 'left',
    sortKey: null,
    defaultWidth: 220,
    defaultVisible: false,
    text: (s) => textOr(s.collectionUrl),
  },
  {
    id: 'firstSeen',
    header: 'First seen',
    align: 'left',
    sortKey: 'firstSeen',
    defaultWidth: 170,
    defaultVisible: false,
    text: (s) => formatDateTime(s.firstSeen),
  },
  {
    id: 'lastChanged',
    header: 'Last changed',
    align: 'left',
    sortKey: 'lastChanged',
    defaultWidth: 170,
    defaultVisible: false,
    text: (s) => formatDateTime(s.lastChanged),
  },
  {
    id: 'extra',
    header: 'Extra fields',
    align: 'left',
    sortKey: null,
    defaultWidth: 220,
    defaultVisible: false,
    text: extraText,
  },
];

/** Columns that take the room left over when the table is narrower than the window. */
export const STRETCH_COLUMNS: ReadonlySet<string> = new Set(['productName', 'collectionName']);

/**
 * Columns left out, in this order, when the window is too narrow for every shown column (they stay in the drawer).
 * Date, reference, product, commission and commission status are never left out: the reference identifies a sale.
 */
export const HIDE_TO_FIT: readonly string[] = [
  'extra',
  'collectionUrl',
  'collectionSlug',
  'productSlug',
  'lastChanged',
  'firstSeen',
  'category',
  'currency',
  'paymentDate',
  'collectionName',
  'subid',
  'transactionAmount',
  'paymentStatus',
];

/** Looks a column up by id. */
export const COLUMN_BY_ID: ReadonlyMap<string, SalesColumn> = new Map(SALES_COLUMNS.map((c) => [c.id, c]));
