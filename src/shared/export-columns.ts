/**
 * The columns an export can carry, in words people read, shared by the export screen (which offers them) and the
 * main process (which writes them). Some columns are always written: the Summary sheet's formulas refer to them, and
 * an amount without its currency or status cannot be audited.
 */
import type { DateBasis } from './export-presets';

/** Every column an export can hold, in their default order. */
export const EXPORT_COLUMN_IDS = [
  'account',
  'transactionDate',
  'paymentDate',
  'reference',
  'productName',
  'productSlug',
  'collectionName',
  'collectionSlug',
  'collectionUrl',
  'category',
  'subid',
  'currency',
  'transactionAmount',
  'commissionAmount',
  'commissionStatus',
  'paymentStatus',
  'firstSeen',
  'lastChanged',
] as const;
export type ExportColumnId = (typeof EXPORT_COLUMN_IDS)[number];

/** Header text of each column, as written in the file and shown in the column picker. */
export const EXPORT_COLUMN_LABELS: Readonly<Record<ExportColumnId, string>> = {
  account: 'Account',
  transactionDate: 'Transaction date',
  paymentDate: 'Payment date',
  reference: 'Reference',
  productName: 'Product',
  productSlug: 'Product slug',
  collectionName: 'Collection',
  collectionSlug: 'Collection slug',
  collectionUrl: 'Collection link',
  category: 'Category',
  subid: 'Sub-ID',
  currency: 'Currency',
  transactionAmount: 'Transaction amount',
  commissionAmount: 'Commission',
  commissionStatus: 'Commission status',
  paymentStatus: 'Payment status',
  firstSeen: 'First seen (UTC)',
  lastChanged: 'Last changed (UTC)',
};

/** The columns used when a request names none: what an accountant needs, without the technical slugs. */
export const DEFAULT_EXPORT_COLUMNS: readonly ExportColumnId[] = [
  'transactionDate',
  'reference',
  'productName',
  'collectionName',
  'category',
  'subid',
  'currency',
  'transactionAmount',
  'commissionAmount',
  'commissionStatus',
  'paymentStatus',
  'paymentDate',
];

/**
 * Columns every export holds whatever was chosen: the ones the Summary's SUMIFS formulas read (currency, amounts,
 * statuses and the date the range applies to). The column picker should show them checked and disabled.
 */
export function requiredExportColumns(dateBasis: DateBasis): ExportColumnId[] {
  const date: ExportColumnId = dateBasis === 'payment' ? 'paymentDate' : 'transactionDate';
  return [date, 'currency', 'transactionAmount', 'commissionAmount', 'commissionStatus', 'paymentStatus'];
}

/**
 * The columns actually written: the chosen ones in their order (duplicates dropped), then any required one missing.
 * An export of several accounts starts with the Account column; one of a single account has none.
 */
export function resolveExportColumns(
  chosen: readonly ExportColumnId[] | undefined,
  dateBasis: DateBasis,
  severalAccounts = false,
): ExportColumnId[] {
  const columns: ExportColumnId[] = [...new Set(chosen ?? DEFAULT_EXPORT_COLUMNS)].filter((id) => id !== 'account');
  for (const id of requiredExportColumns(dateBasis)) if (!columns.includes(id)) columns.push(id);
  return severalAccounts ? ['account', ...columns] : columns;
}
