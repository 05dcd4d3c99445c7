/**
 * The sales screen's view state, held by the shell so it survives visits to other sections. Filters, sort and
 * column layout are remembered per account by the main process (so they survive restarts and belong to the
 * account, not to a browser profile); the open tab and chart interval, mere screen habits, stay in local storage.
 */
import { useCallback, useMemo } from 'react';
import { z } from 'zod/mini';
import type { SalesSort } from '../../../../shared/sales-query';
import { localStateKey } from '../../common/local-view-state';
import { usePreferences } from '../../common/preferences-context';
import { useLocalState } from '../../common/use-local-view-state';
import type { ColumnLayout } from '../table';
import { DEFAULT_SORT, type SalesFilterState } from '../filters';
import { filtersFromStored, filtersToStored, layoutFromStored, layoutToStored } from './stored-view';

/** The sales screen's tabs. */
export const SALES_TABS = ['browse', 'insights', 'changes'] as const;
export type SalesTab = (typeof SALES_TABS)[number];

/** Chart periods. */
export const INTERVALS = ['day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

/** The remembered tab and chart interval are read from local storage through these. */
const tabSchema = z.enum(SALES_TABS);
const intervalSchema = z.enum(INTERVALS);

type Update<T> = T | ((previous: T) => T);

/** The sales screen's view state and the ways to change it. */
export interface SalesView {
  filters: SalesFilterState;
  setFilters: (next: SalesFilterState) => void;
  sort: SalesSort;
  setSort: (next: SalesSort) => void;
  layout: ColumnLayout;
  setLayout: (next: Update<ColumnLayout>) => void;
  tab: SalesTab;
  setTab: (tab: SalesTab) => void;
  interval: Interval;
  setInterval: (interval: Interval) => void;
}

/** The view state of the account (or demo) identified by `scope`; `today` resolves date presets for storage. */
export function useSalesView(scope: string, today: string): SalesView {
  const preferences = usePreferences();
  const stored = preferences.account(scope);
  const filters = useMemo(
    () => filtersFromStored(stored.filter, stored.datePreset),
    [stored.filter, stored.datePreset],
  );
  const layout = useMemo(() => layoutFromStored(stored.columns), [stored.columns]);
  const sort = stored.sort ?? DEFAULT_SORT;
  const { updateAccount } = preferences;
  const { fiscalYearStartMonth } = preferences.prefs;

  const setFilters = useCallback(
    (next: SalesFilterState) => {
      const { filter, datePreset } = filtersToStored(next, today, fiscalYearStartMonth);
      // A custom range being typed is kept as its preset until whole; the filter then carries its days.
      updateAccount(scope, { filter, datePreset });
    },
    [scope, today, fiscalYearStartMonth, updateAccount],
  );
  const setSort = useCallback((next: SalesSort) => updateAccount(scope, { sort: next }), [scope, updateAccount]);
  const setLayout = useCallback(
    (next: Update<ColumnLayout>) => {
      const value = typeof next === 'function' ? next(layout) : next;
      updateAccount(scope, { columns: layoutToStored(value) });
    },
    [scope, layout, updateAccount],
  );
  const [tab, setTab] = useLocalState<SalesTab>(localStateKey(scope, 'sales-tab'), tabSchema, 'browse');
  const [interval, setInterval] = useLocalState<Interval>(
    localStateKey(scope, 'chart-interval'),
    intervalSchema,
    'week',
  );
  // One object while nothing in it changed, so the parts of the screen that take the view can skip redrawing.
  return useMemo(
    () => ({ filters, setFilters, sort, setSort, layout, setLayout, tab, setTab, interval, setInterval }),
    [filters, setFilters, sort, setSort, layout, setLayout, tab, setTab, interval, setInterval],
  );
}
