/**
 * The controls above the sales table: free-text search (applied after a short pause), the date range with its
 * presets and native date inputs (the user's locale and keyboard, no date-picker package), commission and payment
 * status, and "More filters" for sub-ID, category, currency and collection, whose choices come from the cache with
 * their counts. Typing a date switches to a custom range; a typed range is applied once it is whole and valid.
 */
import { Badge, Button, Group, Popover, Select, Stack, Switch, Text, TextInput, type SelectProps } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { DistinctValues, SalesSummary, ValueCount } from '../../../shared/sales-query-types';
import { capitalize, formatCount } from '../common/format';
import { CheckIcon, FilterIcon, SearchIcon } from '../common/icons';
import { DATE_PRESET_LABELS, DATE_PRESETS, presetRange, type DatePreset } from './date-presets';
import { NONE_VALUE, rangeProblems, type RangeProblems, type SalesFilterState, type ValueFilter } from './sales-filters';
import { statusOptions, type StatusOption } from './status-choices';

const SEARCH_DELAY_MS = 300;
const DATE_SETTLE_MS = 600;

/** Props of {@link SalesFilterBar}. */
export interface SalesFilterBarProps {
  filters: SalesFilterState;
  onChange: (next: SalesFilterState) => void;
  /** Values present in the cache for the dropdowns; null while loading. */
  values: DistinctValues | null;
  /** Totals by status of the sales in the date range: which statuses the status dropdowns offer; null while loading. */
  statuses: SalesSummary | null;
  today: string;
}

const PRESET_DATA = DATE_PRESETS.map((p) => ({ value: p, label: DATE_PRESET_LABELS[p] }));

/** Search, dates, statuses and the "More filters" popover. */
export function SalesFilterBar({ filters, onChange, values, statuses, today }: SalesFilterBarProps) {
  // Narrow windows show the typed dates only for a custom range (a preset's days are in its chip's tooltip).
  const wide = useMediaQuery('(min-width: 1000px)', true);
  const moreCount = (['subid', 'category', 'currency', 'collection'] as const).filter((k) => filters[k] !== null).length + (filters.noLongerReported ? 1 : 0);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="sales-filter-bar">
      <SearchInput value={filters.text} onCommit={(text) => onChange({ ...filters, text })} />
      <Select
        label="Dates"
        size="xs"
        w={150}
        data={PRESET_DATA}
        value={filters.preset}
        allowDeselect={false}
        onChange={(value) => value && onChange(withPreset(filters, value as DatePreset, today))}
      />
      {(wide || filters.preset === 'custom') && <DateRangeInputs filters={filters} onChange={onChange} today={today} />}
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

/** Status lists can name long undocumented statuses: their dropdown may be wider than the field. */
const STATUS_DROPDOWN = { width: 'max-content', position: 'bottom-start' } as const;

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

/** Choosing a preset; "custom" starts from the days shown so far. */
function withPreset(filters: SalesFilterState, preset: DatePreset, today: string): SalesFilterState {
  if (preset !== 'custom') return { ...filters, preset, from: '', to: '' };
  const shown = presetRange(filters.preset, today);
  return { ...filters, preset, from: shown?.from ?? filters.from, to: shown?.to ?? filters.to };
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

function DateRangeInputs({ filters, onChange, today }: { filters: SalesFilterState; onChange: (next: SalesFilterState) => void; today: string }) {
  const shown = filters.preset === 'custom' ? { from: filters.from, to: filters.to } : (presetRange(filters.preset, today) ?? { from: '', to: '' });
  const [draft, setDraft] = useState(shown);
  const [problems, setProblems] = useState<RangeProblems>({});
  const shownKey = `${shown.from}|${shown.to}`;
  const [lastShown, setLastShown] = useState(shownKey);
  if (shownKey !== lastShown) {
    setLastShown(shownKey);
    setDraft(shown);
    setProblems({});
  }

  const settle = useDebouncedCallback((next: { from: string; to: string }) => {
    const found = rangeProblems(next.from, next.to);
    setProblems(found);
    if (!found.from && !found.to) onChange({ ...filters, preset: 'custom', from: next.from, to: next.to });
  }, DATE_SETTLE_MS);

  const change = (patch: Partial<{ from: string; to: string }>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    settle(next);
  };

  return (
    <>
      <TextInput
        type="date"
        label="From"
        size="xs"
        w={130}
        value={draft.from}
        max={draft.to || today}
        error={problems.from}
        onChange={(event) => change({ from: event.currentTarget.value })}
        onBlur={() => settle.flush()}
      />
      <TextInput
        type="date"
        label="To"
        size="xs"
        w={130}
        value={draft.to}
        min={draft.from || undefined}
        error={problems.to}
        onChange={(event) => change({ to: event.currentTarget.value })}
        onBlur={() => settle.flush()}
      />
    </>
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
      const name = entry.value === null ? '(none)' : key === 'category' ? capitalize(entry.label ?? entry.value) : (entry.label ?? entry.value);
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
            if (value !== null && !data.some((d) => d.value === value)) data.unshift({ value, label: value === NONE_VALUE ? '(none)' : value });
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
