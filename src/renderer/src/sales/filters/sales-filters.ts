/**
 * The sales screen's filters as plain data, and the pure rules around them: the cache query they stand for, the
 * chips that show them, what removing a chip does, and the export request. Kept apart from React so every rule is
 * unit-tested; the screen only renders what these functions return.
 */
import { compareDays, isIsoDay, type DayRange } from '../../../../shared/dates';
import type { SalesFilter, SalesSort } from '../../../../shared/sales-query';
import { formatIsoDay } from '../../common/format';
import { statusChoiceLabel } from '../../common/status-text';
import { DATE_PRESET_LABELS, presetFor, presetRange, type DatePreset } from './date-presets';

/** The dropdown value that stands for "the sale has no value here" (the cache matches it with `null`). */
export const NONE_VALUE = '\u0000none';

/** The status choice that does not filter. */
export const ANY_STATUS = 'all';

/** Commission statuses always offered (the spec's); `declined` is a record value the cache can filter on. */
export const COMMISSION_CHOICES = ['approved', 'pending', 'declined'] as const;

/** Payment statuses always offered (the spec's). */
export const PAYMENT_CHOICES = ['paid', 'pending'] as const;

/** A status filter: {@link ANY_STATUS}, a documented status, or any other status the service sent (kept verbatim). */
export type StatusChoice = string;

/** The value filters fed by the cache's distinct values; null means "any". */
export const VALUE_FILTERS = ['subid', 'category', 'currency', 'collection'] as const;
export type ValueFilter = (typeof VALUE_FILTERS)[number];

/** What the person chose. `from`/`to` are used for the custom range and may be blank while typing. */
export interface SalesFilterState {
  preset: DatePreset;
  from: string;
  to: string;
  commissionStatus: StatusChoice;
  paymentStatus: StatusChoice;
  subid: string | null;
  category: string | null;
  currency: string | null;
  collection: string | null;
  text: string;
  /** Also show the sales the service no longer reports (kept for audit, left out by default). */
  noLongerReported: boolean;
}

/** Where a fresh screen starts: the last 30 days, everything else open. */
export const DEFAULT_FILTERS: SalesFilterState = {
  preset: 'last30',
  from: '',
  to: '',
  commissionStatus: 'all',
  paymentStatus: 'all',
  subid: null,
  category: null,
  currency: null,
  collection: null,
  text: '',
  noLongerReported: false,
};

/** The order a fresh table starts in: newest first. */
export const DEFAULT_SORT: SalesSort = { column: 'transactionDate', direction: 'desc' };

/** Problems with a typed custom range, worded so the person knows what to change. */
export interface RangeProblems {
  from?: string;
  to?: string;
}

/** Checks a custom range; empty when usable. */
export function rangeProblems(from: string, to: string): RangeProblems {
  const problems: RangeProblems = {};
  if (!isIsoDay(from)) problems.from = 'Enter a start date.';
  if (!isIsoDay(to)) problems.to = 'Enter an end date.';
  if (!problems.from && !problems.to && compareDays(from, to) > 0)
    problems.to = 'The end date is before the start date.';
  return problems;
}

/**
 * The days the filters cover on `today`, the fiscal year starting in month `fiscalYearStartMonth` (1-12): the
 * preset's, the custom range when valid, or null for no date filter.
 */
export function effectiveRange(filters: SalesFilterState, today: string, fiscalYearStartMonth = 1): DayRange | null {
  if (filters.preset === 'custom') {
    const problems = rangeProblems(filters.from, filters.to);
    return problems.from || problems.to ? null : { from: filters.from, to: filters.to };
  }
  return presetRange(filters.preset, today, fiscalYearStartMonth);
}

/** The days a date picker shows for the filters: the preset's, the custom days as far as they go, or none. */
export function pickerDays(
  filters: SalesFilterState,
  today: string,
  fiscalYearStartMonth = 1,
): [string | null, string | null] {
  if (filters.preset === 'custom')
    return [isIsoDay(filters.from) ? filters.from : null, isIsoDay(filters.to) ? filters.to : null];
  const range = presetRange(filters.preset, today, fiscalYearStartMonth);
  return range ? [range.from, range.to] : [null, null];
}

/**
 * The filters once days are picked: no days means every cached sale; days a preset stands for today become that
 * preset (so they stay relative, "last 30 days" next week too); any other days a custom range.
 */
export function withPickedDays(
  filters: SalesFilterState,
  picked: DayRange | null,
  today: string,
  fiscalYearStartMonth = 1,
): SalesFilterState {
  if (picked === null) return { ...filters, preset: 'all', from: '', to: '' };
  const preset = presetFor(picked, today, fiscalYearStartMonth);
  if (preset !== null) return { ...filters, preset, from: '', to: '' };
  return { ...filters, preset: 'custom', from: picked.from, to: picked.to };
}

function valueList(value: string | null): (string | null)[] | undefined {
  if (value === null) return undefined;
  return [value === NONE_VALUE ? null : value];
}

