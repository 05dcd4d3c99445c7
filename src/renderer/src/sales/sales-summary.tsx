/**
 * The line above the table: which rows are shown, the service's rough count, and an honest note
 * when some records could not be read, so a short table is never mistaken for all the sales.
 */
import { Group, Text } from '@mantine/core';
import type { SalesPage } from '../../../shared/ipc-contract';
import { formatCount, pluralize, unreadableRecordsNotice } from '../common/format';
import { InfoIcon } from '../common/icons';

/** Props of {@link SalesSummary}. */
export interface SalesSummaryProps {
  data: SalesPage | null;
}

/** "Showing 1–50 · about 120 sales", and the unreadable-records notice. */
export function SalesSummary({ data }: SalesSummaryProps) {
  if (data === null || data.sales.length === 0) return null;
  const first = (data.page - 1) * data.limit + 1;
  const last = first + data.sales.length - 1;
  const warnings = data.warnings.length;
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed">
        Showing {formatCount(first)}–{formatCount(last)}
        {data.totalHint !== null && (
          <span data-testid="sales-total-hint"> · about {pluralize(data.totalHint, 'sale', 'sales')}</span>
        )}
      </Text>
      {warnings > 0 && (
        <Group gap={6} wrap="nowrap" c="var(--mantine-color-orange-light-color)" data-testid="sales-warnings" role="note">
          <InfoIcon size={16} />
          <Text size="sm" c="inherit">
            {unreadableRecordsNotice(warnings)}
          </Text>
        </Group>
      )}
    </Group>
  );
}
