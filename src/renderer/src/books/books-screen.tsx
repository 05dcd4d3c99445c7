/**
 * The Books section: for a month, a quarter or a year, the earned-to-received bridge per currency (B3); for a month,
 * whether it is closed, with "Close October 2026" or the figures it was closed with and "Reopen" (B2); the period's
 * payouts as a ledger file (L3). Read from the cache, so it works offline.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { comparedPeriods, type CompareUnit } from '../../../shared/compare-periods';
import { localIsoDay } from '../../../shared/dates';
import { defaultPeriod, PeriodPicker, recentPeriods } from '../compare';
import { LedgerButton } from '../ledger';
import { useSyncState } from '../sync';
import { BridgeTable } from './bridge-table';
import { HomeBridgeTable } from './home-bridge-table';
import { MonthClose } from './month-close';

/** The Books section. */
export function BooksScreen() {
  const today = localIsoDay(new Date());
  const sync = useSyncState();
  const [unit, setUnit] = useState<CompareUnit>('month');
  const [from, setFrom] = useState(defaultPeriod('month', today));
  const periods = recentPeriods(unit, today);
  const period = periods.find((choice) => choice.value === from) ?? periods[0] ?? { value: from, label: from };
  const range = comparedPeriods(unit, period.value).period;
  const chooseUnit = (next: CompareUnit) => {
    setUnit(next);
    setFrom(defaultPeriod(next, today));
  };
  const label = period.label.replace(/ \(so far\)$/, '');

  return (
    <Stack gap="md" maw={1100} data-testid="books-screen">
      <Title order={2} size="h3">
        Books
      </Title>
      <Text size="sm" c="dimmed">
        What was earned and what was received, and what is still owed at the start and end of the period. Close a month
        once it is handed over: its figures are kept, and later changes to its sales are listed under Adjustments.
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodPicker
          unit={unit}
          onUnit={chooseUnit}
          periods={periods}
          value={period.value}
          onChange={setFrom}
          testId="books-period"
        />
      </Group>
      {unit === 'month' && <MonthClose month={period.value.slice(0, 7)} label={label} today={today} />}
      <BridgeTable
        range={range}
        asOf={null}
        periodLabel={period.label}
        dataVersion={sync.dataVersion}
        testId="books-bridge"
      />
      <LedgerButton range={range} periodLabel={label} dataVersion={sync.dataVersion} />
      <HomeBridgeTable range={range} periodLabel={period.label} dataVersion={sync.dataVersion} />
    </Stack>
  );
}
