import { describe, expect, it } from 'vitest';
import { rejectsSessionCredentials } from './credential-rejection';

describe('rejectsSessionCredentials', () => {
  it('is true when a call using the session fails with 401 or finds the session already signed out', () => {
    for (const method of ['getProfile', 'startSync', 'exportSales'] as const) {
      expect(rejectsSessionCredentials(method, 'AUTH_INVALID')).toBe(true);
      expect(rejectsSessionCredentials(method, 'NOT_SIGNED_IN')).toBe(true);
    }
  });

  it('ignores a 401 on credentials the user just typed: that is a form error', () => {
    for (const method of ['testConnection', 'addAccount', 'reauthenticate'] as const) {
      expect(rejectsSessionCredentials(method, 'AUTH_INVALID')).toBe(false);
    }
  });

  it('ignores the session calls themselves and every other error', () => {
    expect(rejectsSessionCredentials('getSession', 'NOT_SIGNED_IN')).toBe(false);
    expect(rejectsSessionCredentials('switchAccount', 'AUTH_INVALID')).toBe(false);
    expect(rejectsSessionCredentials('getProfile', 'FORBIDDEN')).toBe(false);
    expect(rejectsSessionCredentials('startSync', 'NETWORK_OFFLINE')).toBe(false);
  });
});
