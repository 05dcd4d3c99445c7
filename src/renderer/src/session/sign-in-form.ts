/**
 * The sign-in form's values and their checks, as plain data so the rules (which fields are
 * required, what is sent, what is cleared after a submit) are tested without rendering.
 */
import type { AddAccountInput, ConnectionForm, ReauthenticateInput } from '../../../shared/ipc-contract';
import { extraCaPemError } from '../extra-ca';
import { serviceAddressError, type AddressCheckMode } from './service-address';

/** The credentials from the platform dashboard, asked for by both sign-in forms. */
export interface CredentialFields {
  apiKey: string;
  apiSecret: string;
  appId: string;
}

/** What the user typed. */
export interface SignInFields extends CredentialFields {
  baseUrl: string;
  label: string;
  /** PEM text of an extra CA certificate to trust for this service, or empty for the system's certificates only. */
  extraCaPem: string;
}

/** A field's problem, or null; only fields that can be wrong are listed. */
export type SignInFieldErrors = Record<'baseUrl' | 'apiKey' | 'apiSecret' | 'appId' | 'extraCaPem', string | null>;

/** The empty form. */
export const EMPTY_SIGN_IN: SignInFields = {
  baseUrl: '',
  apiKey: '',
  apiSecret: '',
  appId: '',
  label: '',
  extraCaPem: '',
};

/** Longest values the main process accepts, so the inputs stop there instead of failing later. */
export const FIELD_MAX = { baseUrl: 2000, apiKey: 1000, apiSecret: 1000, appId: 200, label: 100 } as const;

const REQUIRED = {
  apiKey: 'Enter your API key',
  apiSecret: 'Enter your API secret',
  appId: 'Enter your app ID',
} as const;

/**
 * The problems to show. `submitted` turns on the "required" messages; before that only the
 * address is checked, leniently while it is being typed (`addressMode`).
 */
export function signInFieldErrors(
  fields: SignInFields,
  submitted: boolean,
  addressMode: AddressCheckMode,
): SignInFieldErrors {
  const required = (name: keyof typeof REQUIRED) => (submitted && fields[name].trim() === '' ? REQUIRED[name] : null);
  return {
    baseUrl: serviceAddressError(fields.baseUrl, submitted ? 'final' : addressMode),
    apiKey: required('apiKey'),
    apiSecret: required('apiSecret'),
    appId: required('appId'),
    extraCaPem: extraCaPemError(fields.extraCaPem),
  };
}

/** True when no field has a problem. */
export function isSubmittable(errors: Readonly<Record<string, string | null>>): boolean {
  return Object.values(errors).every((e) => e === null);
}

/** What "Test connection" sends: the credentials and address, trimmed, no label; the certificate only when given. */
export function connectionOf(fields: SignInFields): ConnectionForm {
  const extraCaPem = fields.extraCaPem.trim();
  return {
    baseUrl: fields.baseUrl.trim(),
    apiKey: fields.apiKey.trim(),
    apiSecret: fields.apiSecret.trim(),
    appId: fields.appId.trim(),
    ...(extraCaPem ? { extraCaPem } : {}),
  };
}

/** What "Save and sign in" sends; an empty label is left out so the main process names the account. */
export function addAccountInputOf(fields: SignInFields, sessionOnly: boolean): AddAccountInput {
  const label = fields.label.trim();
  return { ...connectionOf(fields), ...(label ? { label } : {}), sessionOnly };
}

/**
 * The form after a submit: the api-secret is gone from renderer state, whatever the answer, so a refusal asks only for
 * it again; everything else the user typed (address, api-key, app ID, label) stays.
 */
export function withoutSecret<T extends CredentialFields>(fields: T): T {
  return { ...fields, apiSecret: '' };
}

/** What the sign-in-again form holds; the account's address and label are not editable there. */
export type ReauthFields = CredentialFields;

/** Problems on the sign-in-again form; the api-key is required only when the stored one cannot be kept. */
export function reauthFieldErrors(
  fields: ReauthFields,
  submitted: boolean,
  keyRequired: boolean,
): Record<keyof ReauthFields, string | null> {
  const missing = (value: string) => submitted && value.trim() === '';
  return {
    apiKey: keyRequired && missing(fields.apiKey) ? REQUIRED.apiKey : null,
    apiSecret: missing(fields.apiSecret) ? REQUIRED.apiSecret : null,
    appId: missing(fields.appId) ? REQUIRED.appId : null,
  };
}

/** What "Sign in again" sends; an empty api-key is left out, which keeps the stored one. */
export function reauthInputOf(accountId: string, fields: ReauthFields, sessionOnly: boolean): ReauthenticateInput {
  const apiKey = fields.apiKey.trim();
  return {
    accountId,
    ...(apiKey ? { apiKey } : {}),
    apiSecret: fields.apiSecret.trim(),
    appId: fields.appId.trim(),
    sessionOnly,
  };
}
