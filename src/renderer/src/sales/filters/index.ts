/** The sales filters: their state, the date presets, the status choices, the filter bar and its chips. */
export { isDatePreset, monthsBefore, presetChoices } from './date-presets';
export { FilterChips } from './filter-chips';
export { OsDatesProvider } from './os-dates-provider';
export { SalesFilterBar } from './sales-filter-bar';
export {
  ANY_STATUS,
  DEFAULT_FILTERS,
  DEFAULT_SORT,
  NONE_VALUE,
  clearFilters,
  effectiveRange,
  hasNarrowingFilters,
  rangeProblems,
  toSalesFilter,
} from './sales-filters';
export type { SalesFilterState } from './sales-filters';
