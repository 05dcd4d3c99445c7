/**
 * Totals per day, ISO week (starting Monday) or calendar month and per currency, for charts. The period follows the
 * filter's date basis (transaction or payment day); sales without a payment day are left out of a payment series.
 */
import type { AccountView } from './browse-index';
import { isoDay, monthStart, weekStart } from './day-numbers';
import { addSale, groupTotals } from './money-totals';
import { toMoneyTotals } from './money-totals';
import type { SeriesQuery } from './query-schema';
import type { SeriesPoint } from './query-types';
import { NO_DAY } from './sale-columns';

type Interval = SeriesQuery['interval'];

function periodMaker(interval: Interval): (day: number) => number {
  if (interval === 'day') return (day) => day;
  if (interval === 'week') return weekStart;
  const months = new Map<number, number>();
  return (day) => {
    let start = months.get(day);
    if (start === undefined) months.set(day, (start = monthStart(day)));
    return start;
  };
}

/** Points ordered by period, then currency. */
export function seriesOf(view: AccountView, query: SeriesQuery): SeriesPoint[] {
  const { columns } = view;
  const { mask } = view.select(query.filter);
  const days = query.filter.dateBasis === 'payment' ? columns.payDay : columns.txDay;
  const periodOf = periodMaker(query.interval);
  const stride = columns.currencies.values.length;
  const groups = groupTotals();
  for (let p = 0; p < columns.size; p++) {
    const day = days[p] as number;
    if (mask[p] !== 1 || day === NO_DAY) continue;
    addSale(groups.get(periodOf(day) * stride + (columns.currency[p] as number)), columns, p);
  }
  return groups
    .entries()
    .map(([key, totals]) => {
      const period = Math.floor(key / stride);
      const currency = columns.currencies.values[key - period * stride] ?? '';
      return { period: isoDay(period), ...toMoneyTotals(currency, totals) };
    })
    .sort((a, b) => (a.period !== b.period ? (a.period < b.period ? -1 : 1) : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}
