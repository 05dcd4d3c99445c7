import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type SalesCache } from '../cache';
import { parsedSales, tempFolder, testClock } from '../../../test-support/cache-kit';
import { currencyDigits } from '../../shared/money';
import {
  JOURNAL_COLUMNS,
  LEDGER_COLUMNS,
  LedgerFileExists,
  QBO_COLUMNS,
  XERO_COLUMNS,
  XERO_LINES_PER_FILE,
  ledgerFiles,
  writeLedger,
  type LedgerFormat,
  type LedgerLine,
} from '.';

const clock = testClock();
let folder: { dir: string; remove: () => void };
let cache: SalesCache;

beforeEach(() => {
  folder = tempFolder('ledger');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: clock.now }).cache;
});
afterEach(() => {
  cache.close();
  folder.remove();
});

/** Reads a ledger file as an importer does: the header must be exactly `columns`, every row that many cells. */
function readStrict(text: string, columns: readonly string[]): Record<string, string>[] {
  return parse(text, {
    columns: (header: string[]) => {
      if (header.join('\u0000') !== columns.join('\u0000'))
        throw new Error(`header ${JSON.stringify(header)} is not ${JSON.stringify(columns)}`);
      return header;
    },
    relax_column_count: false,
    relax_quotes: false,
    skip_empty_lines: false,
    bom: false,
  }) as Record<string, string>[];
}

