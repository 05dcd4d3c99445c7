/**
 * An independent integer-minor-unit oracle for the books (B6): a long scripted history of sales (made, approved,
 * declined, paid, amounts changed once or twice, no longer reported, reported again) over eighteen months with months
 * closed and one reopened in between, kept as plain records, and the bridge, aging, fiscal year and adjustments
 * recomputed from those records alone — never from the app's code. Not used by the app.
 */
import type { Sale } from '../src/shared/domain';

/** Minor units per currency of the script: none for JPY, three for KWD, two for the rest. */
export const DIGITS: Readonly<Record<string, number>> = { EUR: 2, USD: 2, JPY: 0, KWD: 3 };
const CURRENCIES = Object.keys(DIGITS);

/** One sale as the oracle keeps it. */
export interface OracleSale {
  reference: string;
  currency: string;
  minor: bigint;
  made: string;
  commission: 'pending' | 'approved' | 'declined';
  payment: 'pending' | 'paid';
  paidOn: string | null;
  reported: boolean;
}

/** One change the script made, with when it was stored. */
export interface OracleChange {
  reference: string;
  field: 'commissionStatus' | 'paymentStatus' | 'paymentDate' | 'commissionAmount' | 'reported';
  before: string | null;
  after: string | null;
  /** Signed minor units of the amount before (for an amount change). */
  beforeMinor?: bigint;
  at: string;
}

/** A close as it happened: the month, when, and the records as they were then. */
export interface OracleClose {
  month: string;
  at: string;
  records: OracleSale[];
}

/** What the cache must be told at one step of the script. */
export interface ScriptStep {
  at: Date;
  store: Sale[];
  /** Complete fetches of a day that left sales out: the day and the references it did return. */
  fetches: { day: string; reported: string[] }[];
  close: string[];
  reopen: string[];
}

/** A small seeded generator, so the history is the same every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const day = (y: number, m: number, d: number): string => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const monthOf = (iso: string): string => iso.slice(0, 7);

/** The amount as the service reports it: a plain number in the currency's decimals. */
function amountOf(sale: OracleSale): number {
  return Number(sale.minor) / 10 ** (DIGITS[sale.currency] as number);
}

function toSale(sale: OracleSale): Sale {
  return {
    reference: sale.reference,
    commissionAmount: amountOf(sale),
    currency: sale.currency,
    commissionStatus: sale.commission,
    transactionAmount: 100,
    category: 'coupon',
    transactionDate: sale.made,
    paymentStatus: sale.payment,
    paymentDate: sale.paidOn,
    productSlug: 'item',
    productName: 'Item',
    collectionSlug: 'all',
    collectionName: 'All',
    collectionUrl: 'https://shop.example/collections/all',
    subid: 'oracle',
    extra: {},
  };
}

/** The scripted history: the steps the cache is fed, and the oracle's records, changes and closes. */
export class BooksHistory {
  readonly steps: ScriptStep[] = [];
  readonly records = new Map<string, OracleSale>();
  readonly changes: OracleChange[] = [];
  /** Closes in force at the end (a reopened month is absent, or present with its later close). */
  readonly closes = new Map<string, OracleClose>();

