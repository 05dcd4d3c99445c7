/**
 * Says plainly, for as long as it is true, that the open account's credentials are held in memory
 * only: the keychain was not available when they were entered, so they will be gone after quitting.
 * Once a keychain is there, its action saves them.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { InfoIcon } from '../common/icons';

/** Props of {@link SessionOnlyBanner}. */
export interface SessionOnlyBannerProps {
  /** Opens the form that saves the credentials in the keychain. */
  onSave: () => void;
}

/** The yellow "will not be remembered" banner at the top of the main shell. */
export function SessionOnlyBanner({ onSave }: SessionOnlyBannerProps) {
  return (
    <Alert color="yellow" variant="light" icon={<InfoIcon />} role="status" data-testid="session-only-banner">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <strong>Your credentials will not be remembered:</strong> the system keychain was not available, so they are
          kept in memory until you quit. To have them remembered, install or unlock a keychain (on Linux, GNOME Keyring
          or KWallet), then save them there.
        </Text>
        <Button size="xs" variant="default" onClick={onSave}>
          Save in keychain…
        </Button>
      </Stack>
    </Alert>
  );
}
