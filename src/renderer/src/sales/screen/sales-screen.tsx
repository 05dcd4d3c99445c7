/**
 * The sales browser, reading only from the local cache: filters with chips, data freshness, per-currency totals,
 * the virtual table with its column chooser and detail drawer, charts and breakdowns, and the status changes of
 * the last sync. Every query carries the sync's data version, so the screen refreshes itself while a sync stores
 * sales. View state lives in the shell's {@link SalesView} so it survives switching sections.
 */
import { Anchor, Box, Button, Collapse, EmptyState, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo, useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import type { SaleSortColumn, SalesFilter } from '../../../../shared/sales-query';
import type { CachedSale, SalesSummary } from '../../../../shared/sales-query-types';
import { call } from '../../common/bridge';
import { useFirstPaintDone } from '../../common/first-paint';
import { ErrorState } from '../../common/error-state';
import { usePreferences } from '../../common/preferences-context';
import { formatIsoDay, pluralize } from '../../common/format';
import { ChartIcon, FilterIcon, HistoryIcon, SalesIcon, SyncIcon } from '../../common/icons';
import { useBridgeQuery } from '../../common/use-bridge-query';
import { BackfillBanner, useSyncActions, useSyncState } from '../../sync';
import {
  Breakdowns,
  CommissionChart,
  SummaryBar as SummaryBarAlways,
  TotalsByCurrency,
  PreviousPeriodScope,
} from '../insights';
import {
  visibleIds,
  resizeColumn,
  ColumnChooser,
  COLUMN_BY_ID,
  type SalesColumn,
  SalesGrid,
  ToolbarButton,
  SaleDrawer,
  sortNote,
  useSalesRows,
} from '../table';
import { ExportButton as ExportButtonAlways, exportRequestFor } from '../export';
import {
  FilterChips,
  SalesFilterBar as SalesFilterBarAlways,
  clearFilters,
  DEFAULT_SORT,
  effectiveRange,
  hasNarrowingFilters,
  toSalesFilter,
} from '../filters';
import { ChangesView, useNoLongerReported } from '../changes';
import { TabPartLoading } from './tab-part-loading';
import { DataAsOfText, FreshnessBanner, StatusesCheckedText, RecheckPeriodButton } from '../freshness';
import type { SalesTab, SalesView } from '../view';

/**
 * The screen fills the window below the header (and the session-only banner, when shown), so the table scrolls
 * inside itself with its header in view. Tiny windows scroll as a page.
 */
const FILL_SCREEN: CSSProperties = {
  height:
    'calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem) - var(--shell-banner-offset, 0px))',
  minHeight: 440,
};

/** Windows this short get the compact layout (the summary bar uses the same query). */
const SHORT_WINDOW = '(max-height: 720px)';

/*
 * The screen re-renders whenever one of its answers arrives (totals, filter choices, how fresh the statuses are, the
 * sync's status). The table, the filter bar, the totals and the export menu are drawn again only when their own
 * inputs change: at the first rows, each answer arriving redrew them all, one long task after another.
 */
const SalesFilterBar = memo(SalesFilterBarAlways);
const SummaryBar = memo(SummaryBarAlways);
const ExportButton = memo(ExportButtonAlways);

/** Sort directions a column starts with: newest, largest first for dates and amounts. */
const DESCENDING_FIRST = new Set<SaleSortColumn>([
  'transactionDate',
  'paymentDate',
  'commissionAmount',
  'transactionAmount',
  'firstSeen',
  'lastChanged',
]);

/** Props of {@link SalesScreen}. */
export interface SalesScreenProps {
  view: SalesView;
  /** The account (or demo) whose preferences apply. */
  scope: string;
}

/** The Sales section. */
export function SalesScreen({ view, scope }: SalesScreenProps) {
  const sync = useSyncState();
  const { today, dataVersion } = sync;
  const { filters, sort, layout } = view;
  const { fiscalYearStartMonth } = usePreferences().prefs;
  const filter = useMemo(
    () => toSalesFilter(filters, today, fiscalYearStartMonth),
    [filters, today, fiscalYearStartMonth],
  );
  const range = useMemo(
    () => effectiveRange(filters, today, fiscalYearStartMonth),
    [filters, today, fiscalYearStartMonth],
  );
  const rangeFilter: SalesFilter = range ? { from: range.from, to: range.to } : {};
  const filterKey = JSON.stringify(filter);
  // The filter bar's choices wait behind the table's rows and the totals (see BridgeQueryOptions.deferred).
  const values = useBridgeQuery(
    () => call('salesFilterValues', rangeFilter),
    `${JSON.stringify(rangeFilter)}|${dataVersion}`,
    { deferred: true },
  );
  // Which statuses the range holds, the service's own words included: what the status dropdowns offer.
  const rangeStatuses = useBridgeQuery(
    () => call('summarizeSales', rangeFilter),
    `statuses|${JSON.stringify(rangeFilter)}|${dataVersion}`,
    {
      deferred: true,
    },
  );
  const allValues = useBridgeQuery(() => call('salesFilterValues', {}), `all|${dataVersion}`, { deferred: true });
  const summary = useBridgeQuery(() => call('summarizeSales', filter), `${filterKey}|${dataVersion}`);
  const [drawerSale, setDrawerSale] = useState<CachedSale | null>(null);
  const painted = useFirstPaintDone();
  // Short windows: closer rows of controls and a closed filter bar, so the table keeps its rows.
  const short = useMediaQuery(SHORT_WINDOW, false);
  const filterBar = useFilterBarOpen(short);
  const gap = short ? 6 : 'var(--mantine-spacing-xs)';

  const collectionLabels = useMemo(
    () =>
      new Map(
        (allValues.data?.collections ?? []).flatMap((c) =>
          c.value && c.label ? [[c.value, c.label] as [string, string]] : [],
        ),
      ),
    [allValues.data],
  );
  const nothingToExport = summary.data !== null && summary.data.byCurrency.length === 0;
  const exportRequest = useCallback(
    (format: 'xlsx' | 'csv') => (nothingToExport ? null : exportRequestFor(filter, sort, visibleIds(layout), format)),
    [nothingToExport, filter, sort, layout],
  );
  const dataAsOf = summary.data?.dataAsOf ?? null;

  const openByReference = useCallback(async (reference: string) => {
    const result = await call('querySales', { filter: { text: reference }, sort: DEFAULT_SORT, offset: 0, limit: 50 });
    const sale = result.ok ? result.value.rows.find((row) => row.reference === reference) : undefined;
    if (sale) setDrawerSale(sale);
  }, []);

  return (
    <Tabs
      value={view.tab}
      onChange={(tab) => tab && view.setTab(tab as SalesTab)}
      keepMounted={false}
      style={{ ...FILL_SCREEN, display: 'flex', flexDirection: 'column', gap }}
    >
      <BackfillBanner scope={scope} />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Tabs.List style={{ flexWrap: 'nowrap' }}>
          <Tabs.Tab value="browse" leftSection={<SalesIcon size={15} />}>
            Sales
          </Tabs.Tab>
          <Tabs.Tab value="insights" leftSection={<ChartIcon size={15} />}>
            Charts &amp; totals
          </Tabs.Tab>
          <Tabs.Tab value="changes" leftSection={<HistoryIcon size={15} />}>
            Changes
          </Tabs.Tab>
        </Tabs.List>
        <Group gap="xs" wrap="nowrap">
          {view.tab !== 'changes' && (
            <ToolbarButton
              label="Filters"
              icon={<FilterIcon size={14} />}
              active={filterBar.open}
              aria-expanded={filterBar.open}
              aria-controls="sales-filter-bar"
              onClick={filterBar.toggle}
              data-testid="filter-bar-toggle"
            />
          )}
          {view.tab === 'browse' && <ColumnChooser layout={layout} onChange={view.setLayout} />}
          {/* The Changes tab lists changes, not sales: an export of sales there would not be what it shows. */}
          {view.tab !== 'changes' && <ExportButton request={exportRequest} today={today} shownRange={range} />}
        </Group>
      </Group>
      {view.tab !== 'changes' && (
        <>
          {/* One flex item with the chips below it, so the closed bar leaves no gap of its own. */}
          <div>
            <Collapse expanded={filterBar.open} id="sales-filter-bar" transitionDuration={150}>
              <Box pb={gap}>
                <SalesFilterBar
                  filters={filters}
                  onChange={view.setFilters}
                  values={values.data}
                  statuses={rangeStatuses.data}
                  today={today}
                  fiscalYearStartMonth={fiscalYearStartMonth}
                />
              </Box>
            </Collapse>
            <Group gap="xs" justify="space-between" wrap="wrap" mih={22}>
              <FilterChips
                filters={filters}
                onChange={view.setFilters}
                collectionLabels={collectionLabels}
                dateTitle={range ? `${formatIsoDay(range.from)} – ${formatIsoDay(range.to)}` : undefined}
              />
              <Group gap="sm" wrap="wrap" justify="flex-end" style={{ marginLeft: 'auto' }}>
                <DataAsOfText dataAsOf={dataAsOf} />
                <StatusesCheckedText filter={filter} />
                <RecheckPeriodButton range={range} />
              </Group>
            </Group>
          </div>
          <FreshnessBanner dataAsOf={dataAsOf} range={range} />
        </>
      )}
      <Tabs.Panel value="browse" style={{ ...PANEL, gap }}>
        <PreviousPeriodScope filter={filter} dataVersion={dataVersion}>
          <SummaryBar summary={summary.data} />
        </PreviousPeriodScope>
        <SalesTable
          view={view}
          filter={filter}
          cacheEmpty={allValues.data !== null && allValues.data.firstDay === null}
          onOpen={setDrawerSale}
        />
      </Tabs.Panel>
      <Tabs.Panel value="insights" style={{ ...PANEL, overflowY: 'auto' }}>
        <Insights view={view} filter={filter} summary={summary.data} />
      </Tabs.Panel>
      <Tabs.Panel value="changes" style={PANEL}>
        <TabPartLoading height={200}>
          <ChangesView onOpenSale={(reference) => void openByReference(reference)} />
        </TabPartLoading>
      </Tabs.Panel>
      {/* Closed, it waits for the first frame (see first-paint.ts). */}
      {(painted || drawerSale !== null) && <SaleDrawer sale={drawerSale} onClose={() => setDrawerSale(null)} />}
    </Tabs>
  );
}

/**
 * Whether the filter bar is shown: by default in windows tall enough to keep rows for the table, and then as the
 * person chose. Closed, the chips still name every active filter.
 */
function useFilterBarOpen(short: boolean): { open: boolean; toggle: () => void } {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? !short;
  return { open, toggle: () => setChosen(!open) };
}

const PANEL: CSSProperties = {
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--mantine-spacing-xs)',
};

