import { describe, expect, it } from 'vitest';
import { offersSessionOnly, signInFailureTitle, signInStepName, signInStepOf } from './sign-in-steps';

describe('signInStepOf', () => {
  it('puts bad input and insecure addresses in "Checking the details"', () => {
    expect(signInStepOf('INVALID_INPUT')).toBe('check');
    expect(signInStepOf('INSECURE_URL')).toBe('check');
  });

  it('puts network, TLS, timeout, server and unreadable answers in "Connecting to the service"', () => {
    for (const code of ['NETWORK_OFFLINE', 'TLS_FAILURE', 'TIMEOUT', 'SERVER_ERROR', 'BAD_RESPONSE', 'NOT_FOUND']) {
      expect(signInStepOf(code)).toBe('connect');
    }
  });

  it('puts refused credentials and missing permissions in "Signing in"', () => {
    expect(signInStepOf('AUTH_INVALID')).toBe('signIn');
    expect(signInStepOf('FORBIDDEN')).toBe('signIn');
    expect(signInStepOf('NOT_ALLOWED_FOR_ACCOUNT')).toBe('signIn');
  });

  it('puts the keychain in "Saving to the keychain"', () => {
    expect(signInStepOf('KEYCHAIN_UNAVAILABLE')).toBe('save');
  });

  it('ties unknown and internal errors to no step', () => {
    expect(signInStepOf('INTERNAL')).toBeNull();
    expect(signInStepOf('SOMETHING_NEW')).toBeNull();
  });
});

describe('signInFailureTitle', () => {
  it('names the step that failed', () => {
    expect(signInFailureTitle('INSECURE_URL')).toBe('Checking the details failed');
    expect(signInFailureTitle('TLS_FAILURE')).toBe('Connecting to the service failed');
    expect(signInFailureTitle('AUTH_INVALID')).toBe('Signing in failed');
    expect(signInFailureTitle('KEYCHAIN_UNAVAILABLE')).toBe('Saving to the keychain failed');
    expect(signInStepName('connect')).toBe('Connecting to the service');
  });

  it('still reads as a sign-in failure when no step is known', () => {
    expect(signInFailureTitle('INTERNAL')).toBe('Signing in could not finish');
  });
});

describe('offersSessionOnly', () => {
  it('is offered only when the keychain is the problem', () => {
    expect(offersSessionOnly('KEYCHAIN_UNAVAILABLE')).toBe(true);
    expect(offersSessionOnly('AUTH_INVALID')).toBe(false);
    expect(offersSessionOnly('NETWORK_OFFLINE')).toBe(false);
  });
});
