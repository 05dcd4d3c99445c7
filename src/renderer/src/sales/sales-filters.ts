/**
 * The sales screen's filters as plain data, with the pure rules that turn them into a request.
 * Kept apart from React so the rules are unit-tested and later filters (status, sub-ID) slot in.
 */
import type { OrderBy } from '../../../shared/domain';
import { addDays, compareDays, isIsoDay, localIsoDay } from '../../../shared/dates';
import type { ExportRequest, SalesQuery } from '../../../shared/ipc-contract';

/** Rows per page of the sales table; the service allows up to 100. */
export const SALES_PAGE_SIZE = 50;

/** Days the default range reaches back, matching the service's own default window. */
export const DEFAULT_RANGE_DAYS = 30;

/** What the user has chosen on the sales screen. Dates are ISO days, possibly blank while typing. */
export interface SalesFilters {
  startDate: string;
  endDate: string;
  orderBy: OrderBy;
}

/** Order choices in the words people use, mapped to the service's values. */
export const ORDER_OPTIONS: { value: OrderBy; label: string }[] = [
  { value: '-transaction_date', label: 'Newest first' },
  { value: 'transaction_date', label: 'Oldest first' },
];

/** The filters a fresh sales screen starts with: the last 30 local calendar days, newest first. */
export function defaultSalesFilters(now: Date = new Date()): SalesFilters {
  const today = localIsoDay(now);
  return { startDate: addDays(today, -DEFAULT_RANGE_DAYS), endDate: today, orderBy: '-transaction_date' };
}

/** Per-field problems with a date range, worded so the person knows what to change. */
export interface RangeProblems {
  startDate?: string;
  endDate?: string;
}

/** Checks a date range before anything is asked of the main process; empty when it is usable. */
export function rangeProblems(startDate: string, endDate: string): RangeProblems {
  const problems: RangeProblems = {};
  if (!isIsoDay(startDate)) problems.startDate = 'Enter a start date.';
  if (!isIsoDay(endDate)) problems.endDate = 'Enter an end date.';
  if (!problems.startDate && !problems.endDate && compareDays(startDate, endDate) > 0) {
    problems.endDate = 'The end date is before the start date.';
  }
  return problems;
}

/** True when the range can be sent as it is. */
export function isRangeValid(filters: SalesFilters): boolean {
  const problems = rangeProblems(filters.startDate, filters.endDate);
  return !problems.startDate && !problems.endDate;
}

/** The `listSales` request for one page of the current filters. */
export function toSalesQuery(filters: SalesFilters, page: number): SalesQuery {
  return {
    startDate: filters.startDate,
    endDate: filters.endDate,
    orderBy: filters.orderBy,
    page,
    limit: SALES_PAGE_SIZE,
  };
}

/** The `exportSales` request for the current filters: every page, same order. */
export function toExportRequest(filters: SalesFilters): ExportRequest {
  return { startDate: filters.startDate, endDate: filters.endDate, orderBy: filters.orderBy };
}
