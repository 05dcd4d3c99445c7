/**
 * Previous / Next paging. The service's page counts are only estimates, so paging is driven by
 * whether the last answer said there is more, never by arithmetic on totals.
 */
import { Button, Group, Text } from '@mantine/core';
import { ChevronLeftIcon, ChevronRightIcon } from '../common/icons';

/** Props of {@link SalesPagination}. */
export interface SalesPaginationProps {
  page: number;
  hasMore: boolean;
  /** Disables both buttons while a page is loading. */
  disabled: boolean;
  onPageChange: (page: number) => void;
}

/** The Previous / "Page N" / Next control under the sales table. */
export function SalesPagination({ page, hasMore, disabled, onPageChange }: SalesPaginationProps) {
  return (
    <Group component="nav" aria-label="Sales pages" justify="center" gap="sm">
      <Button
        variant="default"
        size="sm"
        leftSection={<ChevronLeftIcon size={16} />}
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </Button>
      <Text size="sm" miw={64} ta="center" aria-live="polite" data-testid="sales-page">
        Page {page}
      </Text>
      <Button
        variant="default"
        size="sm"
        rightSection={<ChevronRightIcon size={16} />}
        disabled={disabled || !hasMore}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
