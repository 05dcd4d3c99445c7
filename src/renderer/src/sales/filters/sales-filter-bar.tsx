/**
 * The controls above the sales table: free-text search (applied after a short pause), the dates — one range picker
 * in the OS locale whose shortcuts are the presets, cleared for every cached sale — commission and payment status,
 * and "More filters" for sub-ID, category, currency and collection, whose choices come from the cache with their
 * counts. Days picked that a preset stands for today are kept as that preset, so they stay relative.
 */
import { Badge, Button, Group, Popover, Select, Stack, Switch, Text, TextInput, type SelectProps } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import type { DistinctValues, SalesSummary, ValueCount } from '../../../../shared/sales-query-types';
import { capitalize, formatCount, formatPickedDays } from '../../common/format';
import { CalendarIcon, CheckIcon, FilterIcon, SearchIcon } from '../../common/icons';
import { presetChoices } from './date-presets';
import { OsDatesProvider } from './os-dates-provider';
import { NONE_VALUE, pickerDays, withPickedDays, type SalesFilterState, type ValueFilter } from './sales-filters';
import { statusOptions, type StatusOption } from './status-choices';

const SEARCH_DELAY_MS = 300;

/** Props of {@link SalesFilterBar}. */
export interface SalesFilterBarProps {
  filters: SalesFilterState;
  onChange: (next: SalesFilterState) => void;
  /** Values present in the cache for the dropdowns; null while loading. */
  values: DistinctValues | null;
  /** Totals by status of the sales in the date range: which statuses the status dropdowns offer; null while loading. */
  statuses: SalesSummary | null;
  today: string;
  /** The month (1-12) the fiscal year starts in, for the fiscal-year presets. */
  fiscalYearStartMonth: number;
}

/** Search, dates, statuses and the "More filters" popover. */
export function SalesFilterBar({
  filters,
  onChange,
  values,
  statuses,
  today,
  fiscalYearStartMonth,
}: SalesFilterBarProps) {
  const moreCount =
    (['subid', 'category', 'currency', 'collection'] as const).filter((k) => filters[k] !== null).length +
    (filters.noLongerReported ? 1 : 0);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="sales-filter-bar">
      <SearchInput value={filters.text} onCommit={(text) => onChange({ ...filters, text })} />
      <DateRangePicker
        filters={filters}
        onChange={onChange}
        today={today}
        fiscalYearStartMonth={fiscalYearStartMonth}
      />
      <Select
        label="Commission status"
        size="xs"
        w={140}
        {...statusSelectProps(statusOptions('commission', statuses, filters.commissionStatus))}
        value={filters.commissionStatus}
        allowDeselect={false}
        onChange={(value) => value && onChange({ ...filters, commissionStatus: value })}
      />
      <Select
        label="Payment status"
        size="xs"
        w={120}
        {...statusSelectProps(statusOptions('payment', statuses, filters.paymentStatus))}
        value={filters.paymentStatus}
        allowDeselect={false}
        onChange={(value) => value && onChange({ ...filters, paymentStatus: value })}
      />
      <MoreFilters filters={filters} onChange={onChange} values={values} count={moreCount} />
    </Group>
  );
}

/**
 * Status lists can name long undocumented statuses: their dropdown may be wider than the field. It is made when
 * opened: kept mounted (Mantine's default), each dropdown is positioned while the screen first draws, which makes the
 * browser work out every style on the page an extra time before the first rows.
 */
const STATUS_DROPDOWN = { width: 'max-content', position: 'bottom-start', keepMounted: false } as const;

/** A status dropdown's options, each with its sales in range beside it (the field shows the status alone). */
function statusSelectProps(options: StatusOption[]): Pick<SelectProps, 'data' | 'renderOption' | 'comboboxProps'> {
  const counts = new Map(options.map((o) => [o.value, o.count]));
  return {
    data: options.map(({ value, label }) => ({ value, label })),
    comboboxProps: STATUS_DROPDOWN,
    renderOption: ({ option, checked }) => {
      const count = counts.get(option.value) ?? null;
      return (
        <Group gap="md" justify="space-between" wrap="nowrap" w="100%">
          <Group gap={6} wrap="nowrap">
            {checked ? <CheckIcon size={14} /> : <span style={{ width: 14 }} />}
            <span>{option.label}</span>
          </Group>
          {count !== null && (
            <Text span size="xs" c="dimmed">
              {formatCount(count)}
            </Text>
          )}
        </Group>
      );
    },
  };
}

