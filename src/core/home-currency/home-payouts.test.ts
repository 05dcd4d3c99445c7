import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEcbRates, RateTable } from '../rates';
import { DEFAULT_RATE_RULE } from '../../shared/rate-rule';
import { convertedMinor, ratesOf } from '../../../test-support/rates-oracle';
import { homePayouts, homeTotal } from '.';

const SAMPLE = join(__dirname, '../../../test-support/fixtures/ecb/eurofxref-hist-sample.csv');
const TABLE = new RateTable(parseEcbRates(readFileSync(SAMPLE, 'utf8')));
const ORACLE = ratesOf(SAMPLE);
const payout = (paymentDate: string, currency: string, amount: string) => ({
  paymentDate,
  currency,
  amount,
  sales: 1,
  scheduled: false,
});

describe('L2: payouts in the home currency', () => {
  it('L2: each payout is converted once at its payment date’s rate (an earlier day’s on a weekend, said so), totals in the home currency apart, KWD left unconverted', () => {
    const payouts = [
      payout('2026-10-05', 'USD', '100.00'),
      payout('2026-10-24', 'JPY', '1500'),
      payout('2026-10-12', 'EUR', '12.34'),
      payout('2026-10-13', 'KWD', '1.250'),
    ];
    const converted = homePayouts(payouts, { home: 'GBP', table: TABLE, rule: DEFAULT_RATE_RULE, source: '' });
    const usd = convertedMinor(ORACLE, 10000n, ['USD', 2], ['GBP', 2], '2026-10-05');
    const jpy = convertedMinor(ORACLE, 1500n, ['JPY', 0], ['GBP', 2], '2026-10-24');
    const eur = convertedMinor(ORACLE, 1234n, ['EUR', 2], ['GBP', 2], '2026-10-12');
    const text = (p: bigint) => `${p / 100n}.${String(p % 100n).padStart(2, '0')}`;
    expect(converted.map((p) => [p.currency, p.amount, p.rateDay, p.unconverted])).toEqual([
      ['USD', text(usd), '2026-10-05', null],
      ['JPY', text(jpy), '2026-10-23', null],
      ['EUR', text(eur), '2026-10-12', null],
      ['KWD', null, null, 'The ECB publishes no rate for KWD: shown unconverted.'],
    ]);
    expect(homeTotal(converted, 'GBP')).toBe(text(usd + jpy + eur));
  });
});
