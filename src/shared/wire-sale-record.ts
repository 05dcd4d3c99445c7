/**
 * Reads one sale record (spec 2.2) into a {@link Sale}, keeping every record with what can be read (N5, T8):
 * statuses and categories the spec does not list are kept verbatim, amounts sent as numeric text are read exactly
 * (never through a float), the spec's misspelled `transaction_dete` / `payment_dete` are accepted (the correct spelling
 * wins), near-format dates are read when they name one day, and odd amounts are kept exactly. Whatever needed
 * attention is listed in the sale's `notices`. Only a record without a reference or a usable transaction date cannot
 * be stored; it becomes a {@link RecordWarning} saying what is missing.
 */
import { z } from 'zod';
import {
  COMMISSION_STATUSES,
  KNOWN_CATEGORIES,
  PAYMENT_STATUSES,
  isListedValue,
  type JsonValue,
  type RecordWarning,
  type Sale,
  type SaleNotice,
  type SaleNoticeKind,
} from './domain';
import {
  NO_CURRENCY,
  currencyDigits,
  decimalOfNumber,
  decimalText,
  decimalToNumber,
  decimalsOf,
  numberHolds,
  parseDecimal,
  type ExactDecimal,
} from './money';
import { readWireDay } from './wire-dates';
import { MAX_FIELD_DEPTH, checkJson } from './wire-json';

/** A kept sale, or the reason a record could not be stored. */
export type SaleResult = { ok: true; sale: Sale } | { ok: false; warning: RecordWarning };

/**
 * The one key of a record the client's body scan set aside before parsing (nested too deep to read): its value says
 * why, and the record keeps only its reference and transaction date, so the refusal names the sale and its day.
 */
export const SET_ASIDE_KEY = '\u0000set-aside';

/** Longest reference stored; a longer one is no reference but noise. */
export const MAX_REFERENCE_LENGTH = 500;
/** Longest status or category kept; a longer one is not a word the service uses. */
const MAX_WORD_LENGTH = 100;
/** From this size on an amount is implausible for one sale, whatever the currency. */
const ABSURD_AMOUNT = 10n ** 12n;

/** Fields of spec 2.2, plus the two misspellings its field descriptions use. */
const SPEC_FIELDS = new Set([
  'reference',
  'commission_amount',
  'currency',
  'commission_status',
  'transaction_amount',
  'category',
  'transaction_date',
  'transaction_dete',
  'payment_status',
  'payment_date',
  'payment_dete',
  'product_slug',
  'product_name',
  'collection_slug',
  'collection_name',
  'collection_url',
  'subid',
]);

/** What JSON.parse makes of `{…}`: an object that is not a list and has no prototype but Object's (or none). */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A record is read field by field where it is, never copied (a copy of every field cost a fifth of reading a page). */
const recordSchema = z.custom<Record<string, unknown>>(isPlainRecord);

/** The record being read and what was noticed so far. */
interface Reading {
  fields: Record<string, unknown>;
  notices: SaleNotice[];
  extra: Record<string, JsonValue>;
}

const LABELS: Readonly<Record<string, string>> = {
  commission_amount: 'commission amount',
  transaction_amount: 'transaction amount',
  commission_status: 'commission status',
  payment_status: 'payment status',
  transaction_date: 'transaction date',
  payment_date: 'payment date',
};

function label(field: string): string {
  return LABELS[field] ?? field.replace(/_/g, ' ');
}

function note(reading: Reading, kind: SaleNoticeKind, field: string, message: string): void {
  reading.notices.push({ kind, field, message });
}

/** A short, safe description of a value for a message; never walks into objects. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  return value === null ? 'null' : `a ${typeof value === 'object' ? 'nested object' : typeof value}`;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Text of a plain field: strings as sent, numbers as written; anything else is noted and dropped. */
function text(reading: Reading, field: string): string | null {
  const value = reading.fields[field];
  if (isBlank(value)) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  note(reading, 'unreadable', field, `The ${label(field)} (${describeValue(value)}) is not text; it was left out.`);
  return null;
}

/** A status or category: verbatim, noted when the spec does not list it. */
function word(reading: Reading, field: string, listed: readonly string[], required: boolean): string | null {
  const value = text(reading, field);
  if (value === null) {
    if (required && isBlank(reading.fields[field]))
      note(reading, 'missing', field, `The ${label(field)} is missing; the sale is kept without one.`);
    return null;
  }
  if (value.length > MAX_WORD_LENGTH) {
    note(
      reading,
      'unreadable',
      field,
      `The ${label(field)} ${describeValue(value)} is too long to be a status; it was left out.`,
    );
    return null;
  }
  if (!isListedValue(listed, value)) {
    note(
      reading,
      'unlisted-value',
      field,
      `The ${label(field)} ${describeValue(value)} is not one the service documents; it is kept as sent.`,
    );
  }
  return value;
}

