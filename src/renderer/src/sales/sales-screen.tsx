/**
 * The sales browser: pick a date range and order, page through the report, export it. Filters
 * and page live in the shell's {@link SalesView} so they survive switching sections.
 */
import { Group, Stack, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { ExportButton } from './export-button';
import { toExportRequest } from './sales-filters';
import { SalesFilterBar } from './sales-filter-bar';
import { SalesResults } from './sales-results';
import { useRangeDraft } from './use-range-draft';
import type { SalesView } from './use-sales-view';

/**
 * The screen fills the window below the header (and the session-only banner, when shown), so the
 * table (which scrolls inside itself) keeps its header, sideways scrollbar and the paging buttons
 * in view. Tiny windows scroll as a page.
 */
const FILL_SCREEN: CSSProperties = {
  height:
    'calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem) - var(--shell-banner-offset, 0px))',
  minHeight: 420,
};

/** Props of {@link SalesScreen}. */
export interface SalesScreenProps {
  view: SalesView;
}

/** The Sales section. */
export function SalesScreen({ view }: SalesScreenProps) {
  const { filters, page, updateFilters, setPage } = view;
  const draft = useRangeDraft({ startDate: filters.startDate, endDate: filters.endDate }, updateFilters);
  const exportRequest = draft.usable ? toExportRequest({ ...filters, ...draft.range }) : null;

  return (
    <Stack gap="sm" style={FILL_SCREEN}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2}>Sales</Title>
        <ExportButton request={exportRequest} />
      </Group>
      <SalesFilterBar draft={draft} orderBy={filters.orderBy} onOrderChange={(orderBy) => updateFilters({ orderBy })} />
      <SalesResults filters={filters} page={page} onPageChange={setPage} />
    </Stack>
  );
}
