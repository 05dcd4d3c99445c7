import { describe, expect, it } from 'vitest';
import { sortNote, sortsWithinCurrency } from './sort-note';

describe('the note on an amount sort', () => {
  it('says that amounts sort within their currency, in which direction', () => {
    expect(sortNote({ column: 'commissionAmount', direction: 'desc' })).toBe(
      'Sorted by currency (Z to A), then by commission, largest first',
    );
    expect(sortNote({ column: 'transactionAmount', direction: 'asc' })).toBe(
      'Sorted by currency (A to Z), then by transaction amount, smallest first',
    );
  });

  it('says nothing for the other columns', () => {
    expect(sortNote({ column: 'transactionDate', direction: 'desc' })).toBeNull();
    expect(sortNote({ column: 'currency', direction: 'asc' })).toBeNull();
    expect(sortsWithinCurrency('commissionAmount')).toBe(true);
    expect(sortsWithinCurrency('productName')).toBe(false);
  });
});
