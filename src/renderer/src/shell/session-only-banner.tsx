/**
 * Says plainly, for as long as it is true, that the open account's credentials are held in memory
 * only: the keychain was not available when they were entered, so they will be gone after quitting.
 */
import { Alert, Text } from '@mantine/core';
import { InfoIcon } from '../common/icons';

/** The yellow "will not be remembered" banner at the top of the main shell. */
export function SessionOnlyBanner() {
  return (
    <Alert color="yellow" variant="light" icon={<InfoIcon />} role="status" data-testid="session-only-banner">
      <Text size="sm">
        <strong>Your credentials will not be remembered:</strong> the system keychain is not available. They are kept in memory until you quit. To have them
        remembered, install or unlock a keychain (on Linux, GNOME Keyring or KWallet), then sign out, keeping cached sales, and sign in again.
      </Text>
    </Alert>
  );
}
