import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test-support/cache-kit';
import { makeSale } from '../../../test-support/export-kit';
import { ECB_SAMPLE as SAMPLE, HOME_SALES } from '../../../test-support/home-sales';
import { convertedMinor, ratesOf } from '../../../test-support/rates-oracle';
import { openCache, type SalesCache } from '../cache';
import { importRatesFile } from '../rates';
import { DEFAULT_RATE_RULE, type RateRule } from '../../shared/rate-rule';
import { fiscalYear } from '../fiscal-year';
import { homeConversionOf, readHomeBridge, readHomeYear, type HomeConversion } from '.';

const ORACLE = ratesOf(SAMPLE);
const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };
const AT = new Date('2026-11-28T09:00:00.000Z');

let folder: ReturnType<typeof tempFolder>;
let cache: SalesCache;
let conversion: HomeConversion;

const under = (rule: RateRule) => homeConversionOf('EUR', rule, cache) as HomeConversion;

beforeEach(async () => {
  folder = tempFolder('home-bridge');
  cache = openCache({ path: join(folder.dir, 'cache.sqlite'), now: () => AT }).cache;
  await importRatesFile(cache, SAMPLE, AT);
  conversion = under(DEFAULT_RATE_RULE);
  cache.storePage('acct', HOME_SALES, AT);
});
afterEach(() => {
  cache.close();
  folder.remove();
});

const eur = (minor: bigint, currency: string, digits: number, day: string) =>
  convertedMinor(ORACLE, minor, [currency, digits], ['EUR', 2], day);
const text = (cents: bigint) =>
  `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`;

