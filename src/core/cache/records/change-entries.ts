/**
 * What changed between a stored sale and its re-fetched copy, as change log entries (R2): statuses, both amounts,
 * the currency, and both dates. Money never changes silently: an amount is compared as an exact decimal (so 10.00 USD
 * becoming 10 JPY is a currency change, not an amount change), and each amount entry names the currency it was in
 * before and after. A change to a sale that was paid (payment status `paid`, or a payment date) restates a paid
 * period: its entries are flagged, with the payment date the sale had.
 */
import { decimalText, normalizeDecimal, parseDecimal } from '../../../shared/money';
import { formatAmount } from './money';
import { ROW_VALUE_COLUMNS, type RowValues } from './sale-row';

/** A field of the change log (the `sale_changes.field` column). */
export type ChangeField =
  | 'commission_status'
  | 'payment_status'
  | 'reported'
  | 'commission_amount'
  | 'transaction_amount'
  | 'currency'
  | 'payment_date'
  | 'transaction_date';

/** One entry to log. `oldCurrency`/`newCurrency` are the currencies of an amount's values; null for other fields. */
export interface ChangeEntry {
  field: ChangeField;
  oldValue: string | null;
  newValue: string | null;
  oldCurrency: string | null;
  newCurrency: string | null;
}

/** What a re-fetched sale changed, and whether those changes restate a paid period. */
export interface SaleChanges {
  entries: ChangeEntry[];
  /** The sale was paid before the change; `paidOn` is the payment date it had (null when it had none). */
  restatement: { paidOn: string | null } | null;
}

const at = (column: (typeof ROW_VALUE_COLUMNS)[number]): number => ROW_VALUE_COLUMNS.indexOf(column);
const CURRENCY_AT = at('currency');
const SCALE_AT = at('amount_scale');
const PAYMENT_DATE_AT = at('payment_date');
const PAYMENT_STATUS_AT = at('payment_status');

/** Fields whose stored text is compared as it is. */
const PLAIN_FIELDS = ['commission_status', 'payment_status', 'currency', 'payment_date', 'transaction_date'] as const;

/** Amount fields: their units, and their exact text when the units are not exact (see `money.ts`). */
const AMOUNTS = [
  { field: 'commission_amount', minor: at('commission_minor'), exact: at('commission_exact') },
  { field: 'transaction_amount', minor: at('transaction_minor'), exact: at('transaction_exact') },
] as const;

const text = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

/** The amount's exact decimal text in its currency's decimals; null when the sale has none. */
function amountText(values: RowValues, amount: (typeof AMOUNTS)[number]): string | null {
  const exact = text(values[amount.exact]);
  if (exact !== null) return exact;
  const minor = values[amount.minor];
  if (minor === null || minor === undefined) return null;
  return formatAmount(Number(minor), Number(values[SCALE_AT]), String(values[CURRENCY_AT]));
}

/** Equal decimals, whatever their trailing zeros ("10.00" and "10"). */
function sameAmount(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (x === null || y === null) return a === b;
  return decimalText(normalizeDecimal(x)) === decimalText(normalizeDecimal(y));
}

/** {@link wasPaid} as an SQL condition over the `sales` table, for code that reads sales rather than row values. */
export const PAID_SQL = "(payment_status IS 'paid' OR payment_date IS NOT NULL)";

/** True when the stored sale counts as paid: the service said `paid`, or gave a payment date. */
function wasPaid(values: RowValues): boolean {
  return values[PAYMENT_STATUS_AT] === 'paid' || values[PAYMENT_DATE_AT] !== null;
}

/** The entries to log for a sale stored as `before` and fetched again as `after`. */
export function saleChanges(before: RowValues, after: RowValues): SaleChanges {
  const entries: ChangeEntry[] = [];
  for (const field of PLAIN_FIELDS) {
    const index = at(field);
    if (before[index] !== after[index])
      entries.push({
        field,
        oldValue: text(before[index]),
        newValue: text(after[index]),
        oldCurrency: null,
        newCurrency: null,
      });
  }
  for (const amount of AMOUNTS) {
    const oldValue = amountText(before, amount);
    const newValue = amountText(after, amount);
    if (!sameAmount(oldValue, newValue))
      entries.push({
        field: amount.field,
        oldValue,
        newValue,
        oldCurrency: text(before[CURRENCY_AT]),
        newCurrency: text(after[CURRENCY_AT]),
      });
  }
  const paid = entries.length > 0 && wasPaid(before);
  return { entries, restatement: paid ? { paidOn: text(before[PAYMENT_DATE_AT]) } : null };
}
