/**
 * The Profile section: loads the affiliate's profile through the bridge and shows it, with a
 * skeleton while loading and a Retry when it fails. When the service cannot be reached, the main
 * process answers with the copy it cached, and the screen says so and when it was fetched.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ProfileView } from '../../../shared/ipc-contract';
import { call } from '../common/bridge';
import { ErrorState } from '../common/error-state';
import { formatDateTime } from '../common/format';
import { OfflineIcon } from '../common/icons';
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
      {data.fromCache && <CachedNotice view={data} onRetry={reload} />}
      <ProfileCard profile={data.profile} />
      <ProfileStats statistics={data.profile.statistics} />
      <SocialChannelList channels={data.profile.socialChannels} />
    </Stack>
  );
}

const UNREACHABLE = new Set(['NETWORK_OFFLINE', 'TIMEOUT', 'SERVER_ERROR', 'TLS_FAILURE', 'RATE_LIMITED']);

function CachedNotice({ view, onRetry }: { view: ProfileView; onRetry: () => void }) {
  const why =
    view.reason === null || UNREACHABLE.has(view.reason.code)
      ? 'the service could not be reached'
      : view.reason.message.replace(/\.$/, '');
  return (
    <Alert color="orange" variant="light" icon={<OfflineIcon size={18} />} p="xs" data-testid="profile-from-cache">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          Shown from the cache (fetched {formatDateTime(view.fetchedAt)}) — {why}.
        </Text>
        <Button size="compact-sm" variant="light" color="orange" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