function SearchInput({ value, onCommit }: { value: string; onCommit: (text: string) => void }) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    // The filter changed elsewhere (a chip was removed): show it.
    setCommitted(value);
    setText(value);
  }
  const commit = useDebouncedCallback((next: string) => {
    setCommitted(next);
    onCommit(next);
  }, SEARCH_DELAY_MS);
  return (
    <TextInput
      label="Search"
      size="xs"
      placeholder="Reference, product, collection, sub-ID"
      leftSection={<SearchIcon size={14} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
      }}
      style={{ flex: '1 1 200px' }}
      miw={180}
      maw={360}
      maxLength={200}
      type="search"
    />
  );
}

type PickedDays = [string | null, string | null];

/**
 * The date range: the presets beside the calendar (their days worked out for today and the fiscal year chosen in
 * Settings), days after today disabled, and a clear button for every cached sale. A first day picked alone is kept
 * here until the second one is, and forgotten if the calendar closes before.
 */
function DateRangePicker({
  filters,
  onChange,
  today,
  fiscalYearStartMonth,
}: {
  filters: SalesFilterState;
  onChange: (next: SalesFilterState) => void;
  today: string;
  fiscalYearStartMonth: number;
}) {
  const [half, setHalf] = useState<PickedDays | null>(null);
  const shown = half ?? pickerDays(filters, today, fiscalYearStartMonth);
  const pick = (value: PickedDays) => {
    const [from, to] = value;
    if (from !== null && to === null) return setHalf(value);
    setHalf(null);
    onChange(withPickedDays(filters, from !== null && to !== null ? { from, to } : null, today, fiscalYearStartMonth));
  };
  return (
    <OsDatesProvider>
      <DatePickerInput
        type="range"
        label="Dates"
        size="xs"
        w={250}
        placeholder="All cached sales"
        leftSection={<CalendarIcon size={14} />}
        value={shown}
        onChange={pick}
        onDropdownClose={() => setHalf(null)}
        presets={presetChoices(today, fiscalYearStartMonth)}
        valueFormatter={formatPickedDays}
        maxDate={today}
        allowSingleDateInRange
        withNativeLevelSelect
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the dates (all cached sales)' }}
        nextLabel="Next month"
        previousLabel="Previous month"
        // The calendar is named by its field: the popover's id is the field's (Mantine gives them different ones).
        id="sales-dates"
        popoverProps={{ position: 'bottom-start', id: 'sales-dates' }}
        data-testid="dates-picker"
      />
    </OsDatesProvider>
  );
}

const MORE: { key: ValueFilter; label: string; pick: (v: DistinctValues) => ValueCount[] }[] = [
  { key: 'subid', label: 'Sub-ID', pick: (v) => v.subids },
  { key: 'category', label: 'Category', pick: (v) => v.categories },
  { key: 'currency', label: 'Currency', pick: (v) => v.currencies },
  { key: 'collection', label: 'Collection', pick: (v) => v.collections },
];

function options(list: ValueCount[], key: ValueFilter): { value: string; label: string }[] {
  return list
    .filter((entry) => entry.value !== null || key !== 'currency')
    .map((entry) => {
      const name =
        entry.value === null
          ? '(none)'
          : key === 'category'
            ? capitalize(entry.label ?? entry.value)
            : (entry.label ?? entry.value);
      return { value: entry.value ?? NONE_VALUE, label: `${name} (${formatCount(entry.count)})` };
    });
}

function MoreFilters({
  filters,
  onChange,
  values,
  count,
}: {
  filters: SalesFilterState;
  onChange: (next: SalesFilterState) => void;
  values: DistinctValues | null;
  count: number;
}) {
  return (
    <Popover position="bottom-end" shadow="md" width={280} withinPortal trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<FilterIcon size={14} />}
          rightSection={
            count > 0 ? (
              <Badge size="xs" circle>
                {count}
              </Badge>
            ) : undefined
          }
        >
          More filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {MORE.map(({ key, label, pick }) => {
            const data = values ? options(pick(values), key) : [];
            const value = filters[key];
            // Keep a remembered choice selectable even if the range no longer holds it.
            if (value !== null && !data.some((d) => d.value === value))
              data.unshift({ value, label: value === NONE_VALUE ? '(none)' : value });
            return (
              <Select
                key={key}
                label={label}
                size="xs"
                placeholder="Any"
                data={data}
                value={value}
                searchable
                openOnFocus={false}
                clearable
                nothingFoundMessage="Nothing in this range"
                comboboxProps={{ withinPortal: false }}
                onChange={(next) => onChange({ ...filters, [key]: next })}
              />
            );
          })}
          <Switch
            size="xs"
            mt={4}
            label="Show sales no longer reported"
            description="Sales the service stopped returning when their day was fetched again. Kept for your records, marked in the table."
            checked={filters.noLongerReported}
            onChange={(event) => onChange({ ...filters, noLongerReported: event.currentTarget.checked })}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
