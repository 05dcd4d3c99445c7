import { describe, expect, it } from 'vitest';
import { decimalOfNumber, parseDecimal } from '../../../shared/money';
import {
  amountScale,
  formatAmount,
  formatMinor,
  fromMinor,
  plainStoredAmount,
  storedAmount,
  storedValue,
} from './money';

/** A number stored as a sale's amount is: the plain path when it is exact, the decimal one otherwise. */
function stored(value: number, scale: number): { minor: number; exact: string | null } {
  const decimal = decimalOfNumber(value);
  if (decimal === null) throw new Error(`${value} is not finite`);
  const viaDecimal = storedAmount(decimal, scale);
  const plain = plainStoredAmount(value, scale);
  if (plain !== null) expect(plain).toEqual(viaDecimal);
  return viaDecimal;
}

describe('money: exact integer units', () => {
  it('converts two-decimal amounts exactly, including values whose float products drift', () => {
    expect(stored(0.1, 2)).toEqual({ minor: 10, exact: null });
    expect(stored(0.2, 2)).toEqual({ minor: 20, exact: null });
    expect(stored(12.34, 2)).toEqual({ minor: 1234, exact: null });
    expect(stored(1.15, 2)).toEqual({ minor: 115, exact: null });
    expect(stored(-4.35, 2)).toEqual({ minor: -435, exact: null });
    expect(stored(0, 2)).toEqual({ minor: 0, exact: null });
  });

  it('rounds half away from zero from the decimal text (not the float product) and keeps that text', () => {
    expect(stored(1.005, 2)).toEqual({ minor: 101, exact: '1.005' });
    expect(stored(-1.005, 2)).toEqual({ minor: -101, exact: '-1.005' });
    expect(stored(0.1 + 0.2, 2)).toEqual({ minor: 30, exact: '0.30000000000000004' });
    expect(stored(2.344, 2)).toEqual({ minor: 234, exact: '2.344' });
  });

  it('T6: keeps each currency at its own ISO 4217 decimals: JPY 0, EUR 2, KWD 3', () => {
    expect(amountScale('KWD')).toBe(3);
    expect(amountScale('EUR')).toBe(2);
    expect(amountScale('JPY')).toBe(0);
    expect(amountScale('CLF')).toBe(4);
    expect(amountScale('ZZZ')).toBe(2);
    expect(stored(1.005, amountScale('KWD'))).toEqual({ minor: 1005, exact: null });
    expect(stored(1200, amountScale('JPY'))).toEqual({ minor: 1200, exact: null });
  });

  it('T6: an amount finer than its currency, or too large for plain units, keeps its exact text next to rounded units', () => {
    const exact = (text: string) => parseDecimal(text) ?? { units: 0n, scale: 0 };
    expect(storedAmount(exact('12.34'), 2)).toEqual({ minor: 1234, exact: null });
    expect(storedAmount(exact('0.005'), 2)).toEqual({ minor: 1, exact: '0.005' });
    expect(storedAmount(exact('-0.005'), 2)).toEqual({ minor: -1, exact: '-0.005' });
    expect(storedAmount(exact('12.5'), 0)).toEqual({ minor: 13, exact: '12.5' });
    expect(storedAmount(exact('123456789012345678.91'), 2)).toMatchObject({ exact: '123456789012345678.91' });
    expect(storedValue(1, '0.005', 2)).toEqual({ units: 5n, scale: 3 });
    expect(storedValue(1234, null, 2)).toEqual({ units: 1234n, scale: 2 });
  });

  it('keeps the exact text of amounts too large for plain integer units', () => {
    expect(stored(1e20, 2)).toMatchObject({ exact: '100000000000000000000' });
  });

  it('sums 0.1 + 0.2 as 30 cents and formats it without float drift', () => {
    const sum = stored(0.1, 2).minor + stored(0.2, 2).minor;
    expect(formatMinor(sum, 2)).toBe('0.30');
    expect(0.1 + 0.2).not.toBe(0.3);
  });

  it('formats exactly, with the currency’s official decimals and more only when needed', () => {
    expect(formatMinor(123456, 2)).toBe('1234.56');
    expect(formatMinor(-5, 2)).toBe('-0.05');
    expect(formatMinor(7, 3)).toBe('0.007');
    expect(formatAmount(1200, 0, 'JPY')).toBe('1200');
    expect(formatAmount(1250, 2, 'JPY')).toBe('12.5');
    expect(formatAmount(1500, 3, 'KWD')).toBe('1.500');
    expect(formatAmount(1250, 2, 'EUR')).toBe('12.50');
    expect(fromMinor(1234, 2)).toBe(12.34);
  });
});
