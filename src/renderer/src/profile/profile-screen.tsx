/**
 * The Profile section: loads the affiliate's profile through the bridge and shows it, with a
 * skeleton while loading and a Retry when it fails.
 */
import { Stack } from '@mantine/core';
import { call } from '../common/bridge';
import { ErrorState } from '../common/error-state';
import { useBridgeQuery } from '../common/use-bridge-query';
import { ProfileCard } from './profile-card';
import { ProfileSkeleton } from './profile-skeleton';
import { ProfileStats } from './profile-stats';
import { SocialChannelList } from './social-channel-list';

/** The Profile section. */
export function ProfileScreen() {
  const { status, data, error, reload } = useBridgeQuery(() => call('getProfile'), 'profile');

  if (status === 'error' && error) {
    return <ErrorState error={error} title="Your profile could not be loaded" onRetry={reload} />;
  }
  if (status === 'loading' || data === null) return <ProfileSkeleton />;
  return (
    <Stack gap="md" maw={960}>
      <ProfileCard profile={data.profile} />
      <ProfileStats statistics={data.profile.statistics} />
      <SocialChannelList channels={data.profile.socialChannels} />
    </Stack>
  );
}
