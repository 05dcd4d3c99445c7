/**
 * The whole cache's totals per cell of currency × commission status × payment status × category × "no longer
 * reported", added up once from every sale and kept until the sales change. A summary whose filter has conditions on
 * those alone (no dates, sub-IDs, products, collections or words) is the sum of the cells it selects: a few hundred
 * cells instead of a pass over every matching sale (25 ms for a million on a slow machine), which made the broadest
 * summaries (all sales, one currency) the slowest ones. Cells are added with the same exact sums as sales are
 * (`money-totals.ts`), so the totals are the same to the last digit.
 */
import type { SalesFilter } from '../../../shared/sales-query';
import { searchTerms } from '../search';
import type { AccountView } from './browse-index';
import type { SaleColumns } from './column-store';
import { paymentValues } from './filter-mask';
import { addGroup, addSale, amountColumns, groupSums, usedGroups, type GroupSums } from './money-totals';
import { membership } from './text-dictionary';

/** Most cells worth keeping: beyond them (thousands of distinct statuses) summaries take the pass. */
const MAX_CUBE_CELLS = 1 << 16;

/** Filter fields a cell answers; `dateBasis` says nothing without a date. */
const CELL_FIELDS: ReadonlySet<string> = new Set(['commissionStatuses', 'paymentStatuses', 'currencies', 'categories', 'includeNoLongerReported', 'dateBasis']);

/** The totals by cell, and the size of each of its dimensions. */
interface Cube {
  cells: GroupSums;
  currencies: number;
  commission: number;
  payment: number;
  categories: number;
}

/** True when `filter` has conditions on the cells' dimensions alone. */
export function cellsAnswer(filter: SalesFilter): boolean {
  return Object.entries(filter).every(
    ([field, value]) => value === undefined || CELL_FIELDS.has(field) || (field === 'text' && searchTerms(value as string) === null),
  );
}

function build(columns: SaleColumns): Cube | null {
  const dims = {
    currencies: columns.currencies.values.length,
    commission: columns.commissionStatuses.values.length,
    payment: columns.paymentStatuses.values.length,
    categories: columns.categories.values.length,
  };
  const size = 2 * dims.currencies * dims.commission * dims.payment * dims.categories;
  if (size > MAX_CUBE_CELLS) return null;
  const cells = groupSums(size);
  const { currency, commissionStatus, paymentStatus, category, unreported } = columns;
  const amounts = amountColumns(columns);
  for (let p = 0; p < columns.size; p++) {
    const cell =
      ((((unreported[p] as number) * dims.currencies + (currency[p] as number)) * dims.commission + (commissionStatus[p] as number)) * dims.payment +
        (paymentStatus[p] as number)) *
        dims.categories +
      (category[p] as number);
    addSale(cells, cell, amounts, p);
  }
  return { cells, ...dims };
}

/** 1 where a code passes a list condition of the filter; null when the filter has none (every code passes). */
type Pass = Uint8Array | null;
const passes = (pass: Pass, code: number): boolean => pass === null || pass[code] === 1;

/** The three groupings a summary is made of (see `sales-summary.ts`). */
export interface CubeGroupings {
  currency: GroupSums;
  commission: GroupSums;
  payment: GroupSums;
}

/**
 * Adds the cells `filter` selects to `into` and returns true, or returns false (adding nothing) when the cache has too
 * many distinct values for cells. Call only for a filter {@link cellsAnswer}s.
 */
export function addFromCells(view: AccountView, filter: SalesFilter, into: CubeGroupings): boolean {
  const { columns } = view;
  const cube = view.derived('summary-cells', () => build(columns));
  if (cube === null) return false;
  const commission: Pass = filter.commissionStatuses ? membership(columns.commissionStatuses, filter.commissionStatuses) : null;
  const payment: Pass = filter.paymentStatuses ? membership(columns.paymentStatuses, paymentValues(filter.paymentStatuses)) : null;
  const currencies: Pass = filter.currencies ? membership(columns.currencies, filter.currencies) : null;
  const categories: Pass = filter.categories ? membership(columns.categories, filter.categories) : null;
  for (const cell of usedGroups(cube.cells)) {
    let rest = cell;
    const category = rest % cube.categories;
    rest = Math.floor(rest / cube.categories);
    const pay = rest % cube.payment;
    rest = Math.floor(rest / cube.payment);
    const status = rest % cube.commission;
    rest = Math.floor(rest / cube.commission);
    const currency = rest % cube.currencies;
    const unreported = Math.floor(rest / cube.currencies);
    if (unreported === 1 && filter.includeNoLongerReported !== true) continue;
    if (!passes(commission, status) || !passes(payment, pay) || !passes(currencies, currency) || !passes(categories, category)) continue;
    addGroup(into.currency, currency, cube.cells, cell);
    addGroup(into.commission, currency * cube.commission + status, cube.cells, cell);
    addGroup(into.payment, currency * cube.payment + pay, cube.cells, cell);
  }
  return true;
}
