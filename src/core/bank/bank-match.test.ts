import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test-support/cache-kit';
import { makeSale } from '../../../test-support/export-kit';
import { openCache, type SalesCache } from '../cache';
import { importStatement, matchStored, payoutKey, readStatement, type StatementImport } from '.';

const FIXTURES = join(__dirname, '../../../test-support/fixtures/bank');
const file = (name: string) => readFileSync(join(FIXTURES, name));
const AT = new Date('2026-11-28T09:00:00.000Z');

let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;

const paid = (currency: string, amount: number, day: string) =>
  makeSale({ currency, commissionAmount: amount, transactionDate: '2026-09-15', paymentDate: day });

beforeEach(() => {
  folder = tempFolder('bank-match');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: () => AT }).cache;
  cache.storePage(
    'acct',
    [
      // 5 October: two sales, one payout of 20.00 EUR.
      paid('EUR', 12.5, '2026-10-05'),
      paid('EUR', 7.5, '2026-10-05'),
      paid('USD', 45, '2026-10-06'),
      // 12 October: 100.00 EUR, received less a 1.50 fee.
      paid('EUR', 100, '2026-10-12'),
      // 19 October: never reached the bank.
      paid('EUR', 33.33, '2026-10-19'),
      // 28 October: may still arrive after the statement's last day.
      paid('EUR', 10, '2026-10-28'),
    ],
    AT,
  );
});
afterEach(() => {
  cache.close();
  folder.remove();
});

function run(name: string, overrides: Partial<StatementImport> = {}) {
  return importStatement(cache, {
    account: 'acct',
    bytes: file(name),
    fileName: name,
    currency: null,
    days: 10,
    tolerance: { units: 200n, scale: 2 },
    payer: 'affiliate platform',
    today: '2026-11-28',
    at: AT,
    ...overrides,
  });
}

/** The report as `date currency amount -> bank day amount (difference)` lines. */
function summary(result: ReturnType<typeof run>) {
  return {
    matched: result.report.matched.map(
      ({ payout, line, difference }) =>
        `${payout.paymentDate} ${payout.currency} ${payout.amount} -> ${line.day} ${line.amount} (${difference})`,
    ),
    unpaid: result.report.unpaid.map((p) => `${p.paymentDate} ${p.currency} ${p.amount}`),
    tooRecent: result.report.tooRecent.map((p) => `${p.paymentDate} ${p.currency} ${p.amount}`),
    unknown: result.report.unknown.map((line) => `${line.day} ${line.amount} ${line.description}`),
  };
}

const EUR_MATCHED = [
  '2026-10-05 EUR 20.00 -> 2026-10-07 20.00 (0.00)',
  '2026-10-12 EUR 100.00 -> 2026-10-14 98.50 (-1.50)',
];

describe('L4: payouts matched to a bank statement', () => {
  it('L4: a comma statement with a currency column: matched (a fee within tolerance), the payout that never arrived, one too recent to tell, and a platform line no payout explains', () => {
    const result = run('statement-comma.csv');
    expect(result.layout).toEqual({
      separator: ',',
      encoding: 'utf-8',
      decimalComma: false,
      dateFormat: 'yyyy-mm-dd',
      date: 0,
      description: 1,
      amount: 2,
      currency: 3,
    });
    expect(summary(result)).toEqual({
      matched: [EUR_MATCHED[0], '2026-10-06 USD 45.00 -> 2026-10-08 45.00 (0.00)', EUR_MATCHED[1]],
      unpaid: ['2026-10-19 EUR 33.33'],
      tooRecent: ['2026-10-28 EUR 10.00'],
      unknown: ['2026-10-25 55.00 AFFILIATE PLATFORM BONUS'],
    });
    // With no tolerance the fee leaves the 12 October payout unmatched.
    expect(summary(run('statement-comma.csv', { tolerance: { units: 0n, scale: 0 } })).unpaid).toEqual([
      '2026-10-12 EUR 100.00',
      '2026-10-19 EUR 33.33',
    ]);
  });

  it('L4: importing the same statement twice adds nothing and finds the same', () => {
    const first = run('statement-comma.csv');
    const again = run('statement-comma.csv');
    expect(first.added).toBe(6);
    expect(again.added).toBe(0);
    expect(summary(again)).toEqual(summary(first));
    expect(cache.bankLines('acct', '2026-10-01', '2026-10-31')).toHaveLength(6);
  });

  it('L4: a manual match is kept and marked; unmatching gives the payout back to the automatic match', () => {
    const interest = run('statement-comma.csv').report.unknown.length;
    expect(interest).toBe(1);
    const [line] = cache.bankLines('acct', '2026-10-31', '2026-10-31');
    cache.setManualMatch('acct', payoutKey({ paymentDate: '2026-10-28', currency: 'EUR' }), line?.key ?? '');
    const range = { from: '2026-10-01', to: '2026-10-31' };
    const options = {
      days: 10,
      tolerance: { units: 200n, scale: 2 },
      payer: null,
      today: '2026-11-28',
      currencies: ['EUR'],
    };
    const manual = matchStored(cache, 'acct', range, options);
    expect(manual.matched.find((m) => m.payout.paymentDate === '2026-10-28')).toMatchObject({
      manual: true,
      difference: '-9.00',
    });
    cache.setManualMatch('acct', payoutKey({ paymentDate: '2026-10-28', currency: 'EUR' }), null);
    expect(matchStored(cache, 'acct', range, options).tooRecent.map((p) => p.paymentDate)).toEqual(['2026-10-28']);
  });
});

