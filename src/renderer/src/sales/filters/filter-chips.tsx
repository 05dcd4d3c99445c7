/**
 * The active filters as removable chips under the filter bar, with "Clear filters" when more than the dates are
 * set — so it is always visible why the table shows what it shows, and one click undoes any part of it.
 */
import { Badge, Button, CloseButton, Group } from '@mantine/core';
import { clearFilters, filterChips, hasNarrowingFilters, removeChip, type SalesFilterState } from './sales-filters';

/** Props of {@link FilterChips}. */
export interface FilterChipsProps {
  filters: SalesFilterState;
  onChange: (next: SalesFilterState) => void;
  /** Collection slugs to names, for readable chips. */
  collectionLabels: ReadonlyMap<string, string>;
  /** The days the date chip stands for, shown on hover. */
  dateTitle?: string;
}

/** One chip per active filter. */
export function FilterChips({ filters, onChange, collectionLabels, dateTitle }: FilterChipsProps) {
  const chips = filterChips(filters, { collectionLabels });
  if (chips.length === 0) return null;
  return (
    // The list holds only its chips (a list may hold list items only); "Clear filters" follows it.
    <Group gap={6} wrap="wrap" data-testid="filter-chips">
      <Group gap={6} wrap="wrap" aria-label="Active filters" role="list">
        {chips.map((chip) => (
          <Badge
            key={chip.key}
            size="lg"
            radius="xl"
            variant="light"
            color="gray"
            tt="none"
            fw={500}
            pr={3}
            role="listitem"
            data-chip={chip.key}
            title={chip.key === 'date' ? dateTitle : undefined}
            rightSection={
              <CloseButton
                size="xs"
                radius="xl"
                aria-label={`Remove filter ${chip.label}`}
                onClick={() => onChange(removeChip(filters, chip.key))}
              />
            }
          >
            <span data-testid="filter-chip">{chip.label}</span>
          </Badge>
        ))}
      </Group>
      {hasNarrowingFilters(filters) && (
        <Button size="compact-xs" variant="subtle" onClick={() => onChange(clearFilters(filters))}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