interface SalesTableProps {
  view: SalesView;
  filter: SalesFilter;
  /** True when the cache holds no sale of this account at all. */
  cacheEmpty: boolean;
  onOpen: (sale: CachedSale) => void;
}

const SalesTable = memo(function SalesTable({ view, filter, cacheEmpty, onOpen }: SalesTableProps) {
  const sync = useSyncState();
  const { sort, layout, filters } = view;
  const rows = useSalesRows(filter, sort, sync.dataVersion);
  const unreported = useNoLongerReported(filter.includeNoLongerReported === true, sync.dataVersion);
  const queryKey = JSON.stringify({ filter, sort });
  const [selection, setSelection] = useState<{ key: string; index: number | null }>({ key: queryKey, index: null });
  const selected = selection.key === queryKey ? selection.index : null;
  const order = sortNote(sort);
  const [fitToWindow, setFitToWindow] = useState(true);
  const [leftOut, setLeftOut] = useState<string[]>([]);
  // The table reports its hidden columns after every change of them, and once when drawn: the same list keeps the
  // state, so that first report does not draw the table a second time before its first frame.
  const onHiddenColumns = useCallback(
    (ids: string[]) => setLeftOut((old) => (old.join(',') === ids.join(',') ? old : ids)),
    [],
  );
  const columns = visibleIds(layout).flatMap((id) => {
    const column = COLUMN_BY_ID.get(id);
    return column ? [column] : [];
  }) as SalesColumn[];

  const onSort = (column: SaleSortColumn) => {
    const direction =
      sort.column === column
        ? sort.direction === 'asc'
          ? 'desc'
          : 'asc'
        : DESCENDING_FIRST.has(column)
          ? 'desc'
          : 'asc';
    view.setSort({ column, direction });
  };

  if (rows.error)
    return <ErrorState error={rows.error} title="Sales could not be read from the cache" onRetry={rows.reload} />;
  if (rows.total === null) {
    return (
      <Group justify="center" py="xl" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text c="dimmed" size="sm">
          Loading sales…
        </Text>
      </Group>
    );
  }
  if (rows.total === 0) {
    return (
      <NoSales
        cacheEmpty={cacheEmpty}
        narrowed={hasNarrowingFilters(filters)}
        onClear={() => view.setFilters(clearFilters(filters))}
        hidden={
          <HiddenMatches filter={filter} onShow={() => view.setFilters({ ...filters, noLongerReported: true })} />
        }
      />
    );
  }
  return (
    <Stack gap={4} style={{ flex: 1, minHeight: 0 }}>
      <Text size="xs" c="dimmed" data-testid="sales-total" data-value={rows.total} aria-live="polite">
        {pluralize(rows.total, 'sale', 'sales')}
        {filter.includeNoLongerReported &&
          (unreported.error
            ? ' · sales no longer reported could not be marked'
            : ' · sales no longer reported are marked')}
        {order !== null && <span data-testid="sort-note">{` · ${order}`}</span>}
        <LeftOutNote leftOut={leftOut} fitToWindow={fitToWindow} onChange={setFitToWindow} />
        <Text span inherit visibleFrom="md">
          {' '}
          · ↑↓ to move, Enter for details
        </Text>
      </Text>
      <SalesGrid
        columns={columns}
        widths={layout.widths}
        total={rows.total}
        rowAt={rows.rowAt}
        showRows={rows.showRows}
        sort={sort}
        onSort={onSort}
        onResize={(id, width) => view.setLayout((current) => resizeColumn(current, id, width))}
        selected={selected}
        onSelect={(index) => setSelection({ key: queryKey, index })}
        onOpen={(index) => {
          const sale = rows.rowAt(index);
          if (sale) onOpen(sale);
        }}
        label={`Sales, ${pluralize(rows.total, 'row', 'rows')}`}
        resetKey={queryKey}
        noLongerReported={unreported.references}
        fitToWindow={fitToWindow}
        onHiddenColumns={onHiddenColumns}
      />
    </Stack>
  );
});

