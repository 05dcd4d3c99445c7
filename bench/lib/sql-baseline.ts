/**
 * A sales filter and sort written as SQL, for measurements that compare the app's query engine (the browse index)
 * with SQLite alone: `measure-cache.ts`'s deep-page baseline and `scripts/browse-alternatives.ts`. The app never runs
 * it. A text term is matched with SQLite's ASCII-only `lower` and `instr`, which costs what a folded match costs but
 * is not the app's search (that folds every accent).
 */
import type { SaleSortColumn, SalesFilter, SalesSort } from '../../src/shared/sales-query';

/** SQL text and its parameters. */
export interface SqlPart {
  sql: string;
  params: (string | number)[];
}

/** The SQL expression of each sort column, over the aliases of `SALE_FROM`; amounts by face value. */
const SORT_COLUMN_SQL: Readonly<Record<SaleSortColumn, string>> = {
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

function termPart(term: string): SqlPart {
  const contains = (column: string) => `instr(lower(${column}), ?) > 0`;
  return {
    sql: `(${contains('s.reference')} OR ${contains('s.subid')} OR ${contains('p.name')} OR ${contains('c.name')})`,
    params: [term, term, term, term],
  };
}

/** `WHERE …` for `account` and `filter`. */
export function whereClause(account: string, filter: SalesFilter): SqlPart {
  const column = filter.dateBasis === 'payment' ? 's.payment_date' : 's.transaction_date';
  const parts: SqlPart[] = [{ sql: 's.account_id = ?', params: [account] }];
  if (filter.from !== undefined) parts.push({ sql: `${column} >= ?`, params: [filter.from] });
  if (filter.to !== undefined) parts.push({ sql: `${column} <= ?`, params: [filter.to] });
  if (filter.commissionStatuses) parts.push(inList('s.commission_status', filter.commissionStatuses));
  if (filter.paymentStatuses)
    parts.push(
      inList(
        's.payment_status',
        filter.paymentStatuses.map((v) => (v === 'none' ? null : v)),
      ),
    );
  if (filter.currencies) parts.push(inList('s.currency', filter.currencies));
  if (filter.categories) parts.push(inList('s.category', filter.categories));
  if (filter.subids) parts.push(inList('s.subid', filter.subids));
  if (filter.products) parts.push(inList('p.slug', filter.products));
  if (filter.collections) parts.push(inList('c.slug', filter.collections));
  if (filter.includeNoLongerReported !== true) parts.push({ sql: 's.unreported_at IS NULL', params: [] });
  for (const term of (filter.text ?? '').toLowerCase().split(/\s+/).filter(Boolean)) parts.push(termPart(term));
  return { sql: `WHERE ${parts.map((p) => p.sql).join(' AND ')}`, params: parts.flatMap((p) => p.params) };
}

/** `ORDER BY …` with the row id as the tie-breaker; amounts grouped by currency first. */
export function orderClause(sort: SalesSort): string {
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const group =
    sort.column === 'commissionAmount' || sort.column === 'transactionAmount' ? `s.currency ${direction}, ` : '';
  return `ORDER BY ${group}${SORT_COLUMN_SQL[sort.column]} ${direction}, s.id ${direction}`;
}