/** A decimal amount text as minor units of `currency`, refusing any other shape than the currency's own decimals. */
function minorUnits(text: string, currency: string): bigint {
  const digits = currencyDigits(currency);
  const shape = digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${digits}}$`);
  if (!shape.test(text)) throw new Error(`"${text}" is not a plain ${currency} amount`);
  return BigInt(text.replace('.', ''));
}

const sum = (values: readonly bigint[]): bigint => values.reduce((a, b) => a + b, 0n);

/** The expected payouts of `currency` received by the tests' today (2026-02-26), in date order. */
const received = (expected: Map<string, bigint>, currency: string): [string, bigint][] =>
  [...expected.entries()].filter(([key]) => key.endsWith(currency) && key < '2026-02-27');

/** Paid sales in EUR, JPY and KWD over February 2026, with what each payment date should total in minor units. */
function storeSales(): Map<string, bigint> {
  const records: Record<string, unknown>[] = [];
  const expected = new Map<string, bigint>();
  const amounts: Record<string, [number, bigint][]> = {
    EUR: [
      [12.34, 1234n],
      [0.05, 5n],
      [-3.1, -310n],
    ],
    JPY: [
      [1500, 1500n],
      [7, 7n],
    ],
    KWD: [
      [1.234, 1234n],
      [0.001, 1n],
    ],
  };
  for (let day = 1; day <= 28; day += 3) {
    for (const [currency, list] of Object.entries(amounts)) {
      for (const [amount, units] of list) {
        records.push({
          currency,
          commission_amount: amount,
          commission_status: 'approved',
          payment_status: 'paid',
          transaction_date: '05-01-2026',
          payment_date: `${String(day).padStart(2, '0')}-02-2026`,
        });
        const key = `2026-02-${String(day).padStart(2, '0')} ${currency}`;
        expected.set(key, (expected.get(key) ?? 0n) + units);
      }
    }
  }
  // Paid outside the period, and announced for a day after today: in no file.
  records.push(
    { currency: 'EUR', commission_amount: 99, payment_status: 'paid', payment_date: '01-03-2026' },
    { currency: 'EUR', commission_amount: 50, payment_status: 'paid', payment_date: '27-02-2026' },
  );
  cache.storePage('acct', parsedSales(records), clock.now());
  return expected;
}

const PERIOD = { from: '2026-02-01', to: '2026-02-28' };

async function write(format: LedgerFormat, currency: string, extra: Partial<Parameters<typeof writeLedger>[1]> = {}) {
  const path = join(folder.dir, `${format}-${currency}.csv`);
  const written = await writeLedger(cache, {
    account: 'acct',
    currency,
    range: PERIOD,
    today: '2026-02-26',
    format,
    payee: 'Main shop',
    path,
    overwrite: false,
    ...extra,
  });
  return { written, text: readFileSync(path, 'utf8') };
}

describe('L3: ledger files a bookkeeping program imports', () => {
  it('L3: the Xero file has exactly the published columns, one line per payment date, amounts summing to the payouts in minor units (EUR, JPY, KWD)', async () => {
    const expected = storeSales();
    for (const currency of ['EUR', 'JPY', 'KWD']) {
      const { written, text } = await write('xero', currency);
      const rows = readStrict(text, XERO_COLUMNS);
      const want = received(expected, currency);
      expect(rows.map((row) => row.Date)).toEqual(
        want.map(([key]) => `${key.slice(8, 10)}/${key.slice(5, 7)}/${key.slice(0, 4)}`),
      );
      expect(rows.map((row) => minorUnits(row.Amount ?? '', currency))).toEqual(want.map(([, units]) => units));
      expect(sum(rows.map((row) => minorUnits(row.Amount ?? '', currency)))).toBe(sum(want.map(([, units]) => units)));
      expect(rows[0]).toMatchObject({ Payee: 'Main shop', Reference: `2026-02-01 ${currency}` });
      expect(rows[0]?.Description).toMatch(/^Main shop commission payout, \d+ sales$/);
      // The payout dated after today is announced, not on the bank statement yet.
      expect(written.scheduled).toBe(currency === 'EUR' ? 2 : 1);
    }
  });

  it('L3: the QuickBooks file is exactly Date,Description,Amount in mm/dd/yyyy when asked, summing to the payouts', async () => {
    const expected = storeSales();
    const { text } = await write('qbo', 'JPY', { dateFormat: 'mm/dd/yyyy' });
    expect(text.split('\r\n')[0]).toBe('Date,Description,Amount');
    const rows = readStrict(text, QBO_COLUMNS);
    expect(rows[1]?.Date).toBe('02/04/2026');
    const want = received(expected, 'JPY').map(([, units]) => units);
    expect(sum(rows.map((row) => minorUnits(row.Amount ?? '', 'JPY')))).toBe(sum(want));
    expect(rows.every((row) => /^\d+$/.test(row.Amount ?? ''))).toBe(true);
  });

  it('L3: the journal balances, debits the bank with each payout and credits the income account, in KWD’s three decimals', async () => {
    const expected = storeSales();
    const { text } = await write('journal', 'KWD', { accounts: { bank: 'Bank KWD', income: '=Commission' } });
    const rows = readStrict(text, JOURNAL_COLUMNS);
    const debits = rows.filter((row) => row.Debit !== '').map((row) => minorUnits(row.Debit ?? '', 'KWD'));
    const credits = rows.filter((row) => row.Credit !== '').map((row) => minorUnits(row.Credit ?? '', 'KWD'));
    expect(sum(debits)).toBe(sum(credits));
    const want = sum(received(expected, 'KWD').map(([, units]) => units));
    expect(sum(rows.filter((row) => row.Account === 'Bank KWD').map((row) => minorUnits(row.Debit ?? '', 'KWD')))).toBe(
      want,
    );
    expect(rows.every((row) => row.Currency === 'KWD')).toBe(true);
    // An account name that could start a formula is neutralised, like every export's text.
    expect(rows.filter((row) => row.Account === "'=Commission")).toHaveLength(rows.length / 2);
  });

  it('L3: a negative payout keeps the journal balanced with both columns positive', async () => {
    cache.storePage(
      'acct',
      parsedSales([{ currency: 'EUR', commission_amount: -4.5, payment_status: 'paid', payment_date: '03-02-2026' }]),
      clock.now(),
    );
    const rows = readStrict((await write('journal', 'EUR')).text, JOURNAL_COLUMNS);
    expect(rows.map((row) => [row.Account, row.Debit, row.Credit])).toEqual([
      ['Affiliate commission income', '4.50', ''],
      ['Bank', '', '4.50'],
    ]);
  });

  it('L3: split by category or collection, each payout becomes one line per part, each reference its own, the lines of a day summing to its payout', async () => {
    const paid = (day: string, amount: number, category: string | null, collection: string | null) => ({
      currency: 'EUR',
      commission_amount: amount,
      commission_status: 'approved',
      payment_status: 'paid',
      transaction_date: '05-01-2026',
      payment_date: `${day}-02-2026`,
      category,
      collection_name: collection,
    });
    cache.storePage(
      'acct',
      parsedSales([
        paid('03', 10.5, 'product', 'Summer'),
        paid('03', 2.25, 'product', '=Gifts'),
        paid('03', 4, 'coupon', null),
        paid('10', 7.75, null, 'Summer'),
      ]),
      clock.now(),
    );
    const byCategory = readStrict((await write('xero', 'EUR', { split: 'category' })).text, XERO_COLUMNS);
    expect(byCategory.map((row) => [row.Date, row.Amount, row.Reference])).toEqual([
      ['03/02/2026', '4.00', '2026-02-03 EUR category coupon'],
      ['03/02/2026', '12.75', '2026-02-03 EUR category product'],
      ['10/02/2026', '7.75', '2026-02-10 EUR category (none)'],
    ]);
    expect(byCategory[1]?.Description).toBe('Main shop commission payout, category product, 2 sales');
    rmSync(join(folder.dir, 'xero-EUR.csv'));
    const whole = readStrict((await write('xero', 'EUR')).text, XERO_COLUMNS);
    for (const day of ['03/02/2026', '10/02/2026']) {
      const cents = (rows: Record<string, string>[]) =>
        sum(rows.filter((row) => row.Date === day).map((row) => minorUnits(row.Amount ?? '', 'EUR')));
      expect(cents(byCategory)).toBe(cents(whole));
    }
    rmSync(join(folder.dir, 'xero-EUR.csv'));
    const byCollection = readStrict((await write('xero', 'EUR', { split: 'collection' })).text, XERO_COLUMNS);
    expect(byCollection.map((row) => row.Amount)).toEqual(['4.00', '2.25', '10.50', '7.75']);
    // A collection name from the service that could start a formula stays text.
    for (const row of byCollection) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('L3: text from the account that could start a formula is neutralised in every format', () => {
    const line: LedgerLine = {
      date: '2026-02-03',
      currency: 'EUR',
      sales: 2,
      minorUnits: 1000n,
      amount: '10.00',
      part: null,
    };
    for (const format of ['xero', 'qbo', 'journal'] as const) {
      const [file] = ledgerFiles([line], { format, payee: '=HYPERLINK("https://x.example")' });
      const rows = readStrict(file?.text ?? '', LEDGER_COLUMNS[format]);
      for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@]/);
    }
  });

  it('L3: a Xero statement of more lines than Xero takes is split into numbered parts, none over the limit, together every line', async () => {
    const records = Array.from({ length: XERO_LINES_PER_FILE + 5 }, (_, i) => {
      const day = new Date(Date.UTC(2023, 0, 1 + i));
      const text = `${String(day.getUTCDate()).padStart(2, '0')}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${day.getUTCFullYear()}`;
      return { currency: 'EUR', commission_amount: 1 + i / 100, payment_status: 'paid', payment_date: text };
    });
    cache.storePage('acct', parsedSales(records), clock.now());
    const path = join(folder.dir, 'statement.csv');
    const written = await writeLedger(cache, {
      account: 'acct',
      currency: 'EUR',
      range: { from: '2023-01-01', to: '2026-12-31' },
      today: '2026-12-31',
      format: 'xero',
      payee: 'Main shop',
      path,
      overwrite: false,
    });
    expect(written.paths).toEqual([
      join(folder.dir, 'statement-part-1-of-2.csv'),
      join(folder.dir, 'statement-part-2-of-2.csv'),
    ]);
    const parts = written.paths.map((p) => readStrict(readFileSync(p, 'utf8'), XERO_COLUMNS));
    expect(parts.map((rows) => rows.length)).toEqual([XERO_LINES_PER_FILE, 5]);
    const total = sum(parts.flat().map((row) => minorUnits(row.Amount ?? '', 'EUR')));
    expect(total).toBe(sum(records.map((_, i) => BigInt(100 + i))));
  });

  it('L3: an existing file is left as it is unless replacing is asked for', async () => {
    storeSales();
    const path = join(folder.dir, 'xero-EUR.csv');
    writeFileSync(path, 'mine');
    await expect(write('xero', 'EUR')).rejects.toBeInstanceOf(LedgerFileExists);
    expect(readFileSync(path, 'utf8')).toBe('mine');
    await write('xero', 'EUR', { overwrite: true });
    expect(readFileSync(path, 'utf8')).toMatch(/^Date,Amount,Payee,Description,Reference\r\n/);
  });
});
