/**
 * The error taxonomy of the service (spec 7, DESIGN "The service and its gaps"): each status and
 * each transport failure becomes one stable code and one sentence a person can act on.
 */
import { AppError } from '../../shared/errors';

/** Maps a non-2xx HTTP status to an AppError. `detail` is the service's own message, if any. */
export function errorForStatus(status: number, detail: string | null): AppError {
  const said = detail ? ` The service said: “${detail.slice(0, 200)}”.` : '';
  switch (status) {
    case 400:
      return new AppError('BAD_REQUEST', `The service refused the report filters as invalid.${said} Check the dates and filters and try again.`);
    case 401:
      return new AppError('AUTH_INVALID', 'The service did not accept your API key, API secret or app ID. Copy them again from your account dashboard and sign in again.');
    case 403:
      return new AppError('FORBIDDEN', 'The service refused access to this data: your account lacks the permission. Ask your platform administrator.');
    case 404:
      return new AppError('NOT_FOUND', 'The service address does not have this report. Check the service address in your account settings.');
    case 405:
      return new AppError('NOT_ALLOWED_FOR_ACCOUNT', 'Your account is not allowed to use the sales report. Ask your platform administrator to give it access.');
    case 429:
      return new AppError('RATE_LIMITED', 'The service is limiting how fast requests can be made. Wait a minute and try again.');
    default:
      if (status >= 500) {
        return new AppError('SERVER_ERROR', `The service had an internal problem (status ${status}). Try again in a few minutes.`);
      }
      return new AppError('BAD_RESPONSE', `The service answered with an unexpected status ${status}. Try again later.`);
  }
}

function causeCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i;

/** Maps a failed fetch (no HTTP status) to an AppError: cancelled, timeout, TLS or offline. */
export function errorForFetchFailure(error: unknown, reason: 'cancelled' | 'timeout' | null): AppError {
  if (reason === 'cancelled') return new AppError('CANCELLED', 'The request was cancelled.', { cause: error });
  if (reason === 'timeout') {
    return new AppError('TIMEOUT', 'The service took too long to answer. Check your connection and try again.', { cause: error });
  }
  if (TLS_CODES.test(causeCode(error))) {
    return new AppError(
      'TLS_FAILURE',
      'The secure connection to the service could not be verified. If your network inspects TLS, add your organisation’s CA certificate in Settings; otherwise check the address.',
      { cause: error },
    );
  }
  return new AppError('NETWORK_OFFLINE', 'The service could not be reached. Check your internet connection; cached data stays available.', { cause: error });
}
