/**
 * The Compare section: a month, quarter or year against the one before — totals per currency with the change, and a
 * breakdown by category, sub-ID, product or collection with sales, commission, share and change, sortable, and
 * exportable as CSV. Read from the cache, so it works offline; currencies are never added together.
 */
import {
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import { useState } from 'react';
import type { BreakdownDimension, BreakdownLine, ComparedAmounts, CompareUnit } from '../../../shared/compare';
import { localIsoDay } from '../../../shared/dates';
import { call } from '../common/bridge';
import { ErrorState } from '../common/error-state';
import { announceExport } from '../common/export-notice';
import {
  formatCount,
  formatDecimalMoney,
  fileNameOf,
  formatIsoDay,
  formatSignedMoney,
  pluralize,
} from '../common/format';
import { ArrowDownIcon, ArrowUpIcon, DownloadIcon } from '../common/icons';
import { useBridgeQuery } from '../common/use-bridge-query';
import { defaultPeriod, PERIOD_UNITS, recentPeriods } from './compare-periods';
import { PeriodPicker } from './period-picker';
import { sortLines, type LineSort, type SortKey } from './line-sort';
import { NUMBER_CELL } from '../common/number-cell';

const DIMENSIONS: { value: BreakdownDimension; label: string }[] = [
  { value: 'category', label: 'Category' },
  { value: 'subid', label: 'Sub-ID' },
  { value: 'product', label: 'Product' },
  { value: 'collection', label: 'Collection' },
];

/** The change as a percentage of the period before, or null when there was nothing before. */
function percent(amounts: ComparedAmounts): string | null {
  const before = Number(amounts.previousAmount);
  if (before === 0) return null;
  const value = ((Number(amounts.amount) - before) / Math.abs(before)) * 100;
  return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)}%`;
}

/** What the person chose, kept while the app runs so that leaving Compare and coming back keeps it. */
interface CompareChoice {
  unit: CompareUnit;
  from: string;
  dimension: BreakdownDimension;
}

/** The Compare section. */
export function CompareScreen() {
  const today = localIsoDay(new Date());
  const [choice, setChoice] = useSessionStorage<CompareChoice>({
    key: 'compare-choice',
    defaultValue: { unit: 'month', from: defaultPeriod('month', today), dimension: 'category' },
    getInitialValueInEffect: false,
  });
  // Kept by this window's storage, so read back with care: anything unknown falls back to the usual choice.
  const unit = PERIOD_UNITS.some((u) => u.value === choice.unit) ? choice.unit : 'month';
  const dimension = DIMENSIONS.some((d) => d.value === choice.dimension) ? choice.dimension : 'category';
  const periods = recentPeriods(unit, today);
  // A period remembered from an earlier day may have left the list; the usual one is shown instead.
  const from = periods.some((p) => p.value === choice.from) ? choice.from : defaultPeriod(unit, today);
  const setFrom = (next: string) => setChoice({ unit, from: next, dimension });
  const setDimension = (next: BreakdownDimension) => setChoice({ unit, from, dimension: next });
  const [exporting, setExporting] = useState(false);
  const query = { unit, from, dimension };
  const result = useBridgeQuery(() => call('compareSales', query), JSON.stringify(query));

  const chooseUnit = (next: CompareUnit) => setChoice({ unit: next, from: defaultPeriod(next, today), dimension });
  const exportCsv = async () => {
    setExporting(true);
    const written = await call('exportComparison', query);
    setExporting(false);
    announceExport(
      written,
      'Breakdown exported',
      (count, path) => `Exported ${pluralize(count, 'breakdown line', 'breakdown lines')} to ${fileNameOf(path)}`,
    );
  };

  return (
    <Stack gap="md" maw={1200} data-testid="compare-screen">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          Compare with the period before
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<DownloadIcon size={14} />}
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          Export breakdown (CSV)
        </Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodPicker
          unit={unit}
          onUnit={chooseUnit}
          periods={periods}
          value={from}
          onChange={setFrom}
          testId="compare-period"
        />
        <SegmentedControl
          aria-label="Break down by"
          data={DIMENSIONS}
          value={dimension}
          onChange={(value) => setDimension(value as BreakdownDimension)}
        />
      </Group>
      {result.status === 'error' && result.error ? (
        <ErrorState
          error={result.error}
          title="The comparison could not be read from the cache"
          onRetry={result.reload}
        />
      ) : result.data === null ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Reading both periods from the cache…</Text>
        </Group>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="compare-periods">
            By sale date: {formatIsoDay(result.data.period.from)} – {formatIsoDay(result.data.period.to)}, against{' '}
            {formatIsoDay(result.data.previous.from)} – {formatIsoDay(result.data.previous.to)}.
          </Text>
          {result.data.totals.length === 0 ? (
            <Text size="sm" data-testid="compare-empty">
              No sales in either period on this computer. Sync or backfill to compare older periods.
            </Text>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                {result.data.totals.map((total) => (
                  <TotalCard key={total.currency} total={total} />
                ))}
              </SimpleGrid>
              <BreakdownTable
                lines={result.data.lines}
                dimension={DIMENSIONS.find((d) => d.value === dimension)?.label ?? ''}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
}

function TotalCard({ total }: { total: ComparedAmounts }) {
  const change = percent(total);
  return (
    <Card withBorder padding="sm" data-testid="compare-total" data-currency={total.currency}>
      <Text size="sm" c="dimmed">
        {total.currency} earned · {formatCount(total.sales)} sales
      </Text>
      <Text
        fw={700}
        size="lg"
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        title="Commission earned: approved + pending. Declined and other statuses are not included."
      >
        {formatDecimalMoney(total.amount, total.currency)}
      </Text>
      <Text size="sm" data-testid="compare-total-change">
        {formatSignedMoney(total.change, total.currency)}
        {change !== null ? ` (${change})` : ''} against {formatDecimalMoney(total.previousAmount, total.currency)}{' '}
        before
      </Text>
    </Card>
  );
}

const COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'label', label: '', numeric: false },
  { key: 'currency', label: 'Currency', numeric: false },
  { key: 'sales', label: 'Sales', numeric: true },
  { key: 'amount', label: 'Earned', numeric: true },
  { key: 'share', label: 'Share', numeric: true },
  { key: 'previousAmount', label: 'Before', numeric: true },
  { key: 'change', label: 'Change', numeric: true },
];

function BreakdownTable({ lines, dimension }: { lines: BreakdownLine[]; dimension: string }) {
  const [sort, setSort] = useState<LineSort>({ key: 'amount', direction: 'desc' });
  const sorted = sortLines(lines, sort);
  const toggle = (key: SortKey) =>
    setSort((current) => ({ key, direction: current.key === key && current.direction === 'desc' ? 'asc' : 'desc' }));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover data-testid="compare-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => {
              const active = sort.key === column.key;
              const label = column.label || dimension;
              return (
                <Table.Th
                  key={column.key}
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  style={{ textAlign: column.numeric ? 'right' : 'left' }}
                >
                  <UnstyledButton
                    onClick={() => toggle(column.key)}
                    aria-label={`Sort by ${label}`}
                    style={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                  >
                    {label}{' '}
                    {active && (sort.direction === 'asc' ? <ArrowUpIcon size={12} /> : <ArrowDownIcon size={12} />)}
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((line) => (
            <Table.Tr key={`${line.currency}-${line.key ?? ''}`} data-testid="compare-line">
              <Table.Td style={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                {line.label ?? <Text c="dimmed">(none)</Text>}
              </Table.Td>
              <Table.Td>{line.currency}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(line.sales)}
              </Table.Td>
              <Table.Td style={NUMBER_CELL}>{formatDecimalMoney(line.amount, line.currency)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {line.share === null ? '—' : `${(line.share * 100).toFixed(1)}%`}
              </Table.Td>
              <Table.Td style={NUMBER_CELL}>{formatDecimalMoney(line.previousAmount, line.currency)}</Table.Td>
              <Table.Td style={NUMBER_CELL} data-testid="compare-line-change">
                {formatSignedMoney(line.change, line.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