function currencyOf(reading: Reading): string {
  const value = reading.fields.currency;
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (/^[A-Z]{3}$/.test(code)) return code;
  const what = isBlank(value) ? 'is missing' : `${describeValue(value)} is not a 3-letter code`;
  note(
    reading,
    isBlank(value) ? 'missing' : 'unreadable',
    'currency',
    `The currency ${what}; the amounts are kept under ${NO_CURRENCY} (no currency) and never added to another currency.`,
  );
  return NO_CURRENCY;
}

function decimalOf(value: unknown): ExactDecimal | null {
  if (typeof value === 'number') return decimalOfNumber(value);
  return typeof value === 'string' ? parseDecimal(value) : null;
}

/** An amount read exactly: the number, and its exact text when the number is not enough to show it. */
interface ReadAmount {
  amount: number | null;
  exact?: string;
}

function flagAmount(reading: Reading, field: string, value: ExactDecimal, currency: string): ReadAmount {
  const text = decimalText(value);
  const digits = currencyDigits(currency);
  const finer = decimalsOf(value) > digits;
  const holds = numberHolds(value);
  if (finer) {
    note(
      reading,
      'finer-than-currency',
      field,
      `The ${label(field)} ${text} has more decimals than ${currency} (${digits}); it is kept exactly and never rounded in a total.`,
    );
  }
  const magnitude = value.units < 0n ? -value.units : value.units;
  if (!holds || magnitude >= ABSURD_AMOUNT * 10n ** BigInt(value.scale)) {
    note(
      reading,
      'absurd-amount',
      field,
      `The ${label(field)} ${text} ${currency} is implausible for one sale; it is kept exactly, but check it with the service.`,
    );
  }
  return finer || !holds ? { amount: decimalToNumber(value), exact: text } : { amount: decimalToNumber(value) };
}

/**
 * True for a plain number below a trillion with no more decimals than its currency: the usual amount, read without
 * decimal arithmetic. When round(|v|·10^d) / 10^d gives back v, v's shortest decimal form has at most d decimals.
 */
function isOrdinary(value: number, currency: string): boolean {
  const magnitude = Math.abs(value);
  const scale = 10 ** currencyDigits(currency);
  return magnitude < 1e12 && Math.round(magnitude * scale) / scale === magnitude;
}

function amount(reading: Reading, field: string, currency: string, required: boolean): ReadAmount {
  const value = reading.fields[field];
  if (isBlank(value)) {
    if (required)
      note(
        reading,
        'missing',
        field,
        `The ${label(field)} is missing; the sale is kept without one and left out of its totals.`,
      );
    return { amount: null };
  }
  if (typeof value === 'number' && isOrdinary(value, currency)) return { amount: value };
  const decimal = decimalOf(value);
  if (decimal === null) {
    note(
      reading,
      'unreadable',
      field,
      `The ${label(field)} ${describeValue(value)} is not a number; the sale is kept without one and left out of its totals.`,
    );
    return { amount: null };
  }
  return flagAmount(reading, field, decimal, currency);
}

/** The value of `field`, or of its misspelling when the correct spelling holds none (spec 2.2 notes). */
function spelledValue(reading: Reading, field: string, misspelled: string): unknown {
  const correct = reading.fields[field];
  const other = reading.fields[misspelled];
  if (isBlank(correct)) return other;
  if (!isBlank(other) && other !== correct) {
    if (checkJson(other, 1) === 'ok') reading.extra[misspelled] = other as JsonValue;
    note(
      reading,
      'conflicting-value',
      field,
      `${field} says ${describeValue(correct)} and ${misspelled} says ${describeValue(other)}; ${field} was used.`,
    );
  }
  return correct;
}

/** A date field as read: absent, present but naming no day (with what was sent), or a day. */
type DayField = { kind: 'absent' } | { kind: 'unreadable'; sent: unknown } | { kind: 'day'; day: string };