  constructor(seed = 20261128) {
    const next = random(seed);
    let counter = 0;
    // Eighteen months of sales, May 2025 to October 2026; each month's step runs on the 3rd of the next.
    for (let index = 0; index < 18; index++) {
      const year = 2025 + Math.floor((4 + index) / 12);
      const month = ((4 + index) % 12) + 1;
      const stepDay = day(year, month + 1, 3);
      const at = new Date(`${stepDay}T10:00:00.000Z`);
      const step: ScriptStep = { at, store: [], fetches: [], close: [], reopen: [] };
      const removedOn = new Set<string>();
      const touched = new Set<string>();
      const change = (sale: OracleSale, edit: Partial<OracleSale>) => {
        for (const field of ['commission', 'payment', 'paidOn', 'minor', 'reported'] as const) {
          if (!(field in edit) || edit[field] === sale[field]) continue;
          const name = {
            commission: 'commissionStatus',
            payment: 'paymentStatus',
            paidOn: 'paymentDate',
            minor: 'commissionAmount',
            reported: 'reported',
          }[field] as OracleChange['field'];
          const text = (value: unknown) =>
            value === null ? null : field === 'reported' ? (value ? 'reported' : 'no longer reported') : String(value);
          this.changes.push({
            reference: sale.reference,
            field: name,
            before: text(sale[field]),
            after: text(edit[field]),
            ...(field === 'minor' ? { beforeMinor: sale.minor } : {}),
            at: at.toISOString(),
          });
        }
        Object.assign(sale, edit);
        touched.add(sale.reference);
      };
      // Changes to the sales already known.
      for (const sale of this.records.values()) {
        const roll = next();
        if (!sale.reported) {
          if (roll < 0.5) change(sale, { reported: true });
          continue;
        }
        if (roll < 0.03 && sale.commission !== 'declined') {
          change(sale, { reported: false });
          removedOn.add(sale.made);
          touched.delete(sale.reference);
          continue;
        }
        if (sale.commission === 'pending') {
          if (roll < 0.55) change(sale, { commission: 'approved' });
          else if (roll < 0.65) change(sale, { commission: 'declined' });
        } else if (sale.commission === 'approved' && sale.payment === 'pending') {
          // Paid within the month just ended; now and then without a payment date.
          if (roll < 0.5)
            change(sale, { payment: 'paid', paidOn: roll < 0.05 ? null : day(year, month, 1 + (counter % 28)) });
          else if (roll < 0.56) change(sale, { commission: 'declined' });
        } else if (sale.commission === 'declined' && roll < 0.04) change(sale, { commission: 'approved' });
        // Restated amounts: a declined sale is not restated, as on the platform.
        if (sale.commission !== 'declined' && next() < 0.06)
          change(sale, { minor: sale.minor + BigInt(Math.floor(next() * 900) - 450) });
      }
      // The month's new sales.
      const count = 12 + Math.floor(next() * 10);
      for (let n = 0; n < count; n++) {
        counter += 1;
        const currency = CURRENCIES[Math.floor(next() * CURRENCIES.length)] as string;
        const sale: OracleSale = {
          reference: `B6-${String(counter).padStart(5, '0')}`,
          currency,
          minor: BigInt(1 + Math.floor(next() * 5000)),
          made: day(year, month, 1 + Math.floor(next() * 28)),
          commission: next() < 0.8 ? 'pending' : 'approved',
          payment: 'pending',
          paidOn: null,
          reported: true,
        };
        this.records.set(sale.reference, sale);
        touched.add(sale.reference);
      }
      step.store = [...touched]
        .filter((reference) => this.records.get(reference)?.reported === true)
        .map((reference) => toSale(this.records.get(reference) as OracleSale));
      for (const removed of removedOn)
        step.fetches.push({
          day: removed,
          reported: [...this.records.values()]
            .filter((sale) => sale.made === removed && sale.reported)
            .map((sale) => sale.reference),
        });
      // Closes: every third month is closed at its step; the sixth closed month is reopened three steps later and
      // closed again at the same step.
      const closing = monthOf(day(year, month, 1));
      if (index % 3 === 1 && index < 17) step.close.push(closing);
      if (index === 10) {
        step.reopen.push('2025-09');
        step.close.push('2025-09');
      }
      this.steps.push(step);
      const records = [...this.records.values()].map((sale) => ({ ...sale }));
      for (const closed of step.reopen) this.closes.delete(closed);
      for (const closed of step.close) this.closes.set(closed, { month: closed, at: '', records });
    }
  }

  /** Called by the test with the instant each close was stored at, in script order. */
  closedAt(month: string, at: string): void {
    const close = this.closes.get(month);
    if (close !== undefined) close.at = at;
  }
}

