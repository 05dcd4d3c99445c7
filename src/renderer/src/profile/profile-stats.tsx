/**
 * The profile's four numbers as cards, formatted in the user's locale. A number the service did
 * not send shows a dash rather than a misleading zero.
 */
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Profile } from '../../../shared/domain';
import { formatCount } from '../common/format';

/** Props of {@link ProfileStats}. */
export interface ProfileStatsProps {
  statistics: Profile['statistics'];
}

/** Followers, following, products and collections. */
export function ProfileStats({ statistics }: ProfileStatsProps) {
  const stats = [
    { label: 'Followers', value: statistics.followers },
    { label: 'Following', value: statistics.following },
    { label: 'Products', value: statistics.productCount },
    { label: 'Collections', value: statistics.collectionCount },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {stats.map(({ label, value }) => (
        <Paper key={label} withBorder radius="md" p="md" data-testid="profile-stat">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text size="xl" fw={700} mt={4}>
            {formatCount(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