/** The cache filter the choices stand for on `today`, the fiscal year starting in month `fiscalYearStartMonth`. */
export function toSalesFilter(filters: SalesFilterState, today: string, fiscalYearStartMonth = 1): SalesFilter {
  const out: SalesFilter = {};
  const range = effectiveRange(filters, today, fiscalYearStartMonth);
  if (range) {
    out.from = range.from;
    out.to = range.to;
  }
  if (filters.commissionStatus !== ANY_STATUS) out.commissionStatuses = [filters.commissionStatus];
  if (filters.paymentStatus !== ANY_STATUS) out.paymentStatuses = [filters.paymentStatus];
  const subids = valueList(filters.subid);
  if (subids) out.subids = subids;
  const categories = valueList(filters.category);
  if (categories) out.categories = categories;
  if (filters.currency !== null && filters.currency !== NONE_VALUE) out.currencies = [filters.currency];
  const collections = valueList(filters.collection);
  if (collections) out.collections = collections;
  const text = filters.text.trim();
  if (text) out.text = text.slice(0, 200);
  if (filters.noLongerReported) out.includeNoLongerReported = true;
  return out;
}

/** Identifies what a chip removes. */
export type ChipKey = 'date' | 'commissionStatus' | 'paymentStatus' | ValueFilter | 'text' | 'noLongerReported';

/** One active filter as a removable chip. */
export interface FilterChip {
  key: ChipKey;
  label: string;
}

const VALUE_NAMES: Record<ValueFilter, string> = {
  subid: 'Sub-ID',
  category: 'Category',
  currency: 'Currency',
  collection: 'Collection',
};

/** How a value filter's value reads on a chip; collections show their name when the dropdown knows it. */
function valueText(value: string, labels?: ReadonlyMap<string, string>): string {
  if (value === NONE_VALUE) return 'none';
  return labels?.get(value) ?? value;
}

/** The chip text of the date filter: the preset's name, or the custom days. */
export function dateChipLabel(filters: SalesFilterState, locale?: string): string {
  if (filters.preset !== 'custom') return DATE_PRESET_LABELS[filters.preset];
  const problems = rangeProblems(filters.from, filters.to);
  if (problems.from || problems.to) return 'Custom range (incomplete)';
  return `${formatIsoDay(filters.from, locale)} – ${formatIsoDay(filters.to, locale)}`;
}

/**
 * The active filters as chips, in the order the filter bar shows them. The date filter is a chip unless it is
 * "all cached sales" (removing it means exactly that).
 */
export function filterChips(
  filters: SalesFilterState,
  options: { collectionLabels?: ReadonlyMap<string, string>; locale?: string } = {},
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.preset !== 'all') chips.push({ key: 'date', label: dateChipLabel(filters, options.locale) });
  if (filters.commissionStatus !== ANY_STATUS) {
    chips.push({
      key: 'commissionStatus',
      label: `Commission: ${statusChoiceLabel('commission', filters.commissionStatus)}`,
    });
  }
  if (filters.paymentStatus !== ANY_STATUS)
    chips.push({ key: 'paymentStatus', label: `Payment: ${statusChoiceLabel('payment', filters.paymentStatus)}` });
  for (const key of VALUE_FILTERS) {
    const value = filters[key];
    if (value !== null) {
      const labels = key === 'collection' ? options.collectionLabels : undefined;
      chips.push({ key, label: `${VALUE_NAMES[key]}: ${valueText(value, labels)}` });
    }
  }
  const text = filters.text.trim();
  if (text) chips.push({ key: 'text', label: `Search: “${text}”` });
  if (filters.noLongerReported) chips.push({ key: 'noLongerReported', label: 'Including sales no longer reported' });
  return chips;
}

/** The filters without the one a chip stands for. */
export function removeChip(filters: SalesFilterState, key: ChipKey): SalesFilterState {
  switch (key) {
    case 'date':
      return { ...filters, preset: 'all', from: '', to: '' };
    case 'commissionStatus':
      return { ...filters, commissionStatus: ANY_STATUS };
    case 'paymentStatus':
      return { ...filters, paymentStatus: ANY_STATUS };
    case 'text':
      return { ...filters, text: '' };
    case 'noLongerReported':
      return { ...filters, noLongerReported: false };
    default:
      return { ...filters, [key]: null };
  }
}

/** Every filter open, keeping the date range (the usual "clear filters" people expect). */
export function clearFilters(filters: SalesFilterState): SalesFilterState {
  return { ...DEFAULT_FILTERS, preset: filters.preset, from: filters.from, to: filters.to };
}

/** True when some filter besides the dates narrows the rows (showing the sales no longer reported widens them). */
export function hasNarrowingFilters(filters: SalesFilterState): boolean {
  return filterChips(filters).some((chip) => chip.key !== 'date' && chip.key !== 'noLongerReported');
}
