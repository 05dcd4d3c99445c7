/**
 * The choices of the status filters: "All", the statuses the spec lists (always offered, so a filter can be set
 * before any such sale exists), then every other status the service sent for the sales in range, verbatim and
 * marked as not documented — a sale with such a status must never be unreachable from the filters.
 */
import type { SalesSummary } from '../../../../shared/sales-query-types';
import { statusChoiceLabel, type StatusKind } from '../../common/status-text';
import { ANY_STATUS, COMMISSION_CHOICES, PAYMENT_CHOICES } from './sales-filters';

/** One option of a status dropdown; its count is shown beside it in the list, not in the field. */
export interface StatusOption {
  value: string;
  label: string;
  /** Sales in range with this status; null when unknown (loading, "All", or none in range). */
  count: number | null;
}

/** Sales per status value across currencies (a count may be added up across currencies; money may not). */
function countsOf(kind: StatusKind, summary: SalesSummary | null): Map<string, number> {
  const counts = new Map<string, number>();
  const rows =
    summary === null
      ? []
      : kind === 'commission'
        ? summary.byCommissionStatus.map((r) => ({ status: r.commissionStatus, count: r.count }))
        : summary.byPaymentStatus.map((r) => ({
            status: r.paymentStatus === 'none' ? null : r.paymentStatus,
            count: r.count,
          }));
  for (const { status, count } of rows) {
    if (status === null || status === '') continue;
    counts.set(status, (counts.get(status) ?? 0) + count);
  }
  return counts;
}

/**
 * The options of one status dropdown, from the totals by status of the sales in range (null while they load). The
 * current choice is kept selectable even when the range no longer holds it.
 */
export function statusOptions(kind: StatusKind, summary: SalesSummary | null, current: string): StatusOption[] {
  const documented: readonly string[] = kind === 'commission' ? COMMISSION_CHOICES : PAYMENT_CHOICES;
  const counts = countsOf(kind, summary);
  const others = [...counts.keys()].filter((s) => !documented.includes(s)).sort();
  if (current !== ANY_STATUS && !documented.includes(current) && !others.includes(current)) others.push(current);
  return [
    { value: ANY_STATUS, label: 'All', count: null },
    ...[...documented, ...others].map((status) => ({
      value: status,
      label: statusChoiceLabel(kind, status),
      count: counts.get(status) ?? null,
    })),
  ];
}
