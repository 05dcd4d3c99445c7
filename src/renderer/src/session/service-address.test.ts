import { describe, expect, it } from 'vitest';
import { SERVICE_ADDRESS_HINT, SERVICE_ADDRESS_REQUIRED, serviceAddressError } from './service-address';

describe('serviceAddressError', () => {
  it('accepts a plain https address, with or without a path or port', () => {
    for (const value of [
      'https://api.example.com',
      'https://api.example.com/',
      ' https://x.test:8443/base ',
      'HTTPS://API.EXAMPLE.COM',
    ]) {
      expect(serviceAddressError(value, 'typing')).toBeNull();
      expect(serviceAddressError(value, 'final')).toBeNull();
    }
  });

  it('flags plain http at once, even while typing', () => {
    expect(serviceAddressError('http://', 'typing')).toBe(SERVICE_ADDRESS_HINT);
    expect(serviceAddressError('http://api.example.com', 'typing')).toBe(SERVICE_ADDRESS_HINT);
    expect(serviceAddressError('HTTP://api.example.com', 'final')).toBe(SERVICE_ADDRESS_HINT);
  });

  it('flags other schemes at once', () => {
    for (const value of ['ftp://x.test', 'file:///etc/passwd', 'javascript:alert(1)', 'ws://x.test']) {
      expect(serviceAddressError(value, 'typing')).toBe(SERVICE_ADDRESS_HINT);
    }
  });

  it('forgives a half-typed https:// while typing but not once the field is left', () => {
    for (const value of ['h', 'http', 'https', 'https:/', 'https://']) {
      expect(serviceAddressError(value, 'typing')).toBeNull();
      expect(serviceAddressError(value, 'final')).toBe(SERVICE_ADDRESS_HINT);
    }
  });

  it('flags an address without a scheme once the field is left', () => {
    expect(serviceAddressError('api.example.com', 'typing')).toBeNull();
    expect(serviceAddressError('api.example.com', 'final')).toBe(SERVICE_ADDRESS_HINT);
  });

  it('flags malformed https addresses and ones carrying a user, query or fragment', () => {
    for (const value of [
      'https://exa mple.com',
      'https://user:pw@x.test',
      'https://x.test/?a=1',
      'https://x.test/#top',
      'https://[bad',
    ]) {
      expect(serviceAddressError(value, 'final')).toBe(SERVICE_ADDRESS_HINT);
    }
  });

  it('asks for an address only when the form is submitted empty', () => {
    expect(serviceAddressError('', 'typing')).toBeNull();
    expect(serviceAddressError('   ', 'final')).toBe(SERVICE_ADDRESS_REQUIRED);
  });
});
