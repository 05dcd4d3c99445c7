import type Database from 'better-sqlite3';
import {
  currencyDigits,
  decimalText,
  decimalsOf,
  numberHolds,
  parseDecimal,
  roundDecimal,
  type ExactDecimal,
} from '../../../../shared/money';
import type { Migration } from './migration';

/**
 * Every record the service sends is kept (T8), and money is exact at each currency's own decimals (T6):
 *
 * - Statuses are kept verbatim, listed by the spec or not (`reversed`, `on_hold`, `Approved`), and a sale may have no
 *   commission status or amount at all. SQLite cannot drop a CHECK, and `integrity_check` reports a row that breaks
 *   one, so the table is rebuilt without the status lists and with nullable amounts. Row ids are copied, so the
 *   search index (keyed by sale id) and its watermark stay exactly as they were.
 * - `notices` holds, as JSON, what about a kept record needed attention.
 * - Amounts move to the currency's ISO 4217 scale (JPY and the other zero-decimal currencies were kept at 2). A stored
 *   amount with finer digits keeps its exact text in `…_exact` and its units are rounded; before, such units were the
 *   ones totals added, now totals add the exact text.
 */
const SALES_V5 = `
  CREATE TABLE sales_v5 (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL,
    reference TEXT NOT NULL,
    transaction_date TEXT NOT NULL CHECK (transaction_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    payment_date TEXT CHECK (payment_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    commission_status TEXT CHECK (commission_status <> ''),
    payment_status TEXT CHECK (payment_status <> ''),
    currency TEXT NOT NULL,
    amount_scale INTEGER NOT NULL,
    commission_minor INTEGER,
    transaction_minor INTEGER,
    commission_exact TEXT,
    transaction_exact TEXT,
    category TEXT,
    subid TEXT,
    product_id INTEGER REFERENCES products (id),
    collection_id INTEGER REFERENCES collections (id),
    extra TEXT,
    notices TEXT,
    first_seen TEXT NOT NULL,
    last_changed TEXT NOT NULL,
    UNIQUE (account_id, reference)
  )`;

const COPY = `
  INSERT INTO sales_v5 (id, account_id, reference, transaction_date, payment_date, commission_status, payment_status, currency,
    amount_scale, commission_minor, transaction_minor, commission_exact, transaction_exact, category, subid, product_id,
    collection_id, extra, notices, first_seen, last_changed)
  SELECT id, account_id, reference, transaction_date, payment_date, commission_status, payment_status, currency,
    v5_scale(currency),
    v5_minor(currency, amount_scale, commission_minor, commission_exact),
    v5_minor(currency, amount_scale, transaction_minor, transaction_exact),
    v5_exact(currency, amount_scale, commission_minor, commission_exact),
    v5_exact(currency, amount_scale, transaction_minor, transaction_exact),
    category, subid, product_id, collection_id, extra,
    v5_notices(currency, amount_scale, commission_minor, commission_exact, transaction_minor, transaction_exact),
    first_seen, last_changed
  FROM sales ORDER BY id`;

const SWAP = `
  DROP TABLE sales;
  ALTER TABLE sales_v5 RENAME TO sales;
  CREATE INDEX sales_by_transaction_date ON sales (account_id, transaction_date);
`;

type Units = number | bigint | null;

/** The exact value a version-4 row stored: its exact text when it had one (the service's number), else its units. */
function oldValue(scale: number, minor: Units, exact: string | null): ExactDecimal | null {
  if (exact !== null) return parseDecimal(exact);
  return minor === null ? null : { units: BigInt(minor), scale };
}

/** Whether an amount needs its exact text at the new scale: finer digits, or units beyond a plain integer. */
function needsText(value: ExactDecimal, scale: number): boolean {
  const { units, exact } = roundDecimal(value, scale);
  return !exact || units > 2n ** 52n || units < -(2n ** 52n);
}

function newMinor(currency: string, scale: number, minor: Units, exact: string | null): number | null {
  const value = oldValue(scale, minor, exact);
  return value === null ? null : Number(roundDecimal(value, currencyDigits(currency)).units);
}

function newExact(currency: string, scale: number, minor: Units, exact: string | null): string | null {
  const value = oldValue(scale, minor, exact);
  return value !== null && needsText(value, currencyDigits(currency)) ? decimalText(value) : null;
}

function notice(
  field: string,
  value: ExactDecimal,
  currency: string,
): { kind: string; field: string; message: string }[] {
  const digits = currencyDigits(currency);
  const text = decimalText(value);
  const what = field === 'commission_amount' ? 'commission amount' : 'transaction amount';
  if (decimalsOf(value) > digits) {
    return [
      {
        kind: 'finer-than-currency',
        field,
        message: `The ${what} ${text} has more decimals than ${currency} (${digits}); it is kept exactly and never rounded in a total.`,
      },
    ];
  }
  return numberHolds(value)
    ? []
    : [
        {
          kind: 'absurd-amount',
          field,
          message: `The ${what} ${text} ${currency} is implausible for one sale; it is kept exactly, but check it with the service.`,
        },
      ];
}

/** The notices a version-4 row's amounts deserve at the new scale (the app had kept such rows silently). */
function newNotices(
  currency: string,
  scale: number,
  ...amounts: [Units, string | null, Units, string | null]
): string | null {
  const [commissionMinor, commissionExact, transactionMinor, transactionExact] = amounts;
  const commission = oldValue(scale, commissionMinor, commissionExact);
  const transaction = oldValue(scale, transactionMinor, transactionExact);
  const notices = [
    ...(commission === null ? [] : notice('commission_amount', commission, currency)),
    ...(transaction === null ? [] : notice('transaction_amount', transaction, currency)),
  ];
  return notices.length === 0 ? null : JSON.stringify(notices);
}

function registerFunctions(db: Database.Database): void {
  const options = { deterministic: true, safeIntegers: true };
  const scaleOf = (scale: number | bigint): number => Number(scale);
  db.function('v5_scale', options, (currency: string) => currencyDigits(currency));
  db.function('v5_minor', options, (currency: string, scale: number | bigint, minor: Units, exact: string | null) =>
    newMinor(currency, scaleOf(scale), minor, exact),
  );
  db.function('v5_exact', options, (currency: string, scale: number | bigint, minor: Units, exact: string | null) =>
    newExact(currency, scaleOf(scale), minor, exact),
  );
  db.function(
    'v5_notices',
    options,
    (
      currency: string,
      scale: number | bigint,
      commissionMinor: Units,
      commissionExact: string | null,
      transactionMinor: Units,
      transactionExact: string | null,
    ) => newNotices(currency, scaleOf(scale), commissionMinor, commissionExact, transactionMinor, transactionExact),
  );
}

/** Cache format 5. */
export const migration05: Migration = {
  version: 5,
  description: 'statuses kept verbatim, amounts at each currency’s own decimals, notices per sale',
  up: (db) => {
    registerFunctions(db);
    db.exec(SALES_V5);
    db.exec(COPY);
    db.exec(SWAP);
  },
};
