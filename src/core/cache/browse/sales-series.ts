/**
 * Commission earned (approved + pending) per day, ISO week (starting Monday) or calendar month and per currency, for
 * charts. The period follows the
 * filter's date basis (transaction or payment day); sales without a payment day are left out of a payment series.
 */
import type { AccountView } from './browse-index';
import { commissionColumnOf, isEarnedColumn } from '../../../shared/commission-columns';
import { isoDay, monthStart, weekStart } from '../records';
import { addSale, amountColumns, groupSums, toMoneyTotals, usedGroups } from './money-totals';
import type { SeriesQuery } from '../../../shared/sales-query';
import type { SeriesPoint } from '../../../shared/sales-query-types';
import { NO_DAY } from './column-store';

const START_OF: Record<SeriesQuery['interval'], (day: number) => number> = {
  day: (day) => day,
  week: weekStart,
  month: monthStart,
};

/** For each day of [first, last], the index of its period; and each period's first day. */
function periodTable(
  first: number,
  last: number,
  interval: SeriesQuery['interval'],
): { indexOf: Int32Array; starts: number[] } {
  const indexOf = new Int32Array(last - first + 1);
  const starts: number[] = [];
  for (let day = first; day <= last; day++) {
    const start = START_OF[interval](day);
    if (starts.at(-1) !== start) starts.push(start);
    indexOf[day - first] = starts.length - 1;
  }
  return { indexOf, starts };
}

function daySpan(days: Int32Array, mask: Uint8Array, size: number): [number, number] {
  let first = Infinity;
  let last = -Infinity;
  for (let p = 0; p < size; p++) {
    const day = days[p] as number;
    if (mask[p] !== 1 || day === NO_DAY) continue;
    if (day < first) first = day;
    if (day > last) last = day;
  }
  return [first, last];
}

/** Points ordered by period, then currency. */
export function seriesOf(view: AccountView, query: SeriesQuery): SeriesPoint[] {
  const { columns } = view;
  const days = query.filter.dateBasis === 'payment' ? columns.payDay : columns.txDay;
  const stride = columns.currencies.values.length;
  const summed = view.withSelection(query.filter, ({ mask }) => {
    const [first, last] = daySpan(days, mask, columns.size);
    if (first > last) return null;
    const { indexOf, starts } = periodTable(first, last, query.interval);
    const sums = groupSums(starts.length * stride);
    const { currency, commissionStatus } = columns;
    const amounts = amountColumns(columns);
    // Charts show commission earned (A6): declined and other statuses stay out of every bar.
    const earned = columns.commissionStatuses.values.map((status) => isEarnedColumn(commissionColumnOf(status)));
    for (let p = 0, size = columns.size; p < size; p++) {
      const day = days[p] as number;
      if (mask[p] !== 1 || day === NO_DAY || !earned[commissionStatus[p] as number]) continue;
      addSale(sums, (indexOf[day - first] as number) * stride + (currency[p] as number), amounts, p);
    }
    return { sums, starts };
  });
  if (summed === null) return [];
  const { sums, starts } = summed;
  return usedGroups(sums)
    .map((group) => {
      const currency = columns.currencies.values[group % stride] ?? '';
      return {
        group,
        point: {
          period: isoDay(starts[Math.floor(group / stride)] as number),
          ...toMoneyTotals(sums, group, currency),
        },
      };
    })
    .sort((a, b) =>
      a.point.period < b.point.period
        ? -1
        : a.point.period > b.point.period
          ? 1
          : a.point.currency < b.point.currency
            ? -1
            : 1,
    )
    .map(({ point }) => point);
}
