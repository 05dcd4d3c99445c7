import { describe, expect, it } from 'vitest';
import { statusChoiceLabel, statusText } from './status-text';

describe('status text', () => {
  it('writes documented statuses in sentence case and any other word exactly as the service sent it', () => {
    expect(statusText('commission', 'pending')).toBe('Pending');
    expect(statusText('payment', 'paid')).toBe('Paid');
    expect(statusText('commission', 'on_hold')).toBe('on_hold');
    // "Approved" is not "approved": shown as sent, never silently merged with the documented status.
    expect(statusText('commission', 'Approved')).toBe('Approved');
    expect(statusText('payment', 'declined')).toBe('declined');
    expect(statusText('payment', null)).toBe('—');
  });

  it('marks an undocumented status in a dropdown so it cannot pass for a documented one', () => {
    expect(statusChoiceLabel('commission', 'declined')).toBe('Declined');
    expect(statusChoiceLabel('commission', 'on_hold')).toBe('on_hold (not a documented status)');
    expect(statusChoiceLabel('payment', 'processing')).toBe('processing (not a documented status)');
  });
});
