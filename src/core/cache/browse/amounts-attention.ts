/**
 * The sales of a selection whose commission amount is missing or could not be read (sent as null, or as text such as
 * "1,50"): they are kept, but in no total, so every summary lists them as needing attention (R7). A pass over the
 * selection finds them only when the account has any, which a count kept with the columns says.
 */
import type { SalesFilter } from '../../../shared/sales-query';
import type { AccountView } from './browse-index';

/** The matching sales without a commission amount: how many, and the row ids of the first `limit`. */
export interface AmountlessRows {
  count: number;
  ids: number[];
}

function amountless(commission: Float64Array, size: number): number {
  let count = 0;
  for (let p = 0; p < size; p++) if (Number.isNaN(commission[p])) count += 1;
  return count;
}

/** The sales `filter` selects whose commission amount is missing or unreadable (see the file's comment). */
export function amountlessRows(view: AccountView, filter: SalesFilter, limit: number): AmountlessRows {
  const { columns } = view;
  if (view.derived('amountless-count', () => amountless(columns.commission, columns.size)) === 0)
    return { count: 0, ids: [] };
  return view.withSelection(filter, ({ mask }) => {
    const ids: number[] = [];
    let count = 0;
    for (let p = 0; p < columns.size; p++) {
      if (mask[p] !== 1 || !Number.isNaN(columns.commission[p])) continue;
      count += 1;
      if (ids.length < limit) ids.push(columns.ids[p] as number);
    }
    return { count, ids };
  });
}
