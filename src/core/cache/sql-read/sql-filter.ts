/**
 * The SQL form of a {@link SalesFilter} and sort, for exports streamed straight from SQLite. Same semantics as
 * `filter-mask.ts` and `sort-order.ts` (a test checks both give the same rows in the same order). Values are always
 * bound as parameters; only fixed column names from {@link SORT_COLUMN_SQL} are spliced in.
 */
import type { SaleSortColumn, SalesFilter, SalesSort } from '../../../shared/sales-query';
import { searchTerms, termMatch } from '../search';

/** SQL text and its parameters. */
export interface SqlPart {
  sql: string;
  params: (string | number)[];
}

/**
 * The SQL expression of each sort column, over the aliases of `SALE_FROM`. Amounts sort by face value (units over
 * 10^scale, the same division `sort-order.ts` makes), since each currency has its own scale.
 */
export const SORT_COLUMN_SQL: Readonly<Record<SaleSortColumn, string>> = {
  transactionDate: 's.transaction_date',
  paymentDate: 's.payment_date',
  reference: 's.reference',
  commissionAmount: 's.commission_minor * 1.0 / power(10, s.amount_scale)',
  transactionAmount: 's.transaction_minor * 1.0 / power(10, s.amount_scale)',
  commissionStatus: 's.commission_status',
  paymentStatus: 's.payment_status',
  currency: 's.currency',
  category: 's.category',
  subid: 's.subid',
  productName: 'p.name',
  collectionName: 'c.name',
  firstSeen: 's.first_seen',
  lastChanged: 's.last_changed',
};

function inList(column: string, values: readonly (string | null)[]): SqlPart {
  const present = values.filter((v): v is string => v !== null);
  const parts: string[] = [];
  if (present.length > 0) parts.push(`${column} IN (${present.map(() => '?').join(', ')})`);
  if (present.length < values.length) parts.push(`${column} IS NULL`);
  return { sql: `(${parts.join(' OR ')})`, params: present };
}

function dateParts(filter: SalesFilter): SqlPart[] {
  const column = filter.dateBasis === 'payment' ? 's.payment_date' : 's.transaction_date';
  const parts: SqlPart[] = [];
  if (filter.from !== undefined) parts.push({ sql: `${column} >= ?`, params: [filter.from] });
  if (filter.to !== undefined) parts.push({ sql: `${column} <= ?`, params: [filter.to] });
  return parts;
}

function listParts(filter: SalesFilter): SqlPart[] {
  const parts: SqlPart[] = [];
  if (filter.commissionStatuses) parts.push(inList('s.commission_status', filter.commissionStatuses));
  if (filter.paymentStatuses) {
    parts.push(
      inList(
        's.payment_status',
        filter.paymentStatuses.map((v) => (v === 'none' ? null : v)),
      ),
    );
  }
  if (filter.currencies) parts.push(inList('s.currency', filter.currencies));
  if (filter.categories) parts.push(inList('s.category', filter.categories));
  if (filter.subids) parts.push(inList('s.subid', filter.subids));
  if (filter.products) parts.push(inList('p.slug', filter.products));
  if (filter.collections) parts.push(inList('c.slug', filter.collections));
  return parts;
}

/** `WHERE …` for `account` and `filter`. */
export function whereClause(account: string, filter: SalesFilter): SqlPart {
  const parts: SqlPart[] = [{ sql: 's.account_id = ?', params: [account] }, ...dateParts(filter), ...listParts(filter)];
  // Sales the service no longer reports are kept for audit but, unless asked for, left out (T5).
  if (filter.includeNoLongerReported !== true) parts.push({ sql: 's.unreported_at IS NULL', params: [] });
  for (const term of searchTerms(filter.text) ?? []) parts.push(termMatch(term));
  return { sql: `WHERE ${parts.map((p) => p.sql).join(' AND ')}`, params: parts.flatMap((p) => p.params) };
}

/** Amounts of different currencies cannot be compared: their sort groups the sales by currency first. */
const BY_CURRENCY_FIRST: ReadonlySet<SaleSortColumn> = new Set(['commissionAmount', 'transactionAmount']);

/** `ORDER BY …` with the row id as the tie-breaker, in the same direction. */
export function orderClause(sort: SalesSort): string {
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const group = BY_CURRENCY_FIRST.has(sort.column) ? `s.currency ${direction}, ` : '';
  return `ORDER BY ${group}${SORT_COLUMN_SQL[sort.column]} ${direction}, s.id ${direction}`;
}
