/**
 * Tells people plainly that signing in to an account is not in this version yet, what it will
 * need, and where the credentials will be kept — instead of showing a form that does nothing.
 */
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';

/** Props of {@link ConnectAccountModal}. */
export interface ConnectAccountModalProps {
  opened: boolean;
  onClose: () => void;
  /** Offers the demo as the way to look around today. */
  onTryDemo: () => void;
}

/** The informational "Connect your account" dialog. */
export function ConnectAccountModal({ opened, onClose, onTryDemo }: ConnectAccountModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Connecting an account comes in the next version" centered size="lg">
      <Stack gap="sm">
        <Text size="sm">This version of Commission Desk cannot sign in to an account yet.</Text>
        <Text size="sm">When it can, you will sign in with three details from your platform account dashboard:</Text>
        <List size="sm" withPadding>
          <List.Item>your API key,</List.Item>
          <List.Item>your API secret,</List.Item>
          <List.Item>your app ID.</List.Item>
        </List>
        <Text size="sm">
          Commission Desk will keep them in your operating system&apos;s keychain, not in a file, and send them only to
          the platform over HTTPS.
        </Text>
        <Text size="sm">Until then, the demo shows every screen with sample data.</Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onTryDemo}>Try the demo instead</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