/** Which columns the window is too narrow for, with a way to show them anyway (the table then scrolls sideways). */
function LeftOutNote({
  leftOut,
  fitToWindow,
  onChange,
}: {
  leftOut: string[];
  fitToWindow: boolean;
  onChange: (fit: boolean) => void;
}) {
  if (!fitToWindow) {
    return (
      <>
        {' · '}
        <Anchor component="button" type="button" inherit onClick={() => onChange(true)}>
          Fit columns to the window
        </Anchor>
      </>
    );
  }
  if (leftOut.length === 0) return null;
  const names = leftOut.map((id) => COLUMN_BY_ID.get(id)?.header ?? id).join(', ');
  return (
    <span data-testid="columns-left-out" data-columns={leftOut.join(',')}>
      {' · '}
      {`${names} hidden to fit · `}
      <Anchor component="button" type="button" inherit onClick={() => onChange(false)}>
        Show all columns
      </Anchor>
    </span>
  );
}

/**
 * A search or filter that finds only sales the service no longer reports would otherwise say "No sales match": the
 * hint says they exist and shows them with one click.
 */
function HiddenMatches({ filter, onShow }: { filter: SalesFilter; onShow: () => void }) {
  const sync = useSyncState();
  const wider = { ...filter, includeNoLongerReported: true };
  const hidden = useBridgeQuery<number>(
    async () =>
      filter.includeNoLongerReported === true
        ? { ok: true as const, value: 0 }
        : call('querySales', {
            filter: wider,
            sort: { column: 'transactionDate', direction: 'desc' },
            offset: 0,
            limit: 1,
          }).then((r) => (r.ok ? { ok: true as const, value: r.value.total } : r)),
    `${JSON.stringify(wider)}|${sync.dataVersion}`,
  );
  const count = hidden.data ?? 0;
  if (count === 0) return null;
  return (
    <Stack gap={4} align="center" data-testid="hidden-matches">
      <Text size="sm">
        {`${pluralize(count, 'sale', 'sales')} the service no longer reports ${count === 1 ? 'matches' : 'match'}. They are kept for your records and hidden by default.`}
      </Text>
      <Button variant="light" onClick={onShow}>
        Show sales no longer reported
      </Button>
    </Stack>
  );
}

