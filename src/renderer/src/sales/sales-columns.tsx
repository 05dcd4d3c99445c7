/**
 * The sales table's columns in one list: heading, alignment and how a sale fills the cell. The
 * header, the rows and the loading skeleton all read it, so they cannot disagree; later column
 * choices (hide, reorder) only need to filter this list.
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Sale } from '../../../shared/domain';
import { capitalize, formatIsoDay, formatMoney, MISSING } from '../common/format';
import { CommissionStatusBadge } from './commission-status-badge';

/** One column of the sales table. */
export interface SalesColumn {
  id: string;
  header: string;
  align: 'left' | 'right';
  /**
   * Long free-text values (names) wrap, up to two lines, within these widths; every other
   * column keeps its value on one line.
   */
  width?: { min: number; max: number };
  testId?: string;
  render: (sale: Sale) => ReactNode;
}

function textOr(value: string | null): string {
  return value && value.trim() ? value : MISSING;
}

/** A name (two lines at most, the whole name and slug on hover), or the slug when there is no name. */
function named(name: string | null, slug: string | null): ReactNode {
  const shown = textOr(name ?? slug);
  const hint = [name, slug].filter((v): v is string => Boolean(v)).join(' — ');
  return (
    <Text inherit lineClamp={2} title={hint || undefined}>
      {shown}
    </Text>
  );
}

/** The columns in display order. */
export const SALES_COLUMNS: readonly SalesColumn[] = [
  { id: 'date', header: 'Date', align: 'left', render: (s) => formatIsoDay(s.transactionDate) },
  { id: 'reference', header: 'Reference', align: 'left', testId: 'sale-reference', render: (s) => s.reference },
  { id: 'product', header: 'Product', align: 'left', width: { min: 140, max: 240 }, render: (s) => named(s.productName, s.productSlug) },
  {
    id: 'collection',
    header: 'Collection',
    align: 'left',
    width: { min: 110, max: 160 },
    render: (s) => named(s.collectionName, s.collectionSlug),
  },
  { id: 'category', header: 'Category', align: 'left', render: (s) => capitalize(s.category) },
  { id: 'subid', header: 'Sub-ID', align: 'left', width: { min: 70, max: 120 }, render: (s) => textOr(s.subid) },
  {
    id: 'transaction-amount',
    header: 'Transaction amount',
    align: 'right',
   
    render: (s) => formatMoney(s.transactionAmount, s.currency),
  },
  {
    id: 'commission',
    header: 'Commission',
    align: 'right',
   
    render: (s) => formatMoney(s.commissionAmount, s.currency),
  },
  {
    id: 'commission-status',
    header: 'Commission status',
    align: 'left',
    render: (s) => <CommissionStatusBadge status={s.commissionStatus} />,
  },
  { id: 'payment-status', header: 'Payment status', align: 'left', render: (s) => capitalize(s.paymentStatus) },
  { id: 'payment-date', header: 'Payment date', align: 'left', render: (s) => formatIsoDay(s.paymentDate) },
];
