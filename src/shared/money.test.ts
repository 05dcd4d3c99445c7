import { describe, expect, it } from 'vitest';
import { addDecimals, currencyDigits, decimalText, numberHolds, parseDecimal, roundDecimal } from './money';
import { ExactSum } from './money-sum';

const d = (text: string) => {
  const value = parseDecimal(text);
  if (value === null) throw new Error(text);
  return value;
};

describe('exact decimals', () => {
  it('T8: reads numeric text exactly, never through a float', () => {
    expect(parseDecimal('12.34')).toEqual({ units: 1234n, scale: 2 });
    expect(parseDecimal(' -0.005 ')).toEqual({ units: -5n, scale: 3 });
    expect(parseDecimal('1.50')).toEqual({ units: 15n, scale: 1 });
    expect(parseDecimal('1.5e3')).toEqual({ units: 1500n, scale: 0 });
    expect(parseDecimal('25E-3')).toEqual({ units: 25n, scale: 3 });
    expect(parseDecimal('.5')).toEqual({ units: 5n, scale: 1 });
    expect(decimalText(d('0.12345678901234567890'))).toBe('0.1234567890123456789');
    expect(decimalText(d('123456789012345678901234.5'))).toBe('123456789012345678901234.5');
  });

  it('T8: refuses what is not a plain number: separators, currency signs, words, noise', () => {
    for (const text of [
      '12,50',
      '12,50 EUR',
      '$5',
      '1 000',
      'NaN',
      'Infinity',
      '',
      '.',
      '-',
      '0x10',
      '1e400',
      '1'.repeat(61),
    ]) {
      expect(parseDecimal(text), text).toBeNull();
    }
  });

  it('T6: adds exactly at the finer scale and rounds half away from zero only when asked', () => {
    expect(decimalText(addDecimals(d('0.1'), d('0.2')))).toBe('0.3');
    expect(decimalText(addDecimals(d('499.995'), d('0.005')), 2)).toBe('500.00');
    expect(roundDecimal(d('0.005'), 2)).toEqual({ units: 1n, exact: false });
    expect(roundDecimal(d('-0.005'), 2)).toEqual({ units: -1n, exact: false });
    expect(roundDecimal(d('0.0049'), 2)).toEqual({ units: 0n, exact: false });
    expect(roundDecimal(d('12.5'), 2)).toEqual({ units: 1250n, exact: true });
    expect(decimalText(d('-0.5'), 2)).toBe('-0.50');
    expect(decimalText(d('1200'), 0)).toBe('1200');
  });

  it('T8: tells whether a plain number holds every digit', () => {
    expect(numberHolds(d('0.1'))).toBe(true);
    expect(numberHolds(d('1e15'))).toBe(true);
    expect(numberHolds(d('0.12345678901234567890'))).toBe(false);
    expect(numberHolds(d('12345678901234567891'))).toBe(false);
  });

  it('T6: knows each currency’s ISO 4217 decimals', () => {
    expect([
      currencyDigits('JPY'),
      currencyDigits('KRW'),
      currencyDigits('EUR'),
      currencyDigits('KWD'),
      currencyDigits('CLF'),
      currencyDigits('XXX'),
    ]).toEqual([0, 0, 2, 3, 4, 2]);
  });
});

describe('ExactSum', () => {
  it('T6: sums 100,000 × 0.005 to exactly 500.000 and remembers the finest scale', () => {
    const sum = new ExactSum(2);
    for (let i = 0; i < 100_000; i++) sum.add(d('0.005'));
    expect(decimalText(sum.total(), 2)).toBe('500.00');
    expect(sum.finestScale).toBe(3);
  });

  it('T6: stays exact past 2^53 units, where a double would round', () => {
    const sum = new ExactSum(2);
    const big = 2 ** 52;
    for (let i = 0; i < 5; i++) sum.addUnits(big - 1);
    sum.addUnits(3);
    expect(sum.total()).toEqual({ units: 5n * (2n ** 52n - 1n) + 3n, scale: 2 });
    expect(BigInt(5 * (big - 1) + 3)).not.toBe(5n * (2n ** 52n - 1n) + 3n);
  });

  it('T6: mixes plain units and exact amounts of any size', () => {
    const sum = new ExactSum(0);
    sum.addUnits(1200);
    sum.add(d('12.5'));
    sum.add(d('123456789012345678901234'));
    expect(decimalText(sum.total())).toBe('123456789012345678902446.5');
  });
});