function NoSales({
  cacheEmpty,
  narrowed,
  onClear,
  hidden,
}: {
  cacheEmpty: boolean;
  narrowed: boolean;
  onClear: () => void;
  hidden: ReactNode;
}) {
  const sync = useSyncState();
  const syncActions = useSyncActions();
  const [starting, setStarting] = useState(false);
  if (cacheEmpty && sync.running) {
    return (
      <EmptyState
        icon={<Loader size="sm" />}
        title="Fetching your sales…"
        description="The sync is running in the background. Sales appear here as they arrive."
        py="xl"
        data-testid="sales-syncing"
      />
    );
  }
  if (cacheEmpty) {
    const syncNow = async () => {
      setStarting(true);
      await syncActions.startRoutine();
      setStarting(false);
    };
    return (
      <EmptyState
        icon={<SalesIcon size={28} />}
        title="No sales on this computer yet"
        description={
          sync.offline
            ? 'You are offline. Connect to the internet, then sync to fetch your sales.'
            : 'Sync to fetch your sales from the platform; they are then kept here for offline use.'
        }
        py="xl"
        data-testid="sales-empty"
      >
        <EmptyState.Actions>
          <Button
            leftSection={<SyncIcon size={16} />}
            loading={starting}
            disabled={sync.running}
            onClick={() => void syncNow()}
          >
            Sync now
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<SalesIcon size={28} />}
      title={narrowed ? 'No sales match these filters' : 'No sales in this date range'}
      description={
        narrowed
          ? 'Remove a filter above, or clear them all.'
          : 'Choose a wider date range, or sync the missing days if the banner above offers it.'
      }
      py="xl"
      data-testid="sales-empty"
    >
      {hidden}
      {narrowed && (
        <EmptyState.Actions>
          <Button variant="light" onClick={onClear}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

function Insights({ view, filter, summary }: { view: SalesView; filter: SalesFilter; summary: SalesSummary | null }) {
  const sync = useSyncState();
  const key = `${JSON.stringify(filter)}|${sync.dataVersion}`;
  const series = useBridgeQuery(
    () => call('salesSeries', { filter, interval: view.interval }),
    `${key}|${view.interval}`,
  );
  const top = useBridgeQuery(async () => {
    const [collection, product, subid] = await Promise.all(
      (['collection', 'product', 'subid'] as const).map((dimension) =>
        call('topSales', { filter, dimension, limit: 8 }),
      ),
    );
    if (!collection?.ok)
      return collection ?? { ok: false as const, error: { code: 'INTERNAL' as const, message: 'No answer.' } };
    if (!product?.ok)
      return product ?? { ok: false as const, error: { code: 'INTERNAL' as const, message: 'No answer.' } };
    if (!subid?.ok) return subid ?? { ok: false as const, error: { code: 'INTERNAL' as const, message: 'No answer.' } };
    return { ok: true as const, value: { collection: collection.value, product: product.value, subid: subid.value } };
  }, key);
  const currencies = (summary?.byCurrency ?? [])
    .slice()
    .sort((a, b) => b.count - a.count)
    .map((c) => c.currency);
  const error = series.error ?? top.error;
  return (
    <Stack gap="md" pb="md" data-testid="insights">
      {error && (
        <ErrorState error={error} title="Charts could not be loaded" onRetry={() => (series.reload(), top.reload())} />
      )}
      <TabPartLoading height={260}>
        <CommissionChart points={series.data} interval={view.interval} onIntervalChange={view.setInterval} />
      </TabPartLoading>
      <Box>
        <Text fw={600} mb="xs">
          Totals by status
        </Text>
        {summary ? <TotalsByCurrency summary={summary} /> : <Loader size="sm" />}
      </Box>
      <Breakdowns data={top.data} currencies={currencies} />
    </Stack>
  );
}
