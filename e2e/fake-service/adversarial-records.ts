/**
 * Hostile sale records (T8, N5), as an independent audit sent them: statuses and categories the spec does
 * not list, amounts as numeric text, with more digits than a double holds, finer than the currency or absurdly large,
 * dates in near formats or under the spec's misspelled keys, a field nested 200 levels deep, and records that
 * cannot be stored at all.
 *
 * Each case has a plain base record, which the fake's spec service keeps, filters and pages like any sale, and the
 * raw JSON text sent in its place (`report-shaping.ts` swaps it in by reference), so a value can be written in ways
 * `JSON.stringify` cannot (a 20-digit number). Serving {@link adversarialSales} turns the
 * mode on; no knob is needed. Each case also says what the client must keep, for the tests.
 */
import type { WireSale } from '../../src/core/demo';
import type { Sale, SaleNoticeKind } from '../../src/shared/domain';

/** A value written into the record's JSON text as it is. */
class RawJson {
  constructor(readonly text: string) {}
}

/** Marks a field to leave out of the record. */
const ABSENT = Symbol('absent');

type FieldValue = unknown;

/** What the client must make of a record: a sale with these fields and notices, or a warning. */
export type AdversarialExpectation =
  | { stored: true; sale: Partial<Sale>; notices: SaleNoticeKind[] }
  | { stored: false; reason: RegExp; reference: string | null };

/** One hostile record. */
export interface AdversarialCase {
  reference: string;
  /** What is hostile about it, for test names and messages. */
  what: string;
  /** The record the spec service keeps (a plain, valid sale on `day`). */
  base: WireSale;
  /** The record's JSON text as sent instead of `base`. */
  wire: string;
  expect: AdversarialExpectation;
}

/** Prefix of every adversarial reference: report shaping swaps in the wire text of records carrying it. */
export const ADVERSARIAL_PREFIX = 'ADV-';

/**
 * Levels of nesting of the deep values: far beyond the 32 a kept field may have, within the 256 a whole reply may have
 * (deeper, the page is refused: S13).
 */
export const DEEP_LEVELS = 200;

function deepJson(levels: number): string {
  return `${'{"level":'.repeat(levels)}"bottom"${'}'.repeat(levels)}`;
}

