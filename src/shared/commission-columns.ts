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

/**
 * The statuses whose commission is earned (A6): approved and pending. Every headline figure (the sales summary, the
 * period before, Compare, the CLI and the exports) is their sum; declined and other statuses are shown apart, never
 * inside it.
 */
export const EARNED_STATUSES = ['approved', 'pending'] as const;

/** Whether a commission column counts as earned. */
export function isEarnedColumn(column: CommissionColumn): boolean {
  return (EARNED_STATUSES as readonly string[]).includes(column);
}
