import { describe, expect, it } from 'vitest';
import { createColumns, dayOf, putRow, type ColumnRow, type SaleColumns } from './column-store';
import { selectMatching } from './filter-mask';
import { addDays } from '../../../shared/dates';
import type { SalesFilter } from '../../../shared/sales-query';

const CATALOG = { products: [], collections: [] };

function row(id: number, day: string, payDay: string | null, status = 'pending'): ColumnRow {
  return [
    id,
    day,
    payDay,
    status,
    payDay === null ? 'pending' : 'paid',
    'EUR',
    'product',
    null,
    null,
    null,
    100,
    1000,
    't',
    't',
    null,
    null,
    0,
  ];
}

/** 20,000 sales stored a window of days at a time, as a sync stores them: about four days per block of 4,096. */
function clustered(): { columns: SaleColumns; rows: ColumnRow[] } {
  const columns = createColumns(1);
  const rows: ColumnRow[] = [];
  for (let id = 1; id <= 20_000; id++) {
    const day = addDays('2026-01-01', Math.floor(id / 1000));
    rows.push(row(id, day, id % 3 === 0 ? addDays(day, 20) : null, id % 2 === 0 ? 'approved' : 'pending'));
  }
  for (const r of rows) putRow(columns, r);
  return { columns, rows };
}

/** The sales of `rows` a filter on days and commission status matches, counted one by one. */
function bruteCount(rows: readonly ColumnRow[], filter: SalesFilter): number {
  return rows.filter((r) => {
    const day = filter.dateBasis === 'payment' ? r[2] : r[1];
    if (filter.from !== undefined && (day === null || day < filter.from)) return false;
    if (filter.to !== undefined && (day === null || day > filter.to)) return false;
    return filter.commissionStatuses === undefined || filter.commissionStatuses.includes(r[3] as string);
  }).length;
}

describe('day ranges', () => {
  it('a day range selects what a sale-by-sale check selects, on both date bases, with and without another condition', () => {
    const { columns, rows } = clustered();
    const filters: SalesFilter[] = [
      { from: '2026-01-05', to: '2026-01-09' },
      { from: '2026-01-04', to: '2026-01-04', commissionStatuses: ['approved'] },
      { from: '2026-01-02', to: '2026-01-31', dateBasis: 'payment' },
      { to: '2026-01-03', commissionStatuses: ['pending'] },
      { from: '2026-01-21' },
      { from: '2027-01-01' },
    ];
    for (const filter of filters)
      expect(selectMatching(columns, CATALOG, filter, null).count, JSON.stringify(filter)).toBe(
        bruteCount(rows, filter),
      );
  });

  it('stay true when stored sales change their days after the blocks were built (a payment date set, a date moved)', () => {
    const { columns, rows } = clustered();
    const paid: SalesFilter = { from: '2026-03-01', to: '2026-03-31', dateBasis: 'payment' };
    const moved: SalesFilter = { from: '2025-06-01', to: '2025-06-30' };
    expect(selectMatching(columns, CATALOG, paid, null).count).toBe(0);
    expect(selectMatching(columns, CATALOG, moved, null).count).toBe(0);
    // Sales in the middle of a block get a payment date in March and a transaction date in June 2025.
    for (const id of [5_001, 5_002, 9_999]) {
      const changed = row(id, '2025-06-15', '2026-03-10');
      rows[id - 1] = changed;
      putRow(columns, changed);
    }
    expect(selectMatching(columns, CATALOG, paid, null).count).toBe(3);
    expect(selectMatching(columns, CATALOG, moved, null).count).toBe(3);
    expect(columns.txDay[columns.posById[5_001] as number]).toBe(dayOf('2025-06-15'));
    for (const filter of [paid, moved, { from: '2026-01-06', to: '2026-01-06' }])
      expect(selectMatching(columns, CATALOG, filter, null).count).toBe(bruteCount(rows, filter));
  });
});