describe('L4: an exact amount before a near one', () => {
  it('L4: a payout that only nearly fits never takes the line whose own payout it fits exactly, whatever their dates', () => {
    cache.storePage('near', [paid('EUR', 20.3, '2026-10-04'), paid('EUR', 20, '2026-10-05')], AT);
    const result = importStatement(cache, {
      account: 'near',
      bytes: new TextEncoder().encode(
        'Date,Description,Amount\n2026-10-01,Opening,1.00\n2026-10-07,PLATFORM,20.00\n2026-10-20,Rent,-900.00\n',
      ),
      fileName: 'near.csv',
      currency: 'EUR',
      days: 10,
      tolerance: { units: 50n, scale: 2 },
      payer: null,
      today: '2026-11-28',
      at: AT,
    });
    expect(result.report.matched.map((m) => `${m.payout.paymentDate} ${m.line.day}`)).toEqual([
      '2026-10-05 2026-10-07',
    ]);
    expect(result.report.unpaid.map((p) => `${p.paymentDate} ${p.amount}`)).toEqual(['2026-10-04 20.30']);
  });
});

describe('L5: statements in other layouts and bad statements', () => {
  it('L5: semicolons, a decimal comma, dd.mm.yyyy and a byte-order mark are detected; the currency is the one stated', () => {
    const result = run('statement-semicolon-bom.csv', { currency: 'EUR' });
    expect(result.header[0]).toBe('Buchungstag');
    expect(result.layout).toMatchObject({
      separator: ';',
      decimalComma: true,
      dateFormat: 'dd.mm.yyyy',
      currency: null,
    });
    expect(summary(result)).toMatchObject({ matched: EUR_MATCHED, unpaid: ['2026-10-19 EUR 33.33'] });
    expect(summary(result).unknown).toEqual(['2026-10-25 55.00 AFFILIATE PLATFORM Bonus']);
    expect(() => run('statement-semicolon-bom.csv')).toThrow(
      'This statement has no currency column. Say which currency the account holds.',
    );
  });

  it('L5: Windows-1252 text is read as such, dd/mm/yyyy told from the 14th, and the detected layout is remembered for the next file of that bank', () => {
    const result = run('statement-windows-1252.csv', { currency: 'EUR' });
    expect(result.layout).toMatchObject({ encoding: 'windows-1252', dateFormat: 'dd/mm/yyyy', decimalComma: false });
    expect(result.preview[0]?.[1]).toBe('Paiement AFFILIATE PLATFORM, Société Générale');
    expect(summary(result).matched).toEqual(EUR_MATCHED);
    expect(cache.layoutFor('date\u0001description\u0001amount')).toEqual(result.layout);
  });

  it('L5: a statement with no amount column, a file of 50 MB and a date that does not fit are refused with a clear error; nothing is stored', () => {
    expect(() => run('statement-no-amount.csv')).toThrow(
      'No amount column was found. Choose which column holds the amount. Nothing was imported.',
    );
    expect(() => readStatement(new Uint8Array(50 * 1024 * 1024), 'EUR')).toThrow(
      'This file is larger than a bank statement can be (10 MB).',
    );
    expect(() => run('statement-comma.csv', { layout: { dateFormat: 'dd/mm/yyyy' } })).toThrow(
      'Line 2: "2026-10-07" is not a date written dd/mm/yyyy. Nothing was imported.',
    );
    expect(cache.bankLines('acct', '2000-01-01', '2100-01-01')).toEqual([]);
  });
});
