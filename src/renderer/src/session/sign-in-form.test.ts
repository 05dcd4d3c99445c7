import { describe, expect, it } from 'vitest';
import { extraCaPemError, NOT_PEM } from '../extra-ca';
import { SERVICE_ADDRESS_HINT, SERVICE_ADDRESS_REQUIRED } from './service-address';
import {
  addAccountInputOf,
  connectionOf,
  EMPTY_SIGN_IN,
  isSubmittable,
  reauthFieldErrors,
  reauthInputOf,
  signInFieldErrors,
  withoutSecret,
} from './sign-in-form';

const filled = {
  baseUrl: ' https://api.example.com ',
  apiKey: ' key-1234 ',
  apiSecret: 'secret-canary',
  appId: 'app-9',
  label: '  ',
  extraCaPem: '',
};

describe('signInFieldErrors', () => {
  it('shows nothing on an untouched, empty form', () => {
    expect(isSubmittable(signInFieldErrors(EMPTY_SIGN_IN, false, 'typing'))).toBe(true);
  });

  it('asks for every required field once submitted', () => {
    expect(signInFieldErrors(EMPTY_SIGN_IN, true, 'typing')).toEqual({
      baseUrl: SERVICE_ADDRESS_REQUIRED,
      apiKey: 'Enter your API key',
      apiSecret: 'Enter your API secret',
      appId: 'Enter your app ID',
      extraCaPem: null,
    });
  });

  it('refuses certificate text that holds no PEM certificate, and accepts none at all', () => {
    expect(extraCaPemError('')).toBeNull();
    expect(extraCaPemError('MIIB just base64')).toBe(NOT_PEM);
    expect(extraCaPemError('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----')).toBeNull();
    expect(isSubmittable(signInFieldErrors({ ...filled, extraCaPem: 'not a certificate' }, true, 'final'))).toBe(false);
  });

  it('flags plain http before any submit', () => {
    const errors = signInFieldErrors({ ...EMPTY_SIGN_IN, baseUrl: 'http://api.example.com' }, false, 'typing');
    expect(errors.baseUrl).toBe(SERVICE_ADDRESS_HINT);
    expect(isSubmittable(errors)).toBe(false);
  });

  it('accepts a complete form without a label', () => {
    expect(isSubmittable(signInFieldErrors(filled, true, 'final'))).toBe(true);
  });
});

describe('what is sent', () => {
  it('trims the connection and leaves out an empty label', () => {
    expect(connectionOf(filled)).toEqual({
      baseUrl: 'https://api.example.com',
      apiKey: 'key-1234',
      apiSecret: 'secret-canary',
      appId: 'app-9',
    });
    expect(addAccountInputOf(filled, false)).not.toHaveProperty('label');
    expect(addAccountInputOf({ ...filled, label: ' My shop ' }, true)).toMatchObject({
      label: 'My shop',
      sessionOnly: true,
    });
  });

  it('sends the extra certificate only when one is given', () => {
    expect(connectionOf({ ...filled, extraCaPem: ' -----BEGIN CERTIFICATE-----x ' })).toMatchObject({
      extraCaPem: '-----BEGIN CERTIFICATE-----x',
    });
  });

  it('clears only the api-secret after a submit and keeps the rest, the api-key included', () => {
    expect(withoutSecret(filled)).toEqual({ ...filled, apiSecret: '' });
  });
});

describe('sign in again', () => {
  const fields = { apiKey: '', apiSecret: ' new-secret ', appId: 'app-9' };

  it('keeps the stored api-key when the field is left empty', () => {
    expect(reauthFieldErrors(fields, true, false)).toEqual({ apiKey: null, apiSecret: null, appId: null });
    expect(reauthInputOf('id-1', fields, false)).toEqual({
      accountId: 'id-1',
      apiSecret: 'new-secret',
      appId: 'app-9',
      sessionOnly: false,
    });
  });

  it('sends a new api-key when one is typed', () => {
    expect(reauthInputOf('id-1', { ...fields, apiKey: ' key-2 ' }, true)).toMatchObject({
      apiKey: 'key-2',
      sessionOnly: true,
    });
  });

  it('asks for the api-key when the stored one cannot be kept, and always for the secret', () => {
    expect(reauthFieldErrors({ apiKey: '', apiSecret: '', appId: '' }, true, true)).toEqual({
      apiKey: 'Enter your API key',
      apiSecret: 'Enter your API secret',
      appId: 'Enter your app ID',
    });
    expect(reauthFieldErrors({ apiKey: '', apiSecret: '', appId: '' }, false, true).apiSecret).toBeNull();
  });
});
