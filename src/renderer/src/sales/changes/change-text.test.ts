import { describe, expect, it } from 'vitest';
import { changeFieldLabel, changeValueText, restatementText } from './change-text';

describe('change text', () => {
  it('T5: words a sale the service stopped and started reporting again as such, not as a payment', () => {
    expect(
      `${changeFieldLabel('reported')}: ${changeValueText('reported', 'no longer reported')} → ${changeValueText('reported', 'reported')}`,
    ).toBe('Reported by the service: no longer reported → reported');
    expect(changeFieldLabel('paymentStatus')).toBe('Payment');
    expect(changeFieldLabel('commissionStatus')).toBe('Commission');
  });

  it('shows documented statuses in sentence case, others verbatim, and a missing one as none', () => {
    expect(changeValueText('paymentStatus', 'paid')).toBe('Paid');
    expect(changeValueText('commissionStatus', 'on_hold')).toBe('on_hold');
    expect(changeValueText('paymentStatus', null)).toBe('none');
  });

  it('R2: shows an amount in the currency each value was in, a date as a day, and flags a change to a paid sale with its payment date', () => {
    expect(
      `${changeFieldLabel('commissionAmount')}: ${changeValueText('commissionAmount', '10.00', 'USD')} → ${changeValueText('commissionAmount', '9.20', 'EUR')}`,
    ).toBe('Commission amount: $10.00 → €9.20');
    expect(changeValueText('paymentDate', '2026-09-15')).toBe('Sep 15, 2026');
    expect(changeValueText('paymentDate', null)).toBe('none');
    expect(changeFieldLabel('currency')).toBe('Currency');
    expect(restatementText({ restatement: true, paidOn: '2026-09-15' })).toBe('Restates paid period · Sep 15, 2026');
    expect(restatementText({ restatement: true, paidOn: null })).toBe('Restates paid period');
    expect(restatementText({ restatement: false, paidOn: null })).toBeNull();
  });
});
