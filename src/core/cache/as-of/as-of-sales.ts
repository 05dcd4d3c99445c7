/**
 * An account's sales as they were at a past moment (B1), as the parts the one query engine reads: a view over the
 * columns of those sales (first seen by then, each with its values then) for filters, sorts and totals, and readers
 * that give each chosen row its values then. What the engine does with them is what it does with today's sales.
 */
import type Database from 'better-sqlite3';
import { rowsView, type AccountView, type ColumnRow } from '../browse';
import { createSaleReader, SALE_COLUMNS, SALE_FROM, streamSales, type SaleReader, type SaleRow } from '../records';
import type { CachedSale } from '../../../shared/sales-query-types';
import { changesAfter, rolledBack, type KnownRow } from './sale-rollback';
import type { CheckedSale } from '../status-checks';

/** Rows read per statement while the view is built, so the build never holds the whole table as objects. */
const CHUNK = 2_000;

interface ViewRow extends KnownRow {
  product_id: number | null;
  collection_id: number | null;
  status_checked_at: string | null;
}

/** One account's sales at a past moment. */
export interface AsOfAccount {
  view: AccountView;
  /**
   * Each sale's statuses then and when they had last been confirmed by then: the check time when it came before the
   * moment, else the sale's last change by then (a check the cache made then without a change left no trace).
   */
  checked: Map<number, CheckedSale>;
  readSales: SaleReader;
  streamSales(ids: Int32Array): Generator<CachedSale, void, undefined>;
}

/** Gives a row of `account` its values at `at`, reading the change log through `db`. */
function restaterOn(db: Database.Database, account: string, at: string): <T extends SaleRow>(row: T) => T {
  const changes = changesAfter(db, account, at);
  const lastChange = db
    .prepare<[string, string, string], number | string | null>(
      'SELECT max(changed_at) FROM sale_changes WHERE account_id = ? AND reference = ? AND changed_at <= ?',
    )
    .pluck();
  return <T extends SaleRow>(row: T): T => {
    const undone = changes.get(row.reference);
    const then = undone === undefined ? row : rolledBack(row, undone);
    if (then.last_changed <= at) return then;
    const last = lastChange.get(account, row.reference, at);
    return { ...then, last_changed: typeof last === 'string' ? last : row.first_seen };
  };
}

function* columnRows(
  db: Database.Database,
  account: string,
  at: string,
  checked: Map<number, CheckedSale>,
): Generator<ColumnRow, void, undefined> {
  const restate = restaterOn(db, account, at);
  const chunk = db.prepare<[string, string, number], ViewRow>(
    `SELECT ${SALE_COLUMNS}, s.product_id, s.collection_id, s.unreported_at IS NOT NULL AS unreported, s.status_checked_at
       FROM ${SALE_FROM} WHERE s.account_id = ? AND s.first_seen <= ? AND s.id > ? ORDER BY s.id LIMIT ${CHUNK}`,
  );
  for (let rows = chunk.all(account, at, 0); rows.length > 0; rows = chunk.all(account, at, rows.at(-1)?.id ?? 0))
    for (const stored of rows) {
      const row = restate(stored);
      const confirmed = row.status_checked_at !== null && row.status_checked_at <= at;
      checked.set(row.id, {
        commissionStatus: row.commission_status,
        paymentStatus: row.payment_status,
        checkedAt: confirmed ? row.status_checked_at : row.last_changed,
      });
      yield columnRow(row);
    }
}

function columnRow(row: ViewRow): ColumnRow {
  return [
    row.id,
    row.transaction_date,
    row.payment_date,
    row.commission_status,
    row.payment_status,
    row.currency,
    row.category,
    row.subid,
    row.product_id,
    row.collection_id,
    row.commission_minor,
    row.transaction_minor,
    row.first_seen,
    row.last_changed,
    row.commission_exact,
    row.transaction_exact,
    row.unreported,
  ];
}

/**
 * The parts for `account` at `at` (an ISO instant). The view is built from one read of the table; rows are read
 * later, each given its values at `at` from the change log as it stands then: a sync in between adds only changes
 * after `at`, which the rollback undoes too.
 */
export function asOfAccount(db: Database.Database, path: string, account: string, at: string): AsOfAccount {
  const checked = new Map<number, CheckedSale>();
  const view = db.transaction(() => rowsView(db, account, columnRows(db, account, at, checked)))();
  return {
    view,
    checked,
    readSales: (ids) => createSaleReader(db, restaterOn(db, account, at))(ids),
    streamSales: (ids) => streamSales(path, ids, (snapshot) => restaterOn(snapshot, account, at)),
  };
}