/** The day in `field` (or its misspelling). */
function day(reading: Reading, field: string, misspelled: string): DayField {
  const sent = spelledValue(reading, field, misspelled);
  if (isBlank(sent)) return { kind: 'absent' };
  const read = typeof sent === 'string' ? readWireDay(sent) : null;
  if (read === null) return { kind: 'unreadable', sent };
  if (!read.exactFormat) {
    note(
      reading,
      'near-format-date',
      field,
      `The ${label(field)} ${describeValue(sent)} is not written dd-mm-yyyy; it was read as ${read.day}.`,
    );
  }
  return { kind: 'day', day: read.day };
}

function paymentDay(reading: Reading): string | null {
  const read = day(reading, 'payment_date', 'payment_dete');
  if (read.kind === 'unreadable') {
    note(
      reading,
      'unreadable',
      'payment_date',
      `The payment date ${describeValue(read.sent)} is not a date that can be read; the sale is kept without one.`,
    );
  }
  return read.kind === 'day' ? read.day : null;
}

function keepExtra(reading: Reading): void {
  for (const key of Object.keys(reading.fields)) {
    if (SPEC_FIELDS.has(key) || key === '__proto__') continue;
    const value = reading.fields[key];
    const check = checkJson(value);
    if (check === 'ok') reading.extra[key] = value as JsonValue;
    else
      note(
        reading,
        'too-deep',
        key,
        `The field "${key.slice(0, 60)}" is ${check === 'too-deep' ? `nested deeper than ${MAX_FIELD_DEPTH} levels` : check === 'too-large' ? 'too large' : 'not plain JSON'}; it was left out.`,
      );
  }
}

function refuse(reference: string | null, reason: string): SaleResult {
  return { ok: false, warning: { reference, reason } };
}

function referenceOf(fields: Record<string, unknown>): string | null {
  const value = fields.reference;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_REFERENCE_LENGTH ? value : null;
}

function readSale(reading: Reading, reference: string, transactionDate: string): Sale {
  const currency = currencyOf(reading);
  const commission = amount(reading, 'commission_amount', currency, true);
  const transaction = amount(reading, 'transaction_amount', currency, false);
  const sale: Sale = {
    reference,
    commissionAmount: commission.amount,
    currency,
    commissionStatus: word(reading, 'commission_status', COMMISSION_STATUSES, true),
    transactionAmount: transaction.amount,
    category: word(reading, 'category', KNOWN_CATEGORIES, false),
    transactionDate,
    paymentStatus: word(reading, 'payment_status', PAYMENT_STATUSES, false),
    paymentDate: paymentDay(reading),
    productSlug: text(reading, 'product_slug'),
    productName: text(reading, 'product_name'),
    collectionSlug: text(reading, 'collection_slug'),
    collectionName: text(reading, 'collection_name'),
    collectionUrl: text(reading, 'collection_url'),
    subid: text(reading, 'subid'),
    extra: reading.extra,
  };
  if (commission.exact !== undefined) sale.commissionExact = commission.exact;
  if (transaction.exact !== undefined) sale.transactionExact = transaction.exact;
  keepExtra(reading);
  if (reading.notices.length > 0) sale.notices = reading.notices;
  return sale;
}

/**
 * Reads one record. Only the record's own fields are looked at before the depth check, so a field nested thousands of
 * levels deep costs one bounded walk and a notice, never a stack overflow that would lose the page.
 */
export function parseSaleRecord(raw: unknown): SaleResult {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return refuse(null, `The record is ${describeValue(raw)}, not an object; it was not stored.`);
  const parsed = recordSchema.safeParse(raw);
  if (!parsed.success) return refuse(null, 'The record is not a plain object; it was not stored.');
  const reading: Reading = { fields: parsed.data, notices: [], extra: {} };
  const reference = referenceOf(reading.fields);
  const setAside = reading.fields[SET_ASIDE_KEY];
  if (typeof setAside === 'string') return refuse(reference, setAside.slice(0, 300));
  if (reference === null) {
    const sent = reading.fields.reference;
    return refuse(
      null,
      `The record has no usable reference (${isBlank(sent) ? 'none was sent' : `sent ${describeValue(sent)}`}); it was not stored.`,
    );
  }
  const transactionDate = day(reading, 'transaction_date', 'transaction_dete');
  if (transactionDate.kind !== 'day') {
    const what = transactionDate.kind === 'absent' ? 'none was sent' : `sent ${describeValue(transactionDate.sent)}`;
    return refuse(reference, `The record has no usable transaction date (${what}); it was not stored.`);
  }
  return { ok: true, sale: readSale(reading, reference, transactionDate.day) };
}
