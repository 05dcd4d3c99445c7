/**
 * The Adjustments section (B2): every change seen after a month was closed to a sale made in that month — the sale,
 * what changed, before and after, its effect on the month's commission per currency, when it was seen and which
 * closed month it belongs to. The closed month's recorded figures stay as they were; these are the differences since.
 */
import { Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Adjustment, ClosedMonth } from '../../../shared/closed-month';
import { call } from '../common/bridge';
import { ErrorState } from '../common/error-state';
import { announceExport } from '../common/export-notice';
import { fileNameOf, formatDateTime, formatSignedMoney, pluralize } from '../common/format';
import { DownloadIcon } from '../common/icons';
import { useBridgeQuery } from '../common/use-bridge-query';
import { changeFieldLabel, changeValueText } from '../sales/changes';
import { useSyncState } from '../sync';
import { monthLabel } from './book-periods';
import { NUMBER_CELL } from '../common/number-cell';

/** A before or after value, amounts in the one currency the change is about. */
function valueText(adjustment: Adjustment, value: string | null): string {
  const [only, ...others] = adjustment.effect;
  return changeValueText(adjustment.field, value, only !== undefined && others.length === 0 ? only.currency : null);
}

function AdjustmentRows({ adjustments }: { adjustments: readonly Adjustment[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover data-testid="adjustments-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Closed month</Table.Th>
            <Table.Th>Sale</Table.Th>
            <Table.Th>What changed</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
            <Table.Th style={NUMBER_CELL}>Effect on commission</Table.Th>
            <Table.Th>Seen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {adjustments.map((adjustment, index) => (
            <Table.Tr key={`${adjustment.reference}-${adjustment.seenAt}-${index}`} data-testid="adjustment-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{monthLabel(adjustment.month)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{adjustment.reference}</Table.Td>
              <Table.Td>{changeFieldLabel(adjustment.field)}</Table.Td>
              <Table.Td>{valueText(adjustment, adjustment.before)}</Table.Td>
              <Table.Td>{valueText(adjustment, adjustment.after)}</Table.Td>
              <Table.Td style={NUMBER_CELL} data-testid="adjustment-effect">
                {adjustment.effect.length === 0
                  ? 'None'
                  : adjustment.effect.map((part) => (
                      <div key={part.currency}>{formatSignedMoney(part.commission, part.currency)}</div>
                    ))}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(adjustment.seenAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EmptyAdjustments({ closed }: { closed: readonly ClosedMonth[] }) {
  if (closed.length === 0)
    return (
      <Text size="sm" data-testid="adjustments-empty">
        No month is closed yet. Close a month under Books or Payouts; any later change to one of its sales is listed
        here.
      </Text>
    );
  return (
    <Text size="sm" data-testid="adjustments-empty">
      No sale of {closed.map((month) => monthLabel(month.month)).join(', ')} has changed since it was closed.
    </Text>
  );
}

/** The Adjustments section. */
export function AdjustmentsScreen() {
  const sync = useSyncState();
  const key = String(sync.dataVersion);
  const adjustments = useBridgeQuery(() => call('adjustments'), key);
  const closed = useBridgeQuery(() => call('closedMonths'), key, { deferred: true });
  const error = adjustments.error ?? closed.error;
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    const written = await call('exportAdjustments');
    setExporting(false);
    announceExport(
      written,
      'Adjustments exported',
      (count, path) => `Exported ${pluralize(count, 'adjustment', 'adjustments')} to ${fileNameOf(path)}`,
    );
  };
  return (
    <Stack gap="md" maw={1200} data-testid="adjustments-screen">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" align="center">
          <Title order={2} size="h3">
            Adjustments
          </Title>
          {adjustments.data !== null && adjustments.data.length > 0 && (
            <Badge variant="light" color="orange">
              {pluralize(adjustments.data.length, 'change', 'changes')}
            </Badge>
          )}
        </Group>
        {adjustments.data !== null && adjustments.data.length > 0 && (
          <Button
            size="xs"
            variant="light"
            leftSection={<DownloadIcon size={14} />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            Export adjustments (CSV)
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Changes the service made after you closed a month to the sales made in it. The closed month keeps the figures it
        was closed with; each change here is the difference since, and counts in the bridge of the period it was seen
        in.
      </Text>
      {error !== null ? (
        <ErrorState
          error={error}
          title="The adjustments could not be read from the cache"
          onRetry={() => {
            adjustments.reload();
            closed.reload();
          }}
        />
      ) : adjustments.data === null || closed.data === null ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Reading adjustments from the cache…</Text>
        </Group>
      ) : adjustments.data.length === 0 ? (
        <EmptyAdjustments closed={closed.data} />
      ) : (
        <AdjustmentRows adjustments={adjustments.data} />
      )}
    </Stack>
  );
}
