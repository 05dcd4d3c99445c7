/**
 * Who the account is: cover, avatar, name, handle, privacy, facts and description, in one card
 * so the affiliate recognises their own profile at a glance.
 */
import { Avatar, Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Profile } from '../../../shared/domain';
import { initialsOf, isLoadableImageUrl } from '../common/format';
import { ProfileCover } from './profile-cover';
import { ProfileDetails } from './profile-details';

const AVATAR_SIZE = 96;

/** Props of {@link ProfileCard}. */
export interface ProfileCardProps {
  profile: Profile;
}

/** The main profile card. */
export function ProfileCard({ profile }: ProfileCardProps) {
  const displayName = profile.profileName?.trim() || profile.userName?.trim() || 'Unnamed profile';
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <ProfileCover url={profile.coverImage} />
      <Stack gap="md" px="lg" pb="lg">
        <Group align="flex-start" gap="md" wrap="nowrap" mt={-AVATAR_SIZE / 2}>
          <Avatar
            src={isLoadableImageUrl(profile.avatar) ? profile.avatar : null}
            alt={displayName}
            size={AVATAR_SIZE}
            radius={AVATAR_SIZE}
            color="indigo"
            variant="filled"
            style={{ border: '4px solid var(--mantine-color-body)', flexShrink: 0 }}
          >
            {initialsOf(profile.profileName, profile.userName) || '?'}
          </Avatar>
          <Box miw={0} pt={AVATAR_SIZE / 2 + 10}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} data-testid="profile-name" style={{ overflowWrap: 'anywhere' }}>
                {displayName}
              </Title>
              {profile.isPrivate === true && (
                <Badge color="gray" variant="light" data-testid="profile-private">
                  Private profile
                </Badge>
              )}
            </Group>
            {profile.userName && (
              <Text c="dimmed" size="sm" data-testid="profile-handle">
                @{profile.userName.replace(/^@/, '')}
              </Text>
            )}
          </Box>
        </Group>
        <ProfileDetails profile={profile} />
        <ProfileDescription text={profile.description} />
      </Stack>
    </Paper>
  );
}

function ProfileDescription({ text }: { text: string | null }) {
  if (!text?.trim()) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        No description on this profile.
      </Text>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="profile-description">
      {text}
    </Text>
  );
}
