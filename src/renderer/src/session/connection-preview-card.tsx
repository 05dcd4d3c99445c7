/**
 * What "Test connection" found: the profile the credentials belong to, so people can see they
 * typed the right account's details before anything is saved. The avatar is loaded only from an
 * https address; otherwise the initials stand in.
 */
import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import type { ConnectionPreview } from '../../../shared/ipc-contract';
import { initialsOf, isLoadableImageUrl } from '../common/format';
import { CheckCircleIcon } from '../common/icons';

/** Props of {@link ConnectionPreviewCard}. */
export interface ConnectionPreviewCardProps {
  preview: ConnectionPreview;
}

/** The green "connection works" card with the profile's avatar and name. */
export function ConnectionPreviewCard({ preview }: ConnectionPreviewCardProps) {
  const name = preview.profileName?.trim() || preview.userName?.trim() || 'Unnamed profile';
  const handle = preview.userName?.trim().replace(/^@/, '');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="connection-preview"
      role="status"
      bg="var(--mantine-color-teal-light)"
    >
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar
          src={isLoadableImageUrl(preview.avatar) ? preview.avatar : null}
          alt=""
          size={48}
          radius={48}
          color="indigo"
          variant="filled"
        >
          {initialsOf(preview.profileName, preview.userName) || '?'}
        </Avatar>
        <Stack gap={2} miw={0}>
          <Group gap={6} wrap="nowrap" c="teal">
            <CheckCircleIcon size={16} />
            <Text size="sm" fw={600}>
              Connection works
            </Text>
          </Group>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {handle && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              @{handle}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Nothing is saved until you choose Save and sign in.
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
