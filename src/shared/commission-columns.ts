/**
 * The columns every total splits commission into (R7): the spec's three statuses, and one for every other status
 * together (a status the spec does not list, such as `reversed`, and a sale without one). Each sale falls in exactly
 * one column, so the columns add up to the total. The sales screen, the exports' Summary and the CLI's `summary` all
 * take their columns from here.
 */
import { isKnownCommissionStatus } from './domain';

export const COMMISSION_COLUMNS = ['approved', 'pending', 'declined', 'other'] as const;
export type CommissionColumn = (typeof COMMISSION_COLUMNS)[number];

/** How each column is headed. */
export const COMMISSION_COLUMN_LABELS: Readonly<Record<CommissionColumn, string>> = {
  approved: 'Approved',
  pending: 'Pending',
  declined: 'Declined',
  other: 'Other statuses',
};

/** The column a sale with commission status `status` is totalled in. */
export function commissionColumnOf(status: string | null | undefined): CommissionColumn {
  return isKnownCommissionStatus(status) ? status : 'other';
}
