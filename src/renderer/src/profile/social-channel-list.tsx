/**
 * Lists the profile's social channels with their addresses as plain text. Links are deliberately
 * not clickable yet: opening external pages will go through the main process under a policy.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { SocialChannel } from '../../../shared/domain';
import { channelName } from '../common/format';

/** Props of {@link SocialChannelList}. */
export interface SocialChannelListProps {
  channels: SocialChannel[];
}

/** The "Social channels" card. */
export function SocialChannelList({ channels }: SocialChannelListProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        Social channels
      </Title>
      {channels.length === 0 ? (
        <Text size="sm" c="dimmed">
          No social channels on this profile.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {channels.map((channel, index) => (
            <li key={`${index}:${channel.channel}`} data-testid="social-channel">
              <Text size="sm" fw={600} span>
                {channelName(channel.channel)}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {channel.link}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
