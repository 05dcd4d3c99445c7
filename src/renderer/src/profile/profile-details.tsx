/**
 * The profile's facts in label/value pairs. Missing values show a dash so people can tell "not
 * provided" from "not loaded".
 */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Profile } from '../../../shared/domain';
import { formatCountry, MISSING } from '../common/format';

/** Props of {@link ProfileDetails}. */
export interface ProfileDetailsProps {
  profile: Profile;
}

/** Country, e-mail and user ID. */
export function ProfileDetails({ profile }: ProfileDetailsProps) {
  const facts = [
    { label: 'Country', value: formatCountry(profile.country), testId: 'profile-country' },
    { label: 'E-mail', value: profile.email || MISSING, testId: 'profile-email' },
    { label: 'User ID', value: profile.uId || MISSING, testId: 'profile-uid' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      {facts.map(({ label, value, testId }) => (
        <Stack key={label} gap={2} miw={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
