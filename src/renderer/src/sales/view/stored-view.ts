/**
 * Converts the sales screen's view state to and from the shape the main process stores per account (a cache filter
 * plus the preset it came from, a sort, and an ordered list of columns with width and visibility). Pure, so the
 * round trip is tested: what the person set is what they find after a restart.
 */
import { isIsoDay } from '../../../../shared/dates';
import type { AccountPreferences } from '../../../../shared/preferences';
import type { SalesFilter } from '../../../../shared/sales-query';
import { normalizeLayout, type ColumnLayout, SALES_COLUMNS } from '../table';
import {
  isDatePreset,
  ANY_STATUS,
  DEFAULT_FILTERS,
  effectiveRange,
  NONE_VALUE,
  type SalesFilterState,
} from '../filters';

function single(list: readonly (string | null)[] | undefined): string | null {
  if (list === undefined || list.length === 0) return null;
  const first = list[0];
  return first === null || first === undefined ? NONE_VALUE : first;
}

function listOf(value: string | null): (string | null)[] | undefined {
  return value === null ? undefined : [value === NONE_VALUE ? null : value];
}

/** The filter state a stored filter and preset stand for. */
export function filtersFromStored(filter: SalesFilter | undefined, datePreset: string | undefined): SalesFilterState {
  if (filter === undefined) return DEFAULT_FILTERS;
  const preset = isDatePreset(datePreset) ? datePreset : filter.from && filter.to ? 'custom' : 'all';
  const commission = filter.commissionStatuses?.[0];
  const payment = filter.paymentStatuses?.[0];
  return {
    preset,
    from: preset === 'custom' ? (filter.from ?? '') : '',
    to: preset === 'custom' ? (filter.to ?? '') : '',
    // Any status is kept as stored: one the service sent beyond the spec's is filtered on as its own text.
    commissionStatus: commission ?? ANY_STATUS,
    paymentStatus: payment ?? ANY_STATUS,
    subid: single(filter.subids),
    category: single(filter.categories),
    currency: filter.currencies?.[0] ?? null,
    collection: single(filter.collections),
    text: filter.text ?? '',
    noLongerReported: filter.includeNoLongerReported === true,
  };
}

/**
 * The stored form of the filter state: the filter with the days the preset means today (the preset name is kept
 * beside it, so "last 30 days" stays relative) and the custom days only once they are whole.
 */
export function filtersToStored(
  state: SalesFilterState,
  today: string,
  fiscalYearStartMonth = 1,
): { filter: SalesFilter; datePreset: string } {
  const filter: SalesFilter = {};
  const range = effectiveRange(state, today, fiscalYearStartMonth);
  if (range && isIsoDay(range.from) && isIsoDay(range.to)) {
    filter.from = range.from;
    filter.to = range.to;
  }
  if (state.commissionStatus !== ANY_STATUS) filter.commissionStatuses = [state.commissionStatus];
  if (state.paymentStatus !== ANY_STATUS) filter.paymentStatuses = [state.paymentStatus];
  const subids = listOf(state.subid);
  if (subids) filter.subids = subids;
  const categories = listOf(state.category);
  if (categories) filter.categories = categories;
  if (state.currency !== null && state.currency !== NONE_VALUE) filter.currencies = [state.currency];
  const collections = listOf(state.collection);
  if (collections) filter.collections = collections;
  if (state.text.trim()) filter.text = state.text.slice(0, 200);
  if (state.noLongerReported) filter.includeNoLongerReported = true;
  return { filter, datePreset: state.preset };
}

/** The column layout stored columns stand for, fitted to this version's columns. */
export function layoutFromStored(columns: AccountPreferences['columns']): ColumnLayout {
  if (columns === undefined || columns.length === 0) return normalizeLayout(null, SALES_COLUMNS);
  return normalizeLayout(
    {
      order: columns.map((c) => c.id),
      hidden: columns.filter((c) => !c.visible).map((c) => c.id),
      widths: Object.fromEntries(columns.map((c) => [c.id, c.width])),
    },
    SALES_COLUMNS,
  );
}

/** The stored form of a layout: every column in order with its width and visibility. */
export function layoutToStored(layout: ColumnLayout): NonNullable<AccountPreferences['columns']> {
  return layout.order.map((id) => ({
    id,
    width: Math.round(layout.widths[id] ?? 120),
    visible: !layout.hidden.includes(id),
  }));
}
