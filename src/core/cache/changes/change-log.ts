/**
 * Reads the change log (D4, R2), so the app can show "what changed since the last sync" without a network: each
 * entry says which sale, which field (a status, an amount with its currencies, the currency, a date), from what to
 * what, when the change was seen, and whether it restates a paid period. A sale the service stopped reporting, or
 * reports again, is a change too (field `reported`, T5).
 */
import type Database from 'better-sqlite3';
import { assertAccount, formatAmount, type ChangeField } from '../records';
import type { SaleChange } from '../../../shared/sales-query-types';

interface Row {
  id: number;
  reference: string;
  field: ChangeField;
  old_value: string | null;
  new_value: string | null;
  old_currency: string | null;
  new_currency: string | null;
  changed_at: string;
  restates_paid: 0 | 1;
  paid_on: string | null;
  transaction_date: string | null;
  currency: string | null;
  commission_minor: number | null;
  amount_scale: number | null;
}

const FIELDS: Readonly<Record<Row['field'], SaleChange['field']>> = {
  commission_status: 'commissionStatus',
  payment_status: 'paymentStatus',
  reported: 'reported',
  commission_amount: 'commissionAmount',
  transaction_amount: 'transactionAmount',
  currency: 'currency',
  payment_date: 'paymentDate',
  transaction_date: 'transactionDate',
};

function toChange(row: Row): SaleChange {
  return {
    id: row.id,
    reference: row.reference,
    field: FIELDS[row.field],
    oldValue: row.old_value,
    newValue: row.new_value,
    oldCurrency: row.old_currency,
    newCurrency: row.new_currency,
    changedAt: row.changed_at,
    restatement: row.restates_paid === 1,
    paidOn: row.paid_on,
    transactionDate: row.transaction_date,
    currency: row.currency,
    commission:
      row.currency === null || row.commission_minor === null || row.amount_scale === null
        ? null
        : formatAmount(row.commission_minor, row.amount_scale, row.currency),
  };
}

/** Change log reads on one connection. */
export interface ChangeLog {
  /** Entries strictly after `since`, oldest first, at most `limit`. */
  since(account: string, since: string, limit: number): SaleChange[];
  /** Every entry of one sale, oldest first: its history as the cache saw it (B1). */
  ofSale(account: string, reference: string): SaleChange[];
}

const SELECT = `SELECT c.id, c.reference, c.field, c.old_value, c.new_value, c.old_currency, c.new_currency, c.changed_at,
            c.restates_paid, c.paid_on,
            s.transaction_date, s.currency, s.commission_minor, s.amount_scale
       FROM sale_changes c
       LEFT JOIN sales s ON s.account_id = c.account_id AND s.reference = c.reference`;

/** Prepares the change log queries. */
export function createChangeLog(db: Database.Database): ChangeLog {
  const since = db.prepare<[string, string, number], Row>(
    `${SELECT} WHERE c.account_id = ? AND c.changed_at > ? ORDER BY c.changed_at, c.id LIMIT ?`,
  );
  const ofSale = db.prepare<[string, string], Row>(
    `${SELECT} WHERE c.account_id = ? AND c.reference = ? ORDER BY c.changed_at, c.id`,
  );
  return {
    since: (account, from, limit) => {
      assertAccount(account);
      return since.all(account, new Date(from).toISOString(), limit).map(toChange);
    },
    ofSale: (account, reference) => {
      assertAccount(account);
      return ofSale.all(account, reference).map(toChange);
    },
  };
}
