/**
 * Says, for as long as it is true, that the open account is read-only and why: its credentials cannot be read (no
 * keychain, a locked one, kept for one session only, or signed out), so everything on screen comes from the sales
 * saved on this computer. Browsing, search, charts and exports work; the banner's action asks for the credentials,
 * which only syncing needs, and when the keychain may come back it offers to try it again. It stays short so the
 * sales keep the room on a small window; the main process's full explanation opens under "Details".
 */
import { Alert, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import type { ReadOnlyReason } from '../../../shared/ipc-contract';
import { LockIcon, SyncIcon } from '../common/icons';
import { readOnlyTitle } from '../session';

/** Props of {@link ReadOnlyBanner}. */
export interface ReadOnlyBannerProps {
  reason: ReadOnlyReason;
  onEnterCredentials: () => void;
  /** Opens the account again, reading the keychain anew. */
  onRetryKeychain: () => void;
  retrying: boolean;
}

/** The read-only banner at the top of the main shell. */
export function ReadOnlyBanner({ reason, onEnterCredentials, onRetryKeychain, retrying }: ReadOnlyBannerProps) {
  const [details, toggle] = useDisclosure(false);
  const detailsId = useId();
  const keychainMayReturn = reason.cause === 'keychain-unavailable' || reason.cause === 'not-in-keychain';
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<LockIcon />}
      title={readOnlyTitle(reason)}
      role="status"
      py="sm"
      data-testid="read-only-banner"
      data-cause={reason.cause}
      styles={{ title: { marginBottom: 2 } }}
    >
      <Stack gap={6}>
        <Text size="sm">
          Sales, search, charts and exports work from the copy on this computer. Only syncing needs your API key and
          secret.
        </Text>
        <Group gap="xs">
          <Button size="compact-sm" leftSection={<SyncIcon size={14} />} onClick={onEnterCredentials}>
            Enter credentials to sync
          </Button>
          {keychainMayReturn && (
            <Button size="compact-sm" variant="default" onClick={onRetryKeychain} loading={retrying}>
              Try the keychain again
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            color="orange"
            onClick={toggle.toggle}
            aria-expanded={details}
            aria-controls={detailsId}
          >
            {details ? 'Hide details' : 'Details'}
          </Button>
        </Group>
        <Collapse expanded={details} id={detailsId}>
          <Text size="sm" data-testid="read-only-reason">
            {reason.message}
          </Text>
        </Collapse>
      </Stack>
    </Alert>
  );
}
