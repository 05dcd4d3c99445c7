/**
 * The best collections, products and sub-IDs by commission for the filtered sales, per currency (a ranking across
 * currencies would compare unlike amounts). One currency is shown at a time, the one with most sales first.
 */
import { Group, Paper, Progress, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TopEntry } from '../../../../shared/sales-query-types';
import { formatDecimalMoney, pluralize } from '../../common/format';

/** The three rankings. */
export interface BreakdownData {
  collection: TopEntry[];
  product: TopEntry[];
  subid: TopEntry[];
}

const TITLES: { key: keyof BreakdownData; title: string; none: string }[] = [
  { key: 'collection', title: 'Top collections', none: '(no collection)' },
  { key: 'product', title: 'Top products', none: '(no product)' },
  { key: 'subid', title: 'Top sub-IDs', none: '(no sub-ID)' },
];

/** Props of {@link Breakdowns}. */
export interface BreakdownsProps {
  data: BreakdownData | null;
  /** Currencies in the order to offer them (most sales first). */
  currencies: string[];
}

/** Three ranked lists with a currency switch. */
export function Breakdowns({ data, currencies }: BreakdownsProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen !== null && currencies.includes(chosen) ? chosen : (currencies[0] ?? null);
  return (
    <Stack gap="xs" data-testid="breakdowns">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>Breakdowns by commission</Text>
        {currencies.length > 1 && currency !== null && (
          <SegmentedControl
            size="xs"
            value={currency}
            onChange={setChosen}
            data={currencies}
            aria-label="Breakdown currency"
          />
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {TITLES.map(({ key, title, none }) => (
          <Paper key={key} withBorder radius="md" p="sm" data-testid={`breakdown-${key}`}>
            <Text size="sm" fw={600} mb="xs">
              {title}
            </Text>
            {data === null ? (
              <Skeleton height={120} />
            ) : (
              <Ranking entries={data[key].filter((e) => e.currency === currency)} none={none} />
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Ranking({ entries, none }: { entries: TopEntry[]; none: string }) {
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing in this range.
      </Text>
    );
  const max = Math.max(1, ...entries.map((e) => e.commissionMinor));
  return (
    <Stack gap={8} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <li
          key={entry.key ?? '(none)'}
          data-testid="breakdown-entry"
          data-key={entry.key ?? ''}
          data-value={entry.commission}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" truncate="end" title={entry.label ?? entry.key ?? none}>
              {entry.label ?? entry.key ?? none}
            </Text>
            <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }} title={pluralize(entry.count, 'sale', 'sales')}>
              {formatDecimalMoney(entry.commission, entry.currency)}
            </Text>
          </Group>
          <Progress value={(Math.max(0, entry.commissionMinor) / max) * 100} size={4} mt={3} aria-hidden="true" />
        </li>
      ))}
    </Stack>
  );
}
