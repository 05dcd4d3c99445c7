/**
 * Colours a sale's commission status so approved, pending and declined money can be told apart
 * at a glance: green, yellow, red. Unknown values stay grey rather than being guessed.
 */
import { Badge, type MantineColor } from '@mantine/core';
import type { CommissionStatus } from '../../../shared/domain';
import { capitalize } from '../common/format';

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
  return (
    <Badge color={color} variant="light" size="sm" data-status={status ?? ''}>
      {capitalize(status)}
    </Badge>
  );
}
