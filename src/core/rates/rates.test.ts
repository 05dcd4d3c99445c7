import { describe, expect, it } from 'vitest';
import { MAX_RATES_FILE_BYTES, RateTable, RatesFileError, parseEcbRates } from '.';

/** The ECB's historical layout: newest day first, N/A where none, a trailing empty column. */
const ECB = [
  'Date,USD,JPY,GBP,KWD,CYP,',
  '2026-02-06,1.1000,160.00,0.85000,N/A,N/A,',
  '2026-02-05,1.0800,158.50,0.84000,N/A,N/A,',
  '2026-02-03,1.0500,157.00,0.83000,N/A,0.58527,',
  '',
].join('\n');

describe('L1: reference rates in the ECB historical CSV format', () => {
  it('L1: reads each day’s rates, leaving N/A and the trailing empty column out', () => {
    const days = parseEcbRates(ECB);
    expect(days.map((d) => d.day)).toEqual(['2026-02-06', '2026-02-05', '2026-02-03']);
    expect([...(days[0]?.rates.keys() ?? [])]).toEqual(['USD', 'JPY', 'GBP']);
    expect(days[2]?.rates.get('CYP')).toEqual({ units: 58527n, scale: 5 });
  });

  it('L1: converts through the euro exactly, rounded once to the target’s minor unit', () => {
    const table = new RateTable(parseEcbRates(ECB));
    // 100.00 USD → EUR at 1.1: 90.909… → 90.91.
    expect(table.convert(10000n, 'USD', 'EUR', '2026-02-06')).toEqual({
      converted: true,
      minorUnits: 9091n,
      rateDay: '2026-02-06',
      earlierDay: false,
    });
    // 100.00 GBP → JPY: 100 / 0.85 × 160 = 18823.529… → 18824 yen.
    expect(table.convert(10000n, 'GBP', 'JPY', '2026-02-06')).toMatchObject({ minorUnits: 18824n });
    // 1500 JPY → USD: 1500 / 160 × 1.1 = 10.3125 → 10.31.
    expect(table.convert(1500n, 'JPY', 'USD', '2026-02-06')).toMatchObject({ minorUnits: 1031n });
    expect(table.convert(-10000n, 'USD', 'EUR', '2026-02-06')).toMatchObject({ minorUnits: -9091n });
  });

  it('L1: a day with no rate uses the last earlier published day and says so', () => {
    const table = new RateTable(parseEcbRates(ECB));
    const fallback = table.convert(10000n, 'USD', 'EUR', '2026-02-04');
    expect(fallback).toMatchObject({ minorUnits: 9524n, rateDay: '2026-02-03', earlierDay: true });
    expect(table.convert(10000n, 'USD', 'EUR', '2026-02-01')).toMatchObject({
      converted: false,
      reason: 'no rate yet',
    });
  });

  it('L1: a currency the table does not have stays unconverted and flagged', () => {
    const table = new RateTable(parseEcbRates(ECB));
    expect(table.convert(1234n, 'KWD', 'EUR', '2026-02-06')).toEqual({
      converted: false,
      reason: 'unknown currency',
      currency: 'KWD',
    });
    expect(table.convert(1234n, 'EUR', 'XYZ', '2026-02-06')).toMatchObject({ converted: false, currency: 'XYZ' });
  });
});

describe('L5: a bad rates file gets a clear error', () => {
  it('L5: a file with no Date column, a malformed one and one too large are refused with a plain sentence', () => {
    expect(() => parseEcbRates('Day,USD\n2026-02-06,1.1\n')).toThrow(/no Date column/);
    expect(() => parseEcbRates('Date,USD\n2026-02-06,"1.1\n')).toThrow(RatesFileError);
    expect(() => parseEcbRates('Date,USD\n06/02/2026,1.1\n')).toThrow(/not a day written yyyy-mm-dd/);
    expect(() => parseEcbRates('Date,USD\n2026-02-06,=1+1\n')).toThrow(/USD rate "=1\+1" is not a number/);
    expect(() => parseEcbRates('x'.repeat(MAX_RATES_FILE_BYTES + 1))).toThrow(/too large/);
  });
});
