/**
 * The profile's shape while it loads, so the page does not jump when the data arrives.
 */
import { Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Placeholder blocks in the layout of the profile screen. */
export function ProfileSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading profile" role="status">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Skeleton height={150} radius={0} />
        <Stack gap="md" px="lg" pb="lg">
          <Group align="flex-end" gap="md" mt={-48}>
            <Skeleton height={96} circle />
            <Stack gap={8} pb={4}>
              <Skeleton height={24} width={220} />
              <Skeleton height={12} width={120} />
            </Stack>
          </Group>
          <Skeleton height={12} width="60%" />
          <Skeleton height={12} width="80%" />
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={74} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
