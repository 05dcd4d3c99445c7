/**
 * Totals per currency, per currency × commission status and per currency × payment status over a filter. Statuses
 * are open values: one the spec does not list (`reversed`, `processing`) is a group of its own, under its own name.
 * With few statuses (the usual case) one pass adds each sale once, to its currency × commission status × payment
 * status cell, and the three groupings are summed from those few cells; with many distinct statuses, where the cells
 * would be too many, each sale is added to its three groups directly. A filter on dates, statuses, currencies and
 * categories alone is answered from the whole cache's totals per cell instead (`summary-cells.ts`). Never summed across
 * currencies.
 */
import type { AccountView } from './browse-index';
import { addGroup, addSale, amountColumns, groupSums, toMoneyTotals, usedGroups, type GroupSums } from './money-totals';
import { addFromCells, cellsAnswer, type CellGroupings } from './summary-cells';
import { compareTexts } from './text-dictionary';
import { COMMISSION_COLUMNS, commissionColumnOf, isEarnedColumn } from '../../../shared/commission-columns';
import type { SalesFilter } from '../../../shared/sales-query';
import type { SalesSummary } from '../../../shared/sales-query-types';
import type { SaleColumns } from './column-store';

/** Most currency × status × status cells worth a pass through cells. */
const MAX_CELLS = 1 << 16;

/** Totals of every used group `currency * width + code`, ordered by currency code, then by the code's text. */
function rows<T>(
  columns: SaleColumns,
  sums: GroupSums,
  width: number,
  values: readonly (string | null)[],
  extra: (value: string | null) => T,
) {
  return usedGroups(sums)
    .map((group) => {
      const value = values[group % width] ?? null;
      return {
        value,
        totals: {
          ...toMoneyTotals(sums, group, columns.currencies.values[Math.floor(group / width)] ?? ''),
          ...extra(value),
        },
      };
    })
    .sort((a, b) => compareTexts(a.totals.currency, b.totals.currency) || compareTexts(a.value, b.value))
    .map(({ totals }) => totals);
}

/**
 * The positions the mask marks, in order, written without a branch (each position is stored, and the count moves on
 * only for a match): whether a sale matches is as good as random, and a loop that tested the mask before adding
 * mispredicted a branch at about every other match.
 */
function matchingPositions(mask: Uint8Array, size: number, positions: Int32Array): number {
  let count = 0;
  for (let p = 0; p < size; p++) {
    positions[count] = p;
    count += mask[p] as number;
  }
  return count;
}

function viaCells(columns: SaleColumns, mask: Uint8Array, positions: Int32Array, into: CellGroupings): void {
  const [nc, np] = [columns.commissionStatuses.values.length, columns.paymentStatuses.values.length];
  const cells = groupSums(columns.currencies.values.length * nc * np);
  const { currency, commissionStatus, paymentStatus } = columns;
  const amounts = amountColumns(columns);
  const count = matchingPositions(mask, columns.size, positions);
  for (let i = 0; i < count; i++) {
    const p = positions[i] as number;
    addSale(
      cells,
      ((currency[p] as number) * nc + (commissionStatus[p] as number)) * np + (paymentStatus[p] as number),
      amounts,
      p,
    );
  }
  for (const cell of usedGroups(cells)) {
    const currency = Math.floor(cell / (nc * np));
    addGroup(into.currency, currency, cells, cell);
    addGroup(into.commission, currency * nc + (Math.floor(cell / np) % nc), cells, cell);
    addGroup(into.payment, currency * np + (cell % np), cells, cell);
  }
}

function direct(columns: SaleColumns, mask: Uint8Array, positions: Int32Array, into: CellGroupings): void {
  const [nc, np] = [columns.commissionStatuses.values.length, columns.paymentStatuses.values.length];
  const { currency: currencies, commissionStatus, paymentStatus } = columns;
  const amounts = amountColumns(columns);
  const count = matchingPositions(mask, columns.size, positions);
  for (let i = 0; i < count; i++) {
    const p = positions[i] as number;
    const currency = currencies[p] as number;
    addSale(into.currency, currency, amounts, p);
    addSale(into.commission, currency * nc + (commissionStatus[p] as number), amounts, p);
    addSale(into.payment, currency * np + (paymentStatus[p] as number), amounts, p);
  }
}

/** The commission statuses' sums gathered into the commission columns, per currency (see `commission-columns.ts`). */
function columnSums(commission: GroupSums, statuses: readonly (string | null)[], currencies: number): GroupSums {
  const width = COMMISSION_COLUMNS.length;
  const sums = groupSums(currencies * width);
  const columnOf = statuses.map((status) => COMMISSION_COLUMNS.indexOf(commissionColumnOf(status)));
  for (const group of usedGroups(commission)) {
    const currency = Math.floor(group / statuses.length);
    addGroup(sums, currency * width + (columnOf[group % statuses.length] as number), commission, group);
  }
  return sums;
}

/** The earned columns' sums (approved and pending) per currency: the headline figure (A6). */
function earnedSums(columns: GroupSums, currencies: number): GroupSums {
  const width = COMMISSION_COLUMNS.length;
  const sums = groupSums(currencies);
  for (const group of usedGroups(columns)) {
    const column = COMMISSION_COLUMNS[group % width];
    if (column !== undefined && isEarnedColumn(column)) addGroup(sums, Math.floor(group / width), columns, group);
  }
  return sums;
}

/** The summary of `filter` (without `dataAsOf` and the sales needing attention, which the caller adds). */
export function summarize(view: AccountView, filter: SalesFilter): Omit<SalesSummary, 'dataAsOf' | 'needingAttention'> {
  const { columns } = view;
  const currencies = columns.currencies.values.length;
  const [nc, np] = [columns.commissionStatuses.values.length, columns.paymentStatuses.values.length];
  const into: CellGroupings = {
    currency: groupSums(currencies),
    commission: groupSums(currencies * nc),
    payment: groupSums(currencies * np),
  };
  if (!cellsAnswer(filter) || !addFromCells(view, filter, into)) {
    // One list for every summary of the view: a new one each time left the heap growing.
    const positions = view.derived('summary-positions', () => new Int32Array(columns.size + 1));
    view.withSelection(filter, ({ mask }) => {
      if (currencies * nc * np <= MAX_CELLS) viaCells(columns, mask, positions, into);
      else direct(columns, mask, positions, into);
    });
  }
  const byColumn = columnSums(into.commission, columns.commissionStatuses.values, currencies);
  return {
    byCurrency: rows(columns, into.currency, 1, [null], () => ({})),
    earned: rows(columns, earnedSums(byColumn, currencies), 1, [null], () => ({})),
    byCommissionStatus: rows(columns, into.commission, nc, columns.commissionStatuses.values, (value) => ({
      commissionStatus: value,
    })),
    byPaymentStatus: rows(columns, into.payment, np, columns.paymentStatuses.values, (value) => ({
      paymentStatus: value ?? 'none',
    })),
    byCommissionColumn: rows(columns, byColumn, COMMISSION_COLUMNS.length, COMMISSION_COLUMNS, (value) => ({
      column: commissionColumnOf(value),
    })),
  };
}
