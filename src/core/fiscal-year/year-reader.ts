import type { YearQuery, YearSummary } from '../../shared/year-summary';
import { fiscalYear, fiscalYearOf, type FiscalYear, type FiscalYearStart } from './fiscal-period';
import { readYearSummary, type YearSource } from './year-summary';

/** The year summaries of the open session's account, with the start the preferences hold. */
export interface YearReader {
  /** The fiscal year `query.year` names (the one holding today when absent), and its summary. */
  read(query: YearQuery): { year: FiscalYear; summary: YearSummary };
}

/** Builds the reader over the cache, the open session's cache key and the preferred start. */
export function createYearReader(
  source: () => YearSource,
  account: () => string,
  start: () => FiscalYearStart,
  today: () => string,
): YearReader {
  return {
    read: (query) => {
      const first = start();
      const current = fiscalYearOf(today(), first);
      const year = fiscalYear(query.year ?? current, first);
      const rows = readYearSummary(source(), account(), year);
      const { from, to } = year;
      return {
        year,
        summary: {
          year: year.year,
          from,
          to,
          startMonth: year.start.month,
          startDay: year.start.day,
          currentYear: current,
          rows,
        },
      };
    },
  };
}
