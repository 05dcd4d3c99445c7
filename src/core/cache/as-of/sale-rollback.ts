/**
 * A stored sale as it was at a past moment (B1): each field the change log follows (statuses, amounts, currency,
 * dates, reported or not) takes the old value of its first change after that moment. Amounts are stored again at the
 * scale of the currency the sale had then, so 9.20 EUR that was 10 USD reads as 1000 cents of USD.
 */
import type Database from 'better-sqlite3';
import { parseDecimal, type ExactDecimal } from '../../../shared/money';
import { amountScale, NO_LONGER_REPORTED, storedAmount, storedValue, type ChangeField, type SaleRow } from '../records';

/** One logged change, as far as a rollback needs it. */
interface LoggedChange {
  reference: string;
  field: ChangeField;
  old_value: string | null;
}

/** A stored row and whether the service no longer reported the sale. */
export interface KnownRow extends SaleRow {
  unreported: 0 | 1;
}

/** The changes logged after `at`, per sale, newest first: undoing them in that order leaves the values at `at`. */
export function changesAfter(db: Database.Database, account: string, at: string): Map<string, LoggedChange[]> {
  const rows = db
    .prepare<[string, string], LoggedChange>(
      `SELECT reference, field, old_value FROM sale_changes WHERE account_id = ? AND changed_at > ?
        ORDER BY changed_at DESC, id DESC`,
    )
    .all(account, at);
  const byReference = new Map<string, LoggedChange[]>();
  for (const row of rows) {
    const list = byReference.get(row.reference);
    if (list === undefined) byReference.set(row.reference, [row]);
    else list.push(row);
  }
  return byReference;
}

function amountOf(minor: number | null, exact: string | null, scale: number): ExactDecimal | null {
  return minor === null && exact === null ? null : storedValue(minor ?? 0, exact, scale);
}

/** The row with the old values of `changes` (newest first) put back. */
export function rolledBack<T extends KnownRow | SaleRow>(row: T, changes: readonly LoggedChange[]): T {
  const next = { ...row } as T & Partial<Pick<KnownRow, 'unreported'>>;
  let commission = amountOf(row.commission_minor, row.commission_exact, row.amount_scale);
  let transaction = amountOf(row.transaction_minor, row.transaction_exact, row.amount_scale);
  for (const change of changes) {
    const old = change.old_value;
    switch (change.field) {
      case 'commission_status':
        next.commission_status = old;
        break;
      case 'payment_status':
        next.payment_status = old;
        break;
      case 'currency':
        next.currency = old ?? row.currency;
        break;
      case 'payment_date':
        next.payment_date = old;
        break;
      case 'transaction_date':
        next.transaction_date = old ?? row.transaction_date;
        break;
      case 'commission_amount':
        commission = old === null ? null : parseDecimal(old);
        break;
      case 'transaction_amount':
        transaction = old === null ? null : parseDecimal(old);
        break;
      case 'reported':
        if ('unreported' in next) next.unreported = old === NO_LONGER_REPORTED ? 1 : 0;
        break;
    }
  }
  const scale = amountScale(next.currency);
  const c = commission === null ? null : storedAmount(commission, scale);
  const t = transaction === null ? null : storedAmount(transaction, scale);
  next.amount_scale = scale;
  next.commission_minor = c?.minor ?? null;
  next.commission_exact = c?.exact ?? null;
  next.transaction_minor = t?.minor ?? null;
  next.transaction_exact = t?.exact ?? null;
  return next;
}
