import { describe, expect, it } from 'vitest';
import { errorTitle } from './error-title';

describe('errorTitle', () => {
  it('gives a specific heading for known codes', () => {
    expect(errorTitle('NETWORK_OFFLINE')).toBe('You appear to be offline');
    expect(errorTitle('NOT_ALLOWED_FOR_ACCOUNT')).toBe('Your account cannot read sales reports');
  });

  it('falls back to a general heading', () => {
    expect(errorTitle('INTERNAL')).toBe('Something went wrong');
    expect(errorTitle('SOMETHING_NEW')).toBe('Something went wrong');
  });
});
