/**
 * Fetches and shows one page of sales for the committed filters: summary, table, paging, and the
 * empty, loading and error states around them.
 */
import { Button, EmptyState, Stack } from '@mantine/core';
import { call } from '../common/bridge';
import { ErrorState } from '../common/error-state';
import { formatIsoDay } from '../common/format';
import { SalesIcon } from '../common/icons';
import { useBridgeQuery } from '../common/use-bridge-query';
import { toSalesQuery, type SalesFilters } from './sales-filters';
import { SalesPagination } from './sales-pagination';
import { SalesSummary } from './sales-summary';
import { SalesTable } from './sales-table';

/** Props of {@link SalesResults}. */
export interface SalesResultsProps {
  filters: SalesFilters;
  page: number;
  onPageChange: (page: number) => void;
}

/** One page of the sales report. */
export function SalesResults({ filters, page, onPageChange }: SalesResultsProps) {
  const query = toSalesQuery(filters, page);
  const result = useBridgeQuery(() => call('listSales', query), JSON.stringify(query));
  const loading = result.status === 'loading';
  const data = result.data;

  if (result.status === 'error' && result.error) {
    return <ErrorState error={result.error} title="Sales could not be loaded" onRetry={result.reload} />;
  }
  const empty = !loading && data !== null && data.sales.length === 0;
  const caption = `Sales from ${formatIsoDay(filters.startDate)} to ${formatIsoDay(filters.endDate)}, page ${page}`;

  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <SalesSummary data={data} />
      {empty ? (
        <NoSales page={page} onFirstPage={() => onPageChange(1)} />
      ) : (
        <SalesTable sales={data?.sales ?? null} caption={caption} busy={loading} />
      )}
      {(page > 1 || data?.hasMore) && (
        <SalesPagination page={page} hasMore={data?.hasMore ?? false} disabled={loading} onPageChange={onPageChange} />
      )}
    </Stack>
  );
}

function NoSales({ page, onFirstPage }: { page: number; onFirstPage: () => void }) {
  if (page > 1) {
    return (
      <EmptyState
        icon={<SalesIcon size={28} />}
        title="This page is empty"
        description="The report said more sales would follow, but this page has none."
        py="xl"
      >
        <EmptyState.Actions>
          <Button variant="light" onClick={onFirstPage}>
            Back to page 1
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<SalesIcon size={28} />}
      title="No sales in this date range."
      description="Try a wider range."
      py="xl"
      data-testid="sales-empty"
    />
  );
}
