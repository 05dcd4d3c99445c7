/**
 * Lists the profile's social channels. Each address is a link that opens in the user's browser through the main
 * process's external-link policy (https only); anything else is shown as plain text.
 */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { SocialChannel } from '../../../shared/domain';
import { channelName, isHttpsUrl } from '../common/format';
import { openExternal } from '../common/open-external';

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
              {isHttpsUrl(channel.link) ? (
                <Anchor
                  size="sm"
                  display="block"
                  href={channel.link}
                  rel="noreferrer noopener"
                  style={{ overflowWrap: 'anywhere' }}
                  onClick={(event) => {
                    event.preventDefault();
                    void openExternal(channel.link);
                  }}
                >
                  {channel.link}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {channel.link}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
