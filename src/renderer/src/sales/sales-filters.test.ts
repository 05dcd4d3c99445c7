import { describe, expect, it } from 'vitest';
import {
  defaultSalesFilters,
  isRangeValid,
  rangeProblems,
  SALES_PAGE_SIZE,
  toExportRequest,
  toSalesQuery,
} from './sales-filters';

describe('defaultSalesFilters', () => {
  it('covers the last 30 local calendar days, newest first', () => {
    expect(defaultSalesFilters(new Date(2025, 2, 15, 23, 59))).toEqual({
      startDate: '2025-02-13',
      endDate: '2025-03-15',
      orderBy: '-transaction_date',
    });
  });

  it('uses the local day just after midnight, not UTC’s', () => {
    expect(defaultSalesFilters(new Date(2025, 0, 1, 0, 5)).endDate).toBe('2025-01-01');
  });
});

describe('rangeProblems', () => {
  it('accepts a range whose start is on or before its end', () => {
    expect(rangeProblems('2025-01-01', '2025-01-31')).toEqual({});
    expect(rangeProblems('2025-01-01', '2025-01-01')).toEqual({});
  });

  it('asks for missing or impossible dates', () => {
    expect(rangeProblems('', '2025-01-31')).toEqual({ startDate: 'Enter a start date.' });
    expect(rangeProblems('2025-01-01', '2025-02-30')).toEqual({ endDate: 'Enter an end date.' });
  });

  it('reports an end before the start on the end field', () => {
    expect(rangeProblems('2025-02-01', '2025-01-31')).toEqual({ endDate: 'The end date is before the start date.' });
    expect(isRangeValid({ startDate: '2025-02-01', endDate: '2025-01-31', orderBy: 'transaction_date' })).toBe(false);
  });
});

describe('requests', () => {
  const filters = { startDate: '2025-01-01', endDate: '2025-01-31', orderBy: 'transaction_date' as const };

  it('asks for one page of the page size', () => {
    expect(toSalesQuery(filters, 3)).toEqual({ ...filters, page: 3, limit: SALES_PAGE_SIZE });
  });

  it('exports the same filters without paging', () => {
    expect(toExportRequest(filters)).toEqual(filters);
  });
});