/** Signed minor units of an amount text in `currency`'s own decimals; any other shape throws. */
export function minorOf(text: string, currency: string): bigint {
  const digits = DIGITS[currency] as number;
  const shape = digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${digits}}$`);
  if (!shape.test(text)) throw new Error(`"${text}" is not a ${currency} amount in its own decimals`);
  return BigInt(text.replace('.', ''));
}

/** A raw spreadsheet number (as LibreOffice writes it) as minor units of `currency`. */
export function minorOfNumber(text: string, currency: string): bigint {
  const digits = DIGITS[currency] as number;
  const [whole = '0', fraction = ''] = text.replace(/^-/, '').split('.');
  if (fraction.length > digits) throw new Error(`"${text}" has more decimals than ${currency}`);
  const value = BigInt(whole + fraction.padEnd(digits, '0'));
  return text.startsWith('-') ? -value : value;
}

const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The bridge lines of one currency, in minor units. */
export interface OracleBridge {
  opening: bigint;
  earned: bigint;
  reductions: bigint;
  received: bigint;
  closing: bigint;
}

function paidBy(sale: OracleSale, on: string): boolean {
  return sale.payment === 'paid' && (sale.paidOn === null || sale.paidOn <= on);
}

function receivable(records: readonly OracleSale[], on: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const sale of records)
    if (sale.reported && sale.made <= on && sale.commission !== 'declined' && !paidBy(sale, on))
      out.set(sale.currency, (out.get(sale.currency) ?? 0n) + sale.minor);
  return out;
}

/** The bridge of `from`..`to` per currency, opening from the close of the month before when it is closed. */
export function oracleBridge(
  history: Pick<BooksHistory, 'records' | 'closes'>,
  from: string,
  to: string,
): Map<string, OracleBridge> {
  const records = [...history.records.values()].filter((sale) => sale.reported);
  const opening = receivable(records, addDays(from, -1));
  const closing = receivable(records, to);
  const out = new Map<string, OracleBridge>();
  const line = (currency: string) => {
    let entry = out.get(currency);
    if (entry === undefined)
      out.set(currency, (entry = { opening: 0n, earned: 0n, reductions: 0n, received: 0n, closing: 0n }));
    return entry;
  };
  for (const sale of records) {
    if (sale.made >= from && sale.made <= to) line(sale.currency).earned += sale.minor;
    if (sale.payment === 'paid' && sale.paidOn !== null && sale.paidOn >= from && sale.paidOn <= to)
      line(sale.currency).received += sale.minor;
  }
  const close = from.endsWith('-01') ? history.closes.get(monthOf(addDays(from, -1))) : undefined;
  const recorded = close === undefined ? opening : receivable(close.records, addDays(from, -1));
  for (const currency of new Set([...opening.keys(), ...closing.keys(), ...recorded.keys()])) line(currency);
  for (const [currency, entry] of out) {
    entry.opening = recorded.get(currency) ?? 0n;
    entry.closing = closing.get(currency) ?? 0n;
    // What balances each currency: the period's declines and reductions, and what changed since the close.
    entry.reductions = entry.opening + entry.earned - entry.received - entry.closing;
  }
  for (const [currency, entry] of out) if (Object.values(entry).every((value) => value === 0n)) out.delete(currency);
  return out;
}

/** Owed (approved, not paid by then) and pending commission per currency and bucket on `asOf`. */
export function oracleAging(history: BooksHistory, asOf: string): Map<string, { owed: bigint; pending: bigint }> {
  const out = new Map<string, { owed: bigint; pending: bigint }>();
  for (const sale of history.records.values()) {
    if (!sale.reported || sale.made > asOf) continue;
    const days = Math.round((Date.parse(asOf) - Date.parse(sale.made)) / 86_400_000);
    const bucket = days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+';
    const kind =
      sale.commission === 'pending' ? 'pending' : sale.commission === 'approved' && !paidBy(sale, asOf) ? 'owed' : null;
    if (kind === null) continue;
    const key = `${sale.currency}|${bucket}`;
    const entry = out.get(key) ?? { owed: 0n, pending: 0n };
    entry[kind] += sale.minor;
    out.set(key, entry);
  }
  return out;
}

/** Cash (paid, by payment date) and accrual (made, by sale date) per currency and fiscal month starting 6 April. */
export function oracleYear(history: BooksHistory, startYear: number): Map<string, { cash: bigint; accrual: bigint }> {
  const months = Array.from({ length: 12 }, (_, k) => {
    const from = day(startYear, 4 + k, 6);
    return { month: from.slice(0, 7), from, to: addDays(day(startYear, 5 + k, 6), -1) };
  });
  const out = new Map<string, { cash: bigint; accrual: bigint }>();
  const add = (currency: string, on: string, key: 'cash' | 'accrual', minor: bigint) => {
    const month = months.find((m) => on >= m.from && on <= m.to);
    if (month === undefined) return;
    for (const label of [month.month, 'total']) {
      const entry = out.get(`${currency}|${label}`) ?? { cash: 0n, accrual: 0n };
      entry[key] += minor;
      out.set(`${currency}|${label}`, entry);
    }
  };
  for (const sale of history.records.values()) {
    if (!sale.reported || sale.commission === 'declined') continue;
    add(sale.currency, sale.made, 'accrual', sale.minor);
    if (sale.payment === 'paid' && sale.paidOn !== null) add(sale.currency, sale.paidOn, 'cash', sale.minor);
  }
  return out;
}

/** Each adjustment as `month|reference|field|before|after|currency:minor,…`, sorted: changes seen after a close. */
export function oracleAdjustments(history: BooksHistory): string[] {
  const out: string[] = [];
  for (const change of history.changes) {
    const sale = history.records.get(change.reference) as OracleSale;
    const close = history.closes.get(monthOf(sale.made));
    if (close === undefined || change.at <= close.at) continue;
    const effects: string[] = [];
    if (change.field === 'commissionAmount')
      effects.push(`${sale.currency}:${BigInt(change.after as string) - (change.beforeMinor as bigint)}`);
    if (change.field === 'commissionStatus' && change.after === 'declined')
      effects.push(`${sale.currency}:${-sale.minor}`);
    if (change.field === 'commissionStatus' && change.before === 'declined')
      effects.push(`${sale.currency}:${sale.minor}`);
    if (change.field === 'reported')
      effects.push(`${sale.currency}:${change.after === 'reported' ? sale.minor : -sale.minor}`);
    const words = change.field === 'commissionAmount' ? ['', ''] : [change.before ?? '', change.after ?? ''];
    out.push([close.month, change.reference, change.field, ...words, effects.join(',')].join('|'));
  }
  return out.sort();
}

/** The plain bridge as the records were at `close` (B1: a report as of that moment), no month closed. */
export function oracleBridgeAt(close: OracleClose, from: string, to: string): Map<string, OracleBridge> {
  const records = new Map(close.records.map((sale) => [sale.reference, sale]));
  return oracleBridge({ records, closes: new Map() }, from, to);
}