function serviceDay(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${d}-${m}-${y}`;
}

function baseRecord(reference: string, day: string): WireSale {
  return {
    reference,
    commission_amount: 2.5,
    currency: 'USD',
    commission_status: 'approved',
    transaction_amount: 50,
    category: 'coupon',
    transaction_date: serviceDay(day),
    payment_status: 'pending',
    payment_date: null,
    product_slug: 'adv-lamp',
    product_name: 'Hostile lamp',
    collection_slug: 'adv-home',
    collection_name: 'Adversarial home',
    collection_url: 'https://shop.example/collections/adv-home',
    subid: 'audit',
  };
}

function writeRecord(fields: Record<string, FieldValue>): string {
  const parts = Object.entries(fields)
    .filter(([, value]) => value !== ABSENT)
    .map(([key, value]) => `${JSON.stringify(key)}:${value instanceof RawJson ? value.text : JSON.stringify(value)}`);
  return `{${parts.join(',')}}`;
}

interface CaseSpec {
  id: string;
  what: string;
  day: string;
  changes?: Record<string, FieldValue>;
  /** The whole wire text instead of the base record with changes. */
  wholeWire?: string;
  expect: AdversarialExpectation;
}

const kept = (sale: Partial<Sale>, ...notices: SaleNoticeKind[]): AdversarialExpectation => ({
  stored: true,
  sale,
  notices,
});

const SPECS: readonly CaseSpec[] = [
  {
    id: 'REVERSED',
    what: 'commission status "reversed"',
    day: '2026-01-10',
    changes: { commission_status: 'reversed' },
    expect: kept({ commissionStatus: 'reversed' }, 'unlisted-value'),
  },
  {
    id: 'ON-HOLD',
    what: 'commission status "on_hold"',
    day: '2026-01-10',
    changes: { commission_status: 'on_hold' },
    expect: kept({ commissionStatus: 'on_hold' }, 'unlisted-value'),
  },
  {
    id: 'CAPITAL',
    what: 'commission status "Approved"',
    day: '2026-01-11',
    changes: { commission_status: 'Approved' },
    expect: kept({ commissionStatus: 'Approved' }, 'unlisted-value'),
  },
  {
    id: 'PROCESSING',
    what: 'payment status "processing"',
    day: '2026-01-11',
    changes: { payment_status: 'processing' },
    expect: kept({ paymentStatus: 'processing' }, 'unlisted-value'),
  },
  {
    id: 'FAILED',
    what: 'payment status "failed"',
    day: '2026-01-12',
    changes: { payment_status: 'failed' },
    expect: kept({ paymentStatus: 'failed' }, 'unlisted-value'),
  },
  {
    id: 'CATEGORY',
    what: 'category "bundle-deal"',
    day: '2026-01-12',
    changes: { category: 'bundle-deal' },
    expect: kept({ category: 'bundle-deal' }, 'unlisted-value'),
  },
  {
    id: 'NUMERIC-TEXT',
    what: 'amounts as numeric text',
    day: '2026-01-13',
    changes: { commission_amount: '12.34', transaction_amount: ' 250.00 ' },
    expect: kept({ commissionAmount: 12.34, transactionAmount: 250 }),
  },
  {
    id: 'NEGATIVE-TEXT',
    what: 'a refund as numeric text',
    day: '2026-01-13',
    changes: { commission_amount: '-4.35' },
    expect: kept({ commissionAmount: -4.35 }),
  },
  {
    id: 'EXPONENT-TEXT',
    what: 'an amount as "1.5e3"',
    day: '2026-01-13',
    changes: { commission_amount: '1.5e3' },
    expect: kept({ commissionAmount: 1500 }),
  },
  {
    id: 'LONG-DIGITS',
    what: 'a JSON number with 20 digits',
    day: '2026-01-14',
    changes: { commission_amount: new RawJson('0.12345678901234567890') },
    expect: kept({ commissionExact: '0.1234567890123456789' }, 'finer-than-currency', 'absurd-amount'),
  },
  {
    id: 'SUB-CENT',
    what: 'a commission of 0.005 USD',
    day: '2026-01-14',
    changes: { commission_amount: 0.005 },
    expect: kept({ commissionAmount: 0.005, commissionExact: '0.005' }, 'finer-than-currency'),
  },
  {
    id: 'YEN-HALF',
    what: 'a commission of 12.5 JPY',
    day: '2026-01-14',
    changes: { currency: 'JPY', commission_amount: 12.5, transaction_amount: 1500 },
    expect: kept({ currency: 'JPY', commissionExact: '12.5', transactionAmount: 1500 }, 'finer-than-currency'),
  },
  {
    id: 'KWD',
    what: 'a lower-case KWD with four decimals',
    day: '2026-01-15',
    changes: { currency: 'kwd', commission_amount: '1.2345', transaction_amount: 10.125 },
    expect: kept({ currency: 'KWD', commissionExact: '1.2345', transactionAmount: 10.125 }, 'finer-than-currency'),
  },
  {
    id: 'TRILLION',
    what: 'a commission of 1e15',
    day: '2026-01-15',
    changes: { commission_amount: new RawJson('1e15') },
    expect: kept({ commissionAmount: 1e15 }, 'absurd-amount'),
  },
  {
    id: 'HUGE-TEXT',
    what: 'a 25-digit transaction amount as text',
    day: '2026-01-15',
    changes: { transaction_amount: '123456789012345678901234.5' },
    expect: kept({ transactionExact: '123456789012345678901234.5' }, 'absurd-amount'),
  },
  {
    id: 'EUROPEAN-TEXT',
    what: 'an amount "12,50 EUR"',
    day: '2026-01-16',
    changes: { commission_amount: '12,50 EUR' },
    expect: kept({ commissionAmount: null }, 'unreadable'),
  },
  {
    id: 'NO-CURRENCY',
    what: 'no currency',
    day: '2026-01-16',
    changes: { currency: ABSENT },
    expect: kept({ currency: 'XXX', commissionAmount: 2.5 }, 'missing'),
  },
  {
    id: 'D-M-YYYY',
    what: 'a date "5-1-2026"',
    day: '2026-01-05',
    changes: { transaction_date: '5-1-2026' },
    expect: kept({ transactionDate: '2026-01-05' }, 'near-format-date'),
  },
  {
    id: 'SLASHES',
    what: 'a date "15/01/2026"',
    day: '2026-01-15',
    changes: { transaction_date: '15/01/2026' },
    expect: kept({ transactionDate: '2026-01-15' }, 'near-format-date'),
  },
  {
    id: 'ISO-DATE',
    what: 'a date "2026-01-16"',
    day: '2026-01-16',
    changes: { transaction_date: '2026-01-16' },
    expect: kept({ transactionDate: '2026-01-16' }, 'near-format-date'),
  },
  {
    id: 'DETE',
    what: 'the date under the misspelled transaction_dete',
    day: '2026-01-17',
    changes: { transaction_date: ABSENT, transaction_dete: '17-01-2026' },
    expect: kept({ transactionDate: '2026-01-17' }),
  },
  {
    id: 'PAYMENT-DETE',
    what: 'the payment date under the misspelled payment_dete',
    day: '2026-01-17',
    changes: { payment_status: 'paid', payment_date: ABSENT, payment_dete: '20-02-2026' },
    expect: kept({ paymentStatus: 'paid', paymentDate: '2026-02-20' }),
  },
  {
    id: 'BOTH-SPELLINGS',
    what: 'transaction_date and transaction_dete that disagree',
    day: '2026-01-18',
    changes: { transaction_dete: '19-01-2026' },
    expect: kept({ transactionDate: '2026-01-18', extra: { transaction_dete: '19-01-2026' } }, 'conflicting-value'),
  },
  {
    id: 'DEEP',
    what: `a field nested ${DEEP_LEVELS} levels deep`,
    day: '2026-01-19',
    changes: { blob: new RawJson(deepJson(DEEP_LEVELS)), note: 'kept' },
    expect: kept({ extra: { note: 'kept' }, commissionAmount: 2.5 }, 'too-deep'),
  },
  {
    id: 'DEEP-AMOUNT',
    what: `a commission amount nested ${DEEP_LEVELS} levels deep`,
    day: '2026-01-19',
    changes: { commission_amount: new RawJson(deepJson(DEEP_LEVELS)) },
    expect: kept({ commissionAmount: null, transactionAmount: 50 }, 'unreadable'),
  },
  {
    id: 'AMBIGUOUS-DATE',
    what: 'a date "03/01/2026" that could be 3 January or 1 March',
    day: '2026-01-03',
    changes: { transaction_date: '03/01/2026' },
    expect: {
      stored: false,
      reason: /transaction date.*03\/01\/2026/,
      reference: `${ADVERSARIAL_PREFIX}AMBIGUOUS-DATE`,
    },
  },
  {
    id: 'NO-REFERENCE',
    what: 'no reference',
    day: '2026-01-20',
    changes: { reference: ABSENT },
    expect: { stored: false, reason: /no usable reference/, reference: null },
  },
  {
    id: 'NOT-AN-OBJECT',
    what: 'a record that is a string',
    day: '2026-01-20',
    wholeWire: '"corrupted record"',
    expect: { stored: false, reason: /not an object/, reference: null },
  },
];

/** Every hostile record. */
export const ADVERSARIAL_CASES: readonly AdversarialCase[] = SPECS.map((spec) => {
  const reference = `${ADVERSARIAL_PREFIX}${spec.id}`;
  const base = baseRecord(reference, spec.day);
  return {
    reference,
    what: spec.what,
    base,
    wire: spec.wholeWire ?? writeRecord({ ...base, ...spec.changes }),
    expect: spec.expect,
  };
});

const WIRE_BY_REFERENCE = new Map(ADVERSARIAL_CASES.map((c) => [c.reference, c.wire]));

/** The base records to serve (with a generated dataset, or alone); all fall in January 2026. */
export function adversarialSales(): WireSale[] {
  return ADVERSARIAL_CASES.map((c) => ({ ...c.base }));
}

/** The wire text to send for a record of `reference`, or undefined when it is no adversarial record. */
export function adversarialWire(reference: unknown): string | undefined {
  return typeof reference === 'string' ? WIRE_BY_REFERENCE.get(reference) : undefined;
}
