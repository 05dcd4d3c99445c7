/**
 * Short headings for errors, chosen by their stable code, so an error reads as "You appear to be
 * offline" rather than a generic failure. The sentence that says what to do comes from the error.
 */
import type { ErrorCode } from '../../../shared/errors';

const TITLES: Partial<Record<ErrorCode, string>> = {
  AUTH_INVALID: 'The platform did not accept your credentials',
  FORBIDDEN: 'The platform refused this request',
  NOT_ALLOWED_FOR_ACCOUNT: 'Your account cannot read sales reports',
  NOT_FOUND: 'The platform could not find this',
  BAD_REQUEST: 'The platform rejected the request',
  RATE_LIMITED: 'The platform asked us to slow down',
  SERVER_ERROR: 'The platform had a problem',
  NETWORK_OFFLINE: 'You appear to be offline',
  TIMEOUT: 'The platform took too long to answer',
  TLS_FAILURE: 'The secure connection could not be verified',
  BAD_RESPONSE: 'The platform sent an answer the app could not read',
  INVALID_INPUT: 'Some of the details need fixing',
  KEYCHAIN_UNAVAILABLE: 'The system keychain is not available',
  CACHE_CORRUPT: 'The local sales cache is damaged',
  NOT_SIGNED_IN: 'You are not signed in',
  EXPORT_FAILED: 'The export could not be written',
  SYNC_BUSY: 'Another Commission Desk process is syncing this account',
};

/** The heading for an error with this code. */
export function errorTitle(code: ErrorCode | string): string {
  return TITLES[code as ErrorCode] ?? 'Something went wrong';
}
