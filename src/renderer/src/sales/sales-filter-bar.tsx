/**
 * The controls above the sales table: the date range and the order. Native date inputs keep the
 * user's locale and keyboard behaviour without a date-picker package.
 */
import { Group, Select, TextInput } from '@mantine/core';
import type { OrderBy } from '../../../shared/domain';
import { ORDER_OPTIONS } from './sales-filters';
import type { RangeDraft } from './use-range-draft';

/** Props of {@link SalesFilterBar}. */
export interface SalesFilterBarProps {
  draft: RangeDraft;
  orderBy: OrderBy;
  onOrderChange: (orderBy: OrderBy) => void;
}

function isOrderBy(value: string | null): value is OrderBy {
  return ORDER_OPTIONS.some((option) => option.value === value);
}

/** Date range and order inputs. */
export function SalesFilterBar({ draft, orderBy, onOrderChange }: SalesFilterBarProps) {
  const { range, problems } = draft;
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        type="date"
        label="From"
        value={range.startDate}
        max={range.endDate || undefined}
        error={problems.startDate}
        onChange={(event) => draft.change({ startDate: event.currentTarget.value })}
        onBlur={draft.settle}
        w={170}
      />
      <TextInput
        type="date"
        label="To"
        value={range.endDate}
        min={range.startDate || undefined}
        error={problems.endDate}
        onChange={(event) => draft.change({ endDate: event.currentTarget.value })}
        onBlur={draft.settle}
        w={170}
      />
      <Select
        label="Order"
        data={ORDER_OPTIONS}
        value={orderBy}
        allowDeselect={false}
        onChange={(value) => isOrderBy(value) && onOrderChange(value)}
        w={160}
      />
    </Group>
  );
}
