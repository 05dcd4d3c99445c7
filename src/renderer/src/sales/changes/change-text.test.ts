import { describe, expect, it } from 'vitest';
import { changeFieldLabel, changeValueText } from './change-text';

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
});
