/**
 * The same period before, beside the totals: when the dates are a whole month, quarter or year (as Compare defines
 * them, fiscal years included), each currency's commission is set against the period before with the same filters,
 * as "+12.4% vs previous month". Per currency only; nothing for other ranges or when the period before had no
 * commission in that currency.
 */
import { Group, Text } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { wholePeriodOf, type CompareUnit } from '../../../../shared/compare-periods';
import type { DayRange } from '../../../../shared/dates';
import type { IpcResult } from '../../../../shared/errors';
import type { SalesFilter } from '../../../../shared/sales-query';
import type { SalesSummary } from '../../../../shared/sales-query-types';
import { call } from '../../common/bridge';
import { formatDecimalMoney, formatIsoDay } from '../../common/format';
import { ArrowDownIcon, ArrowUpIcon } from '../../common/icons';
import { useBridgeQuery } from '../../common/use-bridge-query';
import { periodChange } from './previous-period-text';

/** The totals of the period before the one shown. */
interface PreviousPeriod {
  unit: CompareUnit;
  range: DayRange;
  summary: SalesSummary;
}

const PreviousPeriodContext = createContext<PreviousPeriod | null>(null);

const NO_PREVIOUS: IpcResult<SalesSummary | null> = { ok: true, value: null };

/** Loads the period before `filter`'s dates (when they are a whole period) for the totals inside. */
export function PreviousPeriodScope({
  filter,
  dataVersion,
  children,
}: {
  filter: SalesFilter;
  dataVersion: number;
  children: ReactNode;
}) {
  const whole =
    filter.from !== undefined && filter.to !== undefined ? wholePeriodOf({ from: filter.from, to: filter.to }) : null;
  const previousFilter: SalesFilter | null =
    whole === null ? null : { ...filter, from: whole.previous.from, to: whole.previous.to };
  const query = useBridgeQuery<SalesSummary | null>(
    () => (previousFilter === null ? Promise.resolve(NO_PREVIOUS) : call('summarizeSales', previousFilter)),
    `previous|${JSON.stringify(previousFilter)}|${dataVersion}`,
  );
  // Only an answer for these very dates: an older one would set the totals against the wrong period.
  const value =
    whole !== null && query.status === 'success' && query.data !== null
      ? { unit: whole.unit, range: whole.previous, summary: query.data }
      : null;
  return <PreviousPeriodContext.Provider value={value}>{children}</PreviousPeriodContext.Provider>;
}

/**
 * One currency's change in commission earned against the period before; `compact` shows the percentage alone (the
 * words in its title).
 */
export function PreviousPeriodChange({
  currency,
  earned,
  compact = false,
}: {
  currency: string;
  earned: string;
  compact?: boolean;
}) {
  const previous = useContext(PreviousPeriodContext);
  if (previous === null) return null;
  const known = previous.summary.earned.find((c) => c.currency === currency);
  const before = known === undefined ? undefined : { commission: known.commission };
  const change = before === undefined ? null : periodChange(earned, before.commission, previous.unit);
  if (before === undefined || change === null) return null;
  const Icon = change.direction === 'up' ? ArrowUpIcon : change.direction === 'down' ? ArrowDownIcon : null;
  const beforeText = `${formatDecimalMoney(before.commission, currency)} from ${formatIsoDay(previous.range.from)} to ${formatIsoDay(previous.range.to)}`;
  return (
    <Group gap={2} wrap="nowrap" title={`${change.text}: ${beforeText}`}>
      {Icon && <Icon size={12} style={{ flexShrink: 0, color: 'var(--mantine-color-dimmed)' }} />}
      <Text
        size="xs"
        c="dimmed"
        style={{ whiteSpace: 'nowrap' }}
        data-testid="summary-previous-change"
        data-direction={change.direction}
        data-previous={before.commission}
        data-unit={previous.unit}
      >
        {compact ? change.short : change.text}
      </Text>
    </Group>
  );
}
