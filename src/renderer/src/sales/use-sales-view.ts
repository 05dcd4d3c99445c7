/**
 * The sales screen's filters and page, held above the screen so they survive a visit to another
 * section. Changing a filter always goes back to page 1, because page N of another range is
 * meaningless.
 */
import { useCallback, useState } from 'react';
import { defaultSalesFilters, type SalesFilters } from './sales-filters';

/** The sales screen's view state and the ways to change it. */
export interface SalesView {
  filters: SalesFilters;
  page: number;
  /** Merges changed filters into the current ones; a real change returns to page 1. */
  updateFilters: (patch: Partial<SalesFilters>) => void;
  setPage: (page: number) => void;
}

interface ViewState {
  filters: SalesFilters;
  page: number;
}

function sameFilters(a: SalesFilters, b: SalesFilters): boolean {
  return a.startDate === b.startDate && a.endDate === b.endDate && a.orderBy === b.orderBy;
}

/** Creates the sales view state, starting from the default range. */
export function useSalesView(): SalesView {
  const [state, setState] = useState<ViewState>(() => ({ filters: defaultSalesFilters(), page: 1 }));
  const updateFilters = useCallback(
    (patch: Partial<SalesFilters>) =>
      setState((s) => {
        const filters = { ...s.filters, ...patch };
        return sameFilters(filters, s.filters) ? s : { filters, page: 1 };
      }),
    [],
  );
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page: Math.max(1, page) })), []);
  return { ...state, updateFilters, setPage };
}
