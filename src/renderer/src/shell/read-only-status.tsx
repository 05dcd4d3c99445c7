/**
 * The header's place for the sync status while the account is read-only: a "Read-only" badge saying why on hover,
 * and the Sync button where it always is — which asks for the credentials, since only syncing needs them.
 */
import { Badge, Button, Group } from '@mantine/core';
import type { ReadOnlyReason } from '../../../shared/ipc-contract';
import { LockIcon, SyncIcon } from '../common/icons';
import { readOnlyTitle } from '../session';
import { Tooltip } from '../common/tooltip';

/** Props of {@link ReadOnlyStatus}. */
export interface ReadOnlyStatusProps {
  reason: ReadOnlyReason;
  onSync: () => void;
}

/** The read-only badge and the Sync button that asks for the credentials. */
export function ReadOnlyStatus({ reason, onSync }: ReadOnlyStatusProps) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid="read-only-status">
      <Tooltip label={readOnlyTitle(reason)} withArrow>
        <Badge color="orange" variant="light" leftSection={<LockIcon size={12} />} style={{ flexShrink: 0 }}>
          Read-only
        </Badge>
      </Tooltip>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<SyncIcon size={15} />}
        onClick={onSync}
        title="Enter credentials to sync"
      >
        Sync
      </Button>
    </Group>
  );
}
