/**
 * Says, for as long as it is true, that the open account is read-only and why: its credentials cannot be read (no
 * keychain, a locked one, kept for one session only, or signed out), so everything on screen comes from the sales
 * saved on this computer. Browsing, search, charts and exports work; the banner's action asks for the credentials,
 * which only syncing needs, and when the keychain may come back it offers to try it again.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReadOnlyReason } from '../../../shared/ipc-contract';
import { LockIcon, SyncIcon } from '../common/icons';
import { readOnlyTitle } from '../session/account-text';

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
  const keychainMayReturn = reason.cause === 'keychain-unavailable' || reason.cause === 'not-in-keychain';
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<LockIcon />}
      title={readOnlyTitle(reason)}
      role="status"
      data-testid="read-only-banner"
      data-cause={reason.cause}
      styles={{ title: { marginBottom: 4 } }}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{reason.message}</Text>
        <Group gap="sm">
          <Button size="xs" leftSection={<SyncIcon size={14} />} onClick={onEnterCredentials}>
            Enter credentials to sync
          </Button>
          {keychainMayReturn && (
            <Button size="xs" variant="default" onClick={onRetryKeychain} loading={retrying}>
              Try the keychain again
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
