/**
 * Colours a sale's commission status so approved, pending and declined money can be told apart
 * at a glance: green, yellow, red. Unknown values stay grey and read exactly as the service sent them.
 */
import { Badge, type MantineColor } from '@mantine/core';
import type { CommissionStatus } from '../../../../shared/domain';
import { isDocumentedStatus, statusText } from '../../common/status-text';

const COLORS: Record<CommissionStatus, MantineColor> = {
  approved: 'green',
  pending: 'yellow',
  declined: 'red',
};

/** Props of {@link CommissionStatusBadge}. */
export interface CommissionStatusBadgeProps {
  /** Null: the service sent no commission status. */
  status: CommissionStatus | string | null;
}

/** A coloured badge for one commission status. */
export function CommissionStatusBadge({ status }: CommissionStatusBadgeProps) {
  const color = status !== null && Object.hasOwn(COLORS, status) ? COLORS[status as CommissionStatus] : 'gray';
  // A status the spec does not list keeps its exact case in an outlined badge, so "Approved" cannot pass for "approved".
  const odd = status !== null && status !== '' && !isDocumentedStatus('commission', status);
  return (
    <Badge
      color={color}
      variant={odd ? 'outline' : 'light'}
      tt={odd ? 'none' : undefined}
      size="sm"
      data-status={status ?? ''}
      title={odd ? `“${status}” is not a documented status; shown exactly as the service sent it.` : undefined}
    >
      {statusText('commission', status)}
    </Badge>
  );
}
