/**
 * The fiscal year on Payouts (B5): per currency and month, commission on a cash basis (paid, by payment date) and on
 * an accrual basis (made, by sale date), side by side with their difference, and its workbook. The year starts on the
 * day set in Settings; the core reads the months, so the screen and the workbook use the same period rule.
 */
import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { YearRow, YearSummary } from '../../../shared/year-summary';
import { rateDayWords } from '../../../shared/rate-rule';
import { call } from '../common/bridge';
import { announceExport } from '../common/export-notice';
import { formatDecimalMoney, formatIsoDay } from '../common/format';
import { DownloadIcon } from '../common/icons';
import { useBridgeQuery } from '../common/use-bridge-query';
import { useSyncState } from '../sync';
import { NUMBER_CELL } from '../common/number-cell';

/** The years offered: the current fiscal year and the five before it. */
function yearChoices(current: number): { value: string; label: string }[] {
  return Array.from({ length: 6 }, (_, i) => String(current - i)).map((year) => ({ value: year, label: year }));
}

/** Writes the year's workbook through the save dialog and says where it went. */
async function exportYear(year: number): Promise<void> {
  const written = await call('exportYear', { year });
  announceExport(written, 'Year exported', () => `Exported the fiscal year ${year} (Cash and Accrual sheets)`);
}

function YearRows({ rows, currency }: { rows: readonly YearRow[]; currency: string }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid="year-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th style={NUMBER_CELL}>Cash (paid)</Table.Th>
            <Table.Th style={NUMBER_CELL}>Accrual (made)</Table.Th>
            <Table.Th style={NUMBER_CELL}>Difference</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows
            .filter((row) => row.currency === currency)
            .map((row) => (
              <Table.Tr
                key={row.month}
                data-testid="year-row"
                data-month={row.month}
                fw={row.month === 'total' ? 700 : undefined}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {row.month === 'total' ? 'Year' : `${formatIsoDay(row.from)} – ${formatIsoDay(row.to)}`}
                </Table.Td>
                <Table.Td style={NUMBER_CELL}>{formatDecimalMoney(row.cash, currency)}</Table.Td>
                <Table.Td style={NUMBER_CELL}>{formatDecimalMoney(row.accrual, currency)}</Table.Td>
                <Table.Td style={NUMBER_CELL}>{formatDecimalMoney(row.difference, currency)}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function YearBody({ summary, onYear }: { summary: YearSummary; onYear: (year: number) => void }) {
  const currencies = [...new Set(summary.rows.map((row) => row.currency))];
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen !== null && currencies.includes(chosen) ? chosen : (currencies[0] ?? null);
  const [exporting, setExporting] = useState(false);
  const write = async () => {
    setExporting(true);
    await exportYear(summary.year);
    setExporting(false);
  };
  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Fiscal year"
            data={yearChoices(summary.currentYear)}
            value={String(summary.year)}
            onChange={(value) => value !== null && onYear(Number(value))}
            allowDeselect={false}
            w={120}
            data-testid="year-choice"
          />
          {currencies.length > 1 && (
            <Select
              label="Currency"
              data={currencies}
              value={currency}
              onChange={setChosen}
              allowDeselect={false}
              w={110}
              data-testid="year-currency"
            />
          )}
        </Group>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<DownloadIcon size={14} />}
          loading={exporting}
          onClick={() => void write()}
          data-testid="year-export"
        >
          Export year (xlsx)
        </Button>
      </Group>
      <Text size="sm" c="dimmed" data-testid="year-period">
        {formatIsoDay(summary.from)} to {formatIsoDay(summary.to)}, each month from day {summary.startDay} (the start is
        set in Settings). Cash counts the commission paid, by payment date; accrual the commission of the sales made, by
        sale date. Declined sales count in neither. Over the year, the difference equals the change in what is owed and
        pending.
      </Text>
      {currency === null ? (
        <Text size="sm">No sale was made or paid in this fiscal year.</Text>
      ) : (
        <>
          <YearRows rows={summary.rows} currency={currency} />
          <HomeYearLine year={summary.year} currency={currency} />
        </>
      )}
    </>
  );
}

/** The year's totals of `currency` in the home currency, when one is set and rates are stored. */
function HomeYearLine({ year, currency }: { year: number; currency: string }) {
  const sync = useSyncState();
  const home = useBridgeQuery(() => call('homeYear', { year }), `${year}/${sync.dataVersion}`, {
    deferred: true,
  });
  if (home.data === null || home.data.kind !== 'converted') return null;
  const { home: code, rows, rule } = home.data;
  const total = rows.find((row) => row.currency === currency && row.month === 'total');
  if (total === undefined) return null;
  return (
    <Text size="sm" data-testid="year-home">
      {total.unconverted ??
        `≈ In ${code} for the year (approximate, ECB rates): cash ${formatDecimalMoney(total.cash, code)}, each payment at ${rateDayWords('received', rule.received)}; accrual ${formatDecimalMoney(total.accrual, code)}, each sale at ${rateDayWords('earned', rule.earned)}.`}
    </Text>
  );
}

/** The Year section of Payouts. */
export function YearSection() {
  const [year, setYear] = useState<number | null>(null);
  const sync = useSyncState();
  const summary = useBridgeQuery(
    () => call('yearSummary', year === null ? {} : { year }),
    `${year}/${sync.dataVersion}`,
  );
  return (
    <Stack gap={6} data-testid="payouts-year">
      <Title order={3} size="h5">
        Cash and accrual by fiscal year
      </Title>
      {summary.data === null ? (
        <Text size="sm" c="dimmed">
          {summary.status === 'error' ? 'The fiscal year could not be read from the cache.' : 'Reading the year…'}
        </Text>
      ) : (
        <YearBody summary={summary.data} onYear={setYear} />
      )}
    </Stack>
  );
}
