import type { DayRange } from '../../../shared/dates';

/** A period a Books section shows: its days, its name, and the data version its figures were read at. */
export interface PeriodOfData {
  range: DayRange;
  /** The period's name: "October 2026", "Q3 2026", "2026". */
  periodLabel: string;
  dataVersion: number;
}
