/**
 * The earned-to-received bridge of a month, quarter or year (B3), per currency: opening receivable + earned −
 * reductions − received = closing receivable, the figures `bridge --json` and the export's Bridge sheet give.
 * Amounts stay in their own currency; nothing is added across currencies.
 */
import { Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { BridgeRow } from '../../../shared/bridge';
import type { PeriodOfData } from '../common/period-of-data';
import { call } from '../common/bridge';
import { ErrorState } from '../common/error-state';
import { formatDecimalMoney } from '../common/format';
import { useBridgeQuery } from '../common/use-bridge-query';
import { NUMBER_CELL } from '../common/number-cell';

const COLUMNS: readonly { key: keyof BridgeRow; label: string }[] = [
  { key: 'opening', label: 'Opening receivable' },
  { key: 'earned', label: '+ Earned' },
  { key: 'reductions', label: '− Reductions' },
  { key: 'received', label: '− Received' },
  { key: 'closing', label: '= Closing receivable' },
];

const EXPLAINED =
  'Receivable: sales made and not declined, not paid yet. Earned: sales made in the period. Reductions: its declined sales, and its sales paid before it or without a payment date, less payments of declined sales or of sales made after it. Received: sales paid with a payment date in the period. After a closed month, the opening is the receivable recorded at its close and reductions include its adjustments.';

function BridgeRows({ rows }: { rows: readonly BridgeRow[] }) {
  if (rows.length === 0) return <Text size="sm">No sales to bridge in this period.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Currency</Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column.key} style={NUMBER_CELL}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.currency} data-testid="bridge-row" data-currency={row.currency}>
              <Table.Td>{row.currency}</Table.Td>
              {COLUMNS.map((column) => (
                <Table.Td key={column.key} style={NUMBER_CELL} data-line={column.key}>
                  {formatDecimalMoney(row[column.key], row.currency)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The bridge of `range` (as of `asOf` when given), read from the cache each time the data changes. */
export function BridgeTable({
  range,
  asOf,
  periodLabel,
  dataVersion,
  testId,
}: PeriodOfData & {
  asOf: string | null;
  testId: string;
}) {
  const bridge = useBridgeQuery(
    () => call('booksBridge', { ...range, ...(asOf === null ? {} : { asOf }) }),
    `${range.from}/${range.to}/${asOf}/${dataVersion}`,
    { deferred: true },
  );
  return (
    <Stack gap={6} data-testid={testId}>
      <Title order={3} size="h5">
        From earned to received in {periodLabel}
      </Title>
      <Text size="xs" c="dimmed">
        {EXPLAINED}
      </Text>
      {bridge.status === 'error' && bridge.error ? (
        <ErrorState error={bridge.error} title="The bridge could not be read from the cache" onRetry={bridge.reload} />
      ) : bridge.data === null ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Reading the bridge from the cache…</Text>
        </Group>
      ) : (
        <BridgeRows rows={bridge.data} />
      )}
    </Stack>
  );
}
