/**
 * The mapping between a {@link Sale} and its stored row: ISO days, integer amounts (with the exact text kept only
 * when an amount had more decimals than its currency's scale), lookup ids and the extra fields as canonical JSON so
 * that "unchanged" can be decided by plain comparison.
 */
import { isIsoDay } from '../../../shared/dates';
import { COMMISSION_STATUSES, PAYMENT_STATUSES, type JsonValue, type Sale } from '../../../shared/domain';
import { invalidInput } from '../cache-errors';
import type { LookupIds } from './lookup-ids';
import { amountScale, toMinor } from './money';

/** The stored columns of a sale, in the order of {@link ROW_VALUE_COLUMNS}. */
export type RowValues = (string | number | null)[];

/** Columns compared to decide whether a re-fetched sale changed; everything but ids and times. */
export const ROW_VALUE_COLUMNS = [
  'reference',
  'transaction_date',
  'payment_date',
  'commission_status',
  'payment_status',
  'currency',
  'amount_scale',
  'commission_minor',
  'transaction_minor',
  'commission_exact',
  'transaction_exact',
  'category',
  'subid',
  'product_id',
  'collection_id',
  'extra',
] as const;

/** Index of the commission status in {@link RowValues}. */
export const COMMISSION_STATUS_AT = ROW_VALUE_COLUMNS.indexOf('commission_status');
/** Index of the payment status in {@link RowValues}. */
export const PAYMENT_STATUS_AT = ROW_VALUE_COLUMNS.indexOf('payment_status');

function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] as JsonValue)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const COMMISSION_SET = new Set<string>(COMMISSION_STATUSES);
const validDays = new Set<string>();

/** isIsoDay, remembered: a million sales share a few thousand days, and the check builds a Date each time. */
function isDay(value: string): boolean {
  if (validDays.has(value)) return true;
  if (!isIsoDay(value)) return false;
  if (validDays.size < 100_000) validDays.add(value);
  return true;
}
const PAYMENT_SET = new Set<string>(PAYMENT_STATUSES);

const STORABLE_CHECKS: readonly (readonly [(sale: Sale) => boolean, string])[] = [
  [(s) => typeof s.reference === 'string' && s.reference !== '' && s.reference.length <= 500, 'has no usable reference'],
  [(s) => typeof s.transactionDate === 'string' && isDay(s.transactionDate), 'has no valid transaction date'],
  [(s) => s.paymentDate === null || (typeof s.paymentDate === 'string' && isDay(s.paymentDate)), 'has an invalid payment date'],
  [(s) => COMMISSION_SET.has(s.commissionStatus), 'has an unknown commission status'],
  [(s) => s.paymentStatus === null || PAYMENT_SET.has(s.paymentStatus), 'has an unknown payment status'],
  [(s) => /^[A-Z]{3}$/.test(s.currency), 'has no 3-letter currency'],
];

/** Refuses a sale that would store a wrong date, status or currency; the parser should never let one through. */
export function assertStorable(sale: Sale): void {
  for (const [ok, problem] of STORABLE_CHECKS) {
    if (!ok(sale)) {
      const ref = typeof sale.reference === 'string' ? sale.reference.slice(0, 80) : '';
      throw invalidInput(`Sale "${ref}" ${problem}; the page was not stored.`);
    }
  }
}

function amount(value: number, scale: number, reference: string): { minor: number; exact: string | null } {
  try {
    const converted = toMinor(value, scale);
    return { minor: converted.minor, exact: converted.exact ? null : String(value) };
  } catch (error) {
    throw invalidInput(`Sale "${reference.slice(0, 80)}" has an amount that cannot be kept exactly: ${(error as Error).message}`);
  }
}

/** The values to store for `sale` (in {@link ROW_VALUE_COLUMNS} order), and whether an amount had to be rounded. */
export function toRowValues(sale: Sale, lookups: LookupIds): { values: RowValues; rounded: boolean } {
  const scale = amountScale(sale.currency);
  const commission = amount(sale.commissionAmount, scale, sale.reference);
  const transaction = sale.transactionAmount === null ? null : amount(sale.transactionAmount, scale, sale.reference);
  const extraKeys = Object.keys(sale.extra);
  const values: RowValues = [
    sale.reference,
    sale.transactionDate,
    sale.paymentDate,
    sale.commissionStatus,
    sale.paymentStatus,
    sale.currency,
    scale,
    commission.minor,
    transaction?.minor ?? null,
    commission.exact,
    transaction?.exact ?? null,
    sale.category,
    sale.subid,
    lookups.productId(sale.productSlug, sale.productName),
    lookups.collectionId(sale.collectionSlug, sale.collectionName, sale.collectionUrl),
    extraKeys.length === 0 ? null : canonicalJson(sale.extra),
  ];
  return { values, rounded: commission.exact !== null || (transaction?.exact ?? null) !== null };
}

/** True when two stored value lists are equal column by column. */
export function sameValues(a: RowValues, b: RowValues): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
