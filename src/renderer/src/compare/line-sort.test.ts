import { describe, expect, it } from 'vitest';
import type { BreakdownLine } from '../../../shared/compare';
import { sortLines } from './line-sort';

function line(currency: string, label: string, amount: string, sales = 1): BreakdownLine {
  return {
    currency,
    key: label,
    label,
    sales,
    amount,
    previousSales: 0,
    previousAmount: '0',
    change: amount,
    share: null,
  };
}

const LINES = [
  line('USD', 'b', '900.00', 1),
  line('EUR', 'a', '5.00', 3),
  line('EUR', 'c', '50.00', 2),
  line('JPY', 'd', '12000', 5),
];

describe('the breakdown order', () => {
  it('sorts amounts within each currency, never mixing currencies', () => {
    expect(sortLines(LINES, { key: 'amount', direction: 'desc' }).map((l) => `${l.currency} ${l.amount}`)).toEqual([
      'EUR 50.00',
      'EUR 5.00',
      'JPY 12000',
      'USD 900.00',
    ]);
    expect(sortLines(LINES, { key: 'amount', direction: 'asc' }).map((l) => l.label)).toEqual(['a', 'c', 'd', 'b']);
  });

  it('sorts names and counts across currencies', () => {
    expect(sortLines(LINES, { key: 'sales', direction: 'desc' }).map((l) => l.label)).toEqual(['d', 'a', 'c', 'b']);
    expect(sortLines(LINES, { key: 'label', direction: 'asc' }).map((l) => l.label)).toEqual(['a', 'b', 'c', 'd']);
  });
});