describe('L2: the bridge in the home currency', () => {
  it('L2: each line equals an integer oracle at sale-date rates, received at payment-date rates, and the exchange difference closes it to 0', () => {
    const rows = readHomeBridge(cache, 'acct', OCTOBER, conversion);
    const usd = rows.find((row) => row.currency === 'USD');
    const s1 = eur(3000n, 'USD', 2, '2026-09-20');
    const s2 = eur(10000n, 'USD', 2, '2026-10-05');
    const p1 = eur(3000n, 'USD', 2, '2026-10-02');
    const p2 = eur(10000n, 'USD', 2, '2026-10-24');
    expect(usd).toEqual({
      currency: 'USD',
      home: 'EUR',
      opening: text(s1),
      earned: text(s2),
      reductions: '0.00',
      received: text(p1 + p2),
      exchangeDifference: text(p1 + p2 - s1 - s2),
      closing: '0.00',
      earlierRates: 2,
      unconverted: null,
    });
    const jpy = eur(1500n, 'JPY', 0, '2026-10-10');
    expect(rows.find((row) => row.currency === 'JPY')).toMatchObject({
      earned: text(jpy),
      closing: text(jpy),
      earlierRates: 1,
    });
    const gbp = eur(1234n, 'GBP', 2, '2026-10-12');
    expect(rows.find((row) => row.currency === 'GBP')).toMatchObject({
      earned: text(gbp),
      reductions: text(gbp),
      closing: '0.00',
    });
    for (const row of rows.filter((r) => r.unconverted === null)) {
      const [o, e, r, rc, x, c] = [
        row.opening,
        row.earned,
        row.reductions,
        row.received,
        row.exchangeDifference,
        row.closing,
      ].map((v) => BigInt((v as string).replace('.', '')));
      expect((o as bigint) + (e as bigint) - (r as bigint) - (rc as bigint) + (x as bigint)).toBe(c);
    }
  });

  it('L2: under the month-end rule each amount takes its month’s last rate, and a mixed rule still closes to 0 through the exchange difference', () => {
    const monthEnd = readHomeBridge(cache, 'acct', OCTOBER, under({ earned: 'month-end', received: 'month-end' }));
    const s1 = eur(3000n, 'USD', 2, '2026-09-30');
    const s2 = eur(10000n, 'USD', 2, '2026-10-31');
    const p1 = eur(3000n, 'USD', 2, '2026-10-31');
    expect(monthEnd.find((row) => row.currency === 'USD')).toEqual({
      currency: 'USD',
      home: 'EUR',
      opening: text(s1),
      earned: text(s2),
      reductions: '0.00',
      received: text(p1 + s2),
      exchangeDifference: text(p1 - s1),
      closing: '0.00',
      // 31 October 2026 is a Saturday: its month's last rate is Friday's, which is no earlier-day fallback.
      earlierRates: 0,
      unconverted: null,
    });
    const mixed = readHomeBridge(cache, 'acct', OCTOBER, under({ earned: 'own-day', received: 'month-end' }));
    const [a1, a2] = [eur(3000n, 'USD', 2, '2026-09-20'), eur(10000n, 'USD', 2, '2026-10-05')];
    expect(mixed.find((row) => row.currency === 'USD')).toMatchObject({
      opening: text(a1),
      earned: text(a2),
      received: text(p1 + s2),
      exchangeDifference: text(p1 + s2 - a1 - a2),
      closing: '0.00',
    });
  });

  it('L2: a rates table imported later is the one the next conversion uses', async () => {
    const before = readHomeBridge(cache, 'acct', OCTOBER, under(DEFAULT_RATE_RULE)).find((r) => r.currency === 'USD');
    const doubled = join(folder.dir, 'eurofxref-hist.csv');
    writeFileSync(doubled, 'Date,USD,\n2026-09-01,2.0000,\n');
    await importRatesFile(cache, doubled, new Date('2026-11-28T10:00:00.000Z'));
    const after = readHomeBridge(cache, 'acct', OCTOBER, under(DEFAULT_RATE_RULE)).find((r) => r.currency === 'USD');
    // 100.00 USD made on 5 October at 2 USD a euro.
    expect(after?.earned).toBe('50.00');
    expect(after?.earned).not.toBe(before?.earned);
  });

  it('L2: a currency the ECB does not publish is left unconverted and says so; nothing is guessed', () => {
    expect(readHomeBridge(cache, 'acct', OCTOBER, conversion).find((row) => row.currency === 'KWD')).toEqual({
      currency: 'KWD',
      home: 'EUR',
      opening: null,
      earned: null,
      reductions: null,
      received: null,
      exchangeDifference: null,
      closing: null,
      earlierRates: 0,
      unconverted: 'The ECB publishes no rate for KWD: shown unconverted.',
    });
    cache.storePage(
      'acct',
      [
        makeSale({
          currency: 'USD',
          commissionAmount: 5,
          transactionDate: '2024-05-31',
          paymentStatus: 'pending',
          paymentDate: null,
        }),
      ],
      AT,
    );
    expect(readHomeBridge(cache, 'acct', OCTOBER, conversion).find((row) => row.currency === 'USD')).toMatchObject({
      closing: null,
      unconverted: 'No stored rate for 2024-05-31 or before: import a rates file that reaches back that far.',
    });
  });
});

describe('L2: the fiscal year in the home currency', () => {
  it('L2: cash at each payment date’s rate and accrual at each sale date’s, per month and year, equal the integer oracle; declined sales in neither; KWD unconverted', () => {
    const rows = readHomeYear(cache, 'acct', fiscalYear(2026), conversion);
    const row = (currency: string, month: string) => rows.find((r) => r.currency === currency && r.month === month);
    const cash = eur(3000n, 'USD', 2, '2026-10-02') + eur(10000n, 'USD', 2, '2026-10-24');
    const accrual = eur(10000n, 'USD', 2, '2026-10-05');
    expect(row('USD', '2026-10')).toEqual({
      currency: 'USD',
      home: 'EUR',
      month: '2026-10',
      cash: text(cash),
      accrual: text(accrual),
      difference: text(accrual - cash),
      unconverted: null,
    });
    expect(row('USD', '2026-09')).toMatchObject({ accrual: text(eur(3000n, 'USD', 2, '2026-09-20')), cash: '0.00' });
    expect(row('JPY', 'total')).toMatchObject({ accrual: text(eur(1500n, 'JPY', 0, '2026-10-10')), cash: '0.00' });
    expect(row('GBP', 'total')).toBeUndefined();
    expect(row('KWD', 'total')).toMatchObject({
      cash: null,
      unconverted: 'The ECB publishes no rate for KWD: shown unconverted.',
    });
  });
});
