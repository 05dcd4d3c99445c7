/**
 * The bridge in the home currency (L2), under the bridge on Books: approximate, at the ECB reference rates, each
 * currency's row converted apart (never added to the original amounts), with the exchange difference line that closes
 * it, and the rule used said in words. When no home currency is chosen or no rates are stored, it says where to set
 * them.
 */
import { Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { HomeBridgeRow } from '../../../shared/bridge';
import type { PeriodOfData } from '../common/period-of-data';
import { rateRuleText } from '../../../shared/rate-rule';
import { call } from '../common/bridge';
import { ErrorState } from '../common/error-state';
import { formatDecimalMoney, pluralize } from '../common/format';
import { useBridgeQuery } from '../common/use-bridge-query';
import { NUMBER_CELL } from '../common/number-cell';

const COLUMNS: readonly { key: keyof HomeBridgeRow; label: string }[] = [
  { key: 'opening', label: 'Opening receivable' },
  { key: 'earned', label: '+ Earned' },
  { key: 'reductions', label: '− Reductions' },
  { key: 'received', label: '− Received' },
  { key: 'exchangeDifference', label: '+ Exchange diff.' },
  { key: 'closing', label: '= Closing receivable' },
];

const DIFFERENCE =
  'The exchange difference is what the rates of money received gave more (or less) than those of earnings.';

function Rows({ rows, home }: { rows: readonly HomeBridgeRow[]; home: string }) {
  if (rows.length === 0) return <Text size="sm">No sales to bridge in this period.</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid="home-bridge-table" aria-label={`Bridge in ${home}, approximate`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Sales in</Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column.key} style={NUMBER_CELL}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.currency} data-testid="home-bridge-row" data-currency={row.currency}>
              <Table.Td>{row.currency}</Table.Td>
              {row.unconverted !== null ? (
                <Table.Td colSpan={COLUMNS.length} c="dimmed">
                  {row.unconverted}
                </Table.Td>
              ) : (
                COLUMNS.map((column) => (
                  <Table.Td key={column.key} style={NUMBER_CELL} data-line={column.key}>
                    {formatDecimalMoney(row[column.key] as string, home)}
                  </Table.Td>
                ))
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The home-currency bridge of `range`. */
export function HomeBridgeTable({ range, periodLabel, dataVersion }: PeriodOfData) {
  const bridge = useBridgeQuery(() => call('homeBridge', range), `${range.from}/${range.to}/${dataVersion}`, {
    deferred: true,
  });
  const data = bridge.data;
  const earlier = data?.kind === 'converted' ? data.rows.reduce((sum, row) => sum + row.earlierRates, 0) : 0;
  return (
    <Stack gap={6} data-testid="books-home-bridge">
      <Title order={3} size="h5">
        {data?.kind === 'converted' ? `≈ In ${data.home} (approximate), ${periodLabel}` : 'In your home currency'}
      </Title>
      {bridge.status === 'error' && bridge.error ? (
        <ErrorState error={bridge.error} title="The converted bridge could not be read" onRetry={bridge.reload} />
      ) : data === null ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Converting at the stored rates…</Text>
        </Group>
      ) : data.kind === 'no home currency' ? (
        <Text size="sm">Choose your home currency in Settings › Home currency and rates to see this bridge in it.</Text>
      ) : data.kind === 'no rates' ? (
        <Text size="sm">
          No reference rates are stored. Import the ECB’s eurofxref-hist.csv in Settings › Home currency and rates.
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {rateRuleText(data.home, data.rule)} {DIFFERENCE}
            {earlier > 0 ? ` ${pluralize(earlier, 'conversion', 'conversions')} used an earlier day’s rate.` : ''}
          </Text>
          <Rows rows={data.rows} home={data.home} />
        </>
      )}
    </Stack>
  );
}
