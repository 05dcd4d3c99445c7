/**
 * The mapping between a {@link Sale} and its stored row: ISO days, integer amounts at the currency's scale (with the
 * exact text kept when those units cannot hold the amount), statuses verbatim (listed or not), lookup ids, and the
 * extra fields and notices as canonical JSON so that "unchanged" can be decided by plain comparison.
 */
import { isIsoDay } from '../../../shared/dates';
import type { JsonValue, Sale } from '../../../shared/domain';
import { decimalOfNumber, parseDecimal } from '../../../shared/money';
import { invalidInput } from '../cache-errors';
import type { LookupIds } from './lookup-ids';
import { amountScale, plainStoredAmount, storedAmount, type StoredAmount } from './money';

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
  'notices',
] as const;

/** Index of the reference in {@link RowValues}. */
export const REFERENCE_AT = ROW_VALUE_COLUMNS.indexOf('reference');

function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] as JsonValue)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const validDays = new Set<string>();

/** isIsoDay, remembered: a million sales share a few thousand days, and the check builds a Date each time. */
function isDay(value: string): boolean {
  if (validDays.has(value)) return true;
  if (!isIsoDay(value)) return false;
  if (validDays.size < 100_000) validDays.add(value);
  return true;
}
/** Longest status kept; the parser never passes a longer one. */
const MAX_STATUS_LENGTH = 100;

function isStatus(value: string | null): boolean {
  return value === null || (typeof value === 'string' && value !== '' && value.length <= MAX_STATUS_LENGTH);
}

const STORABLE_CHECKS: readonly (readonly [(sale: Sale) => boolean, string])[] = [
  [
    (s) => typeof s.reference === 'string' && s.reference !== '' && s.reference.length <= 500,
    'has no usable reference',
  ],
  [(s) => typeof s.transactionDate === 'string' && isDay(s.transactionDate), 'has no valid transaction date'],
  [
    (s) => s.paymentDate === null || (typeof s.paymentDate === 'string' && isDay(s.paymentDate)),
    'has an invalid payment date',
  ],
  [(s) => isStatus(s.commissionStatus), 'has an unreadable commission status'],
  [(s) => isStatus(s.paymentStatus), 'has an unreadable payment status'],
  [(s) => /^[A-Z]{3}$/.test(s.currency), 'has no 3-letter currency'],
];

/** Refuses a sale that would store a wrong date or currency, or an unreadable status; the parser never lets one through. */
export function assertStorable(sale: Sale): void {
  for (const [ok, problem] of STORABLE_CHECKS) {
    if (!ok(sale)) {
      const ref = typeof sale.reference === 'string' ? sale.reference.slice(0, 80) : '';
      throw invalidInput(`Sale "${ref}" ${problem}; the page was not stored.`);
    }
  }
}

/** The stored form of one amount: its exact text wins over the number (which may not hold every digit). */
function amount(
  value: number | null,
  exactText: string | undefined,
  scale: number,
  reference: string,
): StoredAmount | null {
  if (value === null && exactText === undefined) return null;
  const plain =
    exactText === undefined && value !== null && Number.isFinite(value) ? plainStoredAmount(value, scale) : null;
  if (plain !== null) return plain;
  const decimal = exactText === undefined ? decimalOfNumber(value ?? Number.NaN) : parseDecimal(exactText);
  if (decimal === null)
    throw invalidInput(
      `Sale "${reference.slice(0, 80)}" has an amount that is not a finite decimal; the page was not stored.`,
    );
  return storedAmount(decimal, scale);
}

/** The values to store for `sale` (in {@link ROW_VALUE_COLUMNS} order), and whether an amount needed its exact text. */
export function toRowValues(sale: Sale, lookups: LookupIds): { values: RowValues; rounded: boolean } {
  const scale = amountScale(sale.currency);
  const commission = amount(sale.commissionAmount, sale.commissionExact, scale, sale.reference);
  const transaction = amount(sale.transactionAmount, sale.transactionExact, scale, sale.reference);
  const extraKeys = Object.keys(sale.extra);
  const notices = sale.notices ?? [];
  const values: RowValues = [
    sale.reference,
    sale.transactionDate,
    sale.paymentDate,
    sale.commissionStatus,
    sale.paymentStatus,
    sale.currency,
    scale,
    commission?.minor ?? null,
    transaction?.minor ?? null,
    commission?.exact ?? null,
    transaction?.exact ?? null,
    sale.category,
    sale.subid,
    lookups.productId(sale.productSlug, sale.productName),
    lookups.collectionId(sale.collectionSlug, sale.collectionName, sale.collectionUrl),
    extraKeys.length === 0 ? null : canonicalJson(sale.extra),
    notices.length === 0
      ? null
      : JSON.stringify(notices.map((n) => ({ kind: n.kind, field: n.field, message: n.message }))),
  ];
  return { values, rounded: (commission?.exact ?? null) !== null || (transaction?.exact ?? null) !== null };
}

/** True when two stored value lists are equal column by column. */
export function sameValues(a: RowValues, b: RowValues): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
