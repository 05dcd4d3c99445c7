/**
 * The error taxonomy of the service (spec 7, DESIGN "The service and its gaps"): each status and each
 * transport failure becomes one stable code and one sentence a person can act on. Messages never carry a
 * credential: they are built from status codes, counts and the service's own (trimmed) wording only.
 */
import { AppError, type ErrorCode } from '../../shared/errors';
import { EXTRA_CA_CLI_OPTION, EXTRA_CA_OPTION, EXTRA_CA_PLACE } from '../../shared/extra-ca-setting';

/**
 * What a hostile or broken service sent that the client refused outright (S11, S13): a redirect, a body over the
 * size cap, JSON nested deeper than the cap, a page with more rows than the cap, or a walk with more distinct sales
 * than the cap.
 */
export type RefusedReply = 'redirect' | 'body-too-large' | 'too-deep' | 'too-many-rows' | 'too-many-sales';

/** Extra facts about a failed request, for the sync engine and tests; never shown raw to the user. */
export interface ServiceErrorFacts {
  /** HTTP status, when the service answered. */
  status?: number | null;
  /** How many requests were sent for this call, retries included. */
  attempts?: number;
  /** When the service said it would accept requests again (epoch ms), for RATE_LIMITED. */
  retryAt?: number | null;
  /** Set when the answer was refused by one of the client's own bounds. */
  refused?: RefusedReply | null;
  cause?: unknown;
}

/** An {@link AppError} from the service client, with the facts behind it. */
export class ServiceError extends AppError {
  readonly status: number | null;
  readonly attempts: number;
  readonly retryAt: number | null;
  readonly refused: RefusedReply | null;

  constructor(code: ErrorCode, message: string, facts: ServiceErrorFacts = {}) {
    super(code, message, { cause: facts.cause });
    this.name = 'ServiceError';
    this.status = facts.status ?? null;
    this.attempts = facts.attempts ?? 0;
    this.retryAt = facts.retryAt ?? null;
    this.refused = facts.refused ?? null;
  }
}

/** How a request failed without an HTTP status. */
export type TransportFailure = 'tls' | 'reset' | 'offline' | 'redirect' | 'unknown';

/** Keeps the service's own wording short and printable, so it cannot flood or garble a dialog. */
function cleanDetail(detail: string | null): string | null {
  if (detail === null) return null;
  const flat = detail
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat === '') return null;
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

function tries(attempts: number): string {
  return attempts === 1 ? '1 try' : `${attempts} tries`;
}

/** Maps a non-2xx HTTP status to an error. `detail` is the service's own message, if any. */
export function errorForStatus(status: number, detail: string | null, attempts = 1): ServiceError {
  const facts = { status, attempts };
  const said = cleanDetail(detail);
  switch (status) {
    case 400:
      return new ServiceError(
        'BAD_REQUEST',
        `The service refused the request as invalid${said ? `: “${said}”` : ''}. Check the dates and filters; if they look right, please report this as a bug.`,
        facts,
      );
    case 401:
      return new ServiceError(
        'AUTH_INVALID',
        'The service did not accept your API key, API secret or app ID. Copy all three again from your account dashboard and sign in again.',
        facts,
      );
    case 403:
      return new ServiceError(
        'FORBIDDEN',
        'The service refused access: your account lacks the permission for this data. Ask your platform administrator to grant it.',
        facts,
      );
    case 404:
      return new ServiceError(
        'NOT_FOUND',
        'The service has nothing at this address. Check the service address in your account settings: it is the base address from your dashboard, without /v1.',
        facts,
      );
    case 405:
      return new ServiceError(
        'NOT_ALLOWED_FOR_ACCOUNT',
        'Your account is not allowed to use the sales report. Ask your platform administrator to give it report access.',
        facts,
      );
    case 429:
      return new ServiceError(
        'RATE_LIMITED',
        `The service kept limiting how fast requests can be made (${tries(attempts)}). Wait a few minutes and try again.`,
        facts,
      );
    default:
      return errorForOtherStatus(status, attempts);
  }
}

function errorForOtherStatus(status: number, attempts: number): ServiceError {
  const facts = { status, attempts };
  if (status >= 500 && status <= 599) {
    return new ServiceError(
      'SERVER_ERROR',
      `The service had an internal problem (status ${status}, ${tries(attempts)}). Try again in a few minutes.`,
      facts,
    );
  }
  if (status >= 300 && status <= 399) return redirectError(null, { status, attempts });
  return new ServiceError(
    'BAD_RESPONSE',
    `The service answered with an unexpected status ${status}. Try again later.`,
    facts,
  );
}

/** Where a redirect pointed, for a message: scheme, host and path only (no query, user or fragment), kept short. */
export function redirectTarget(location: string | null, requestUrl: string): string | null {
  if (location === null || location.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(location, requestUrl);
  } catch {
    return 'an address that cannot be read';
  }
  const where = url.origin === 'null' ? url.protocol : `${url.origin}${url.pathname}`;
  const flat = where.replace(/[\p{Cc}\p{Cf}\s]+/gu, '');
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

/**
 * The service answered with a redirect (S11). It is never followed: the credential headers would go with it. `target`
 * names where it pointed, when the transport could tell (Electron's refuses without saying).
 */
export function redirectError(target: string | null, facts: Omit<ServiceErrorFacts, 'refused'> = {}): ServiceError {
  const where = target === null ? '' : ` (${target})`;
  return new ServiceError(
    'BAD_RESPONSE',
    `The service tried to send the request to another address${where}; nothing was sent there. Commission Desk never follows a redirect, so your credentials stay with the address you entered: check the service address in your account settings, and ask the service's provider whether it moved.`,
    { ...facts, refused: 'redirect' },
  );
}

const PERSISTS = "Try again later; if it keeps happening, tell the service's provider.";

/** A reply beyond a size bound (S13): `what` says which, e.g. "more than 16 MB". */
export function bodyTooLargeError(what: string): ServiceError {
  return new ServiceError(
    'BAD_RESPONSE',
    `The service sent a reply with ${what}, more than Commission Desk accepts for one page; it stopped reading there and stored nothing from that reply. ${PERSISTS}`,
    { refused: 'body-too-large' },
  );
}

/** A reply nested deeper than `maxDepth` (S13). */
export function tooDeepError(maxDepth: number): ServiceError {
  return new ServiceError(
    'BAD_RESPONSE',
    `The service sent a reply nested more than ${maxDepth} levels deep, which no report needs; it was refused and nothing from it was stored. ${PERSISTS}`,
    { refused: 'too-deep' },
  );
}

/** A page with more than `maxRows` rows (S13). */
export function tooManyRowsError(maxRows: number): ServiceError {
  return new ServiceError(
    'BAD_RESPONSE',
    `The service sent more than ${maxRows.toLocaleString('en')} rows on one page although Commission Desk asks for at most 100; the page was refused and nothing from it was stored. ${PERSISTS}`,
    { refused: 'too-many-rows' },
  );
}

/** One walk of a report received more than `maxSales` different sales (S13). */
export function tooManySalesError(maxSales: number): ServiceError {
  return new ServiceError(
    'BAD_RESPONSE',
    `The service sent more than ${maxSales.toLocaleString('en')} different sales for one period of at most a month, more than Commission Desk checks in one go; that period was stopped and is not marked complete. The sales received are kept. ${PERSISTS}`,
    { refused: 'too-many-sales' },
  );
}

/** Formats an instant for a message in the user's own locale and time zone. */
function formatInstant(epochMs: number): string {
  return new Date(epochMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The service asked to wait longer than the client is willing to: fail fast and say until when. */
export function errorForLongWait(status: number, retryAt: number, attempts: number): ServiceError {
  const facts = { status, attempts, retryAt };
  if (status === 429) {
    return new ServiceError(
      'RATE_LIMITED',
      `The service has rate limited requests until ${formatInstant(retryAt)}. Try again after that time.`,
      facts,
    );
  }
  return new ServiceError(
    'SERVER_ERROR',
    `The service is unavailable until ${formatInstant(retryAt)} (status ${status}). Try again after that time.`,
    facts,
  );
}

/** The request was aborted by the caller (a cancelled sync, a closed window). */
export function cancelledError(cause?: unknown): ServiceError {
  return new ServiceError('CANCELLED', 'The request was cancelled.', { cause });
}

/** The whole response did not arrive within the per-request timeout. */
export function timeoutError(timeoutMs: number, attempts: number): ServiceError {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return new ServiceError(
    'TIMEOUT',
    `The service did not finish answering within ${seconds} s (${tries(attempts)}). Check your connection and try again.`,
    {
      attempts,
    },
  );
}

/** A reply that is not JSON or not the documented shape. */
export function badResponseError(what: string, cause?: unknown): ServiceError {
  return new ServiceError(
    'BAD_RESPONSE',
    `The service sent ${what} that Commission Desk cannot read. A proxy or captive portal may be in the way; try again later. Nothing was changed.`,
    { cause },
  );
}

/** A 2xx whose body stayed unreadable on every try; `what` says what came back. */
export function unreadableReplyError(what: string, attempts: number): ServiceError {
  return new ServiceError(
    'BAD_RESPONSE',
    `The service sent ${what} instead of a report (${tries(attempts)}). A proxy, captive portal or a problem at the service may be in the way; try again later. Nothing was changed.`,
    { attempts },
  );
}

/** Codes and message fragments of Node (`err.code`), undici (`UND_ERR_*`) and Chromium (`net::ERR_*`). */
const TLS_PATTERN = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|EPROTO|HANDSHAKE/i;
const RESET_PATTERN =
  /ECONNRESET|EPIPE|ECONNABORTED|UND_ERR_SOCKET|UND_ERR_CLOSED|PREMATURE_CLOSE|socket hang up|other side closed|ERR_CONNECTION_RESET|ERR_CONNECTION_CLOSED|ERR_EMPTY_RESPONSE|ERR_NETWORK_CHANGED|ERR_HTTP2_PROTOCOL_ERROR|terminated/i;
const OFFLINE_PATTERN =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ENETUNREACH|EHOSTUNREACH|ENETDOWN|EHOSTDOWN|ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|ERR_CONNECTION_REFUSED|ERR_ADDRESS_UNREACHABLE|ERR_PROXY_CONNECTION_FAILED|ERR_NAME_RESOLUTION_FAILED/i;

/** Every `code` and `message` along the error's `cause` chain, joined for matching. */
function describeChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== null && typeof current === 'object'; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') parts.push(code);
    if (typeof message === 'string') parts.push(message);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}

/** The certificate the server presented, when a transport recorded it on an error along the chain. */
function peerCertificateOf(error: unknown): { subject: string; issuer: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== null && typeof current === 'object'; depth += 1) {
    const { peerCertificate } = current as { peerCertificate?: { subject?: unknown; issuer?: unknown } };
    if (typeof peerCertificate?.subject === 'string' && typeof peerCertificate.issuer === 'string')
      return { subject: peerCertificate.subject, issuer: peerCertificate.issuer };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The TLS failure's words: the certificate that failed when it is known, then where an organisation's root goes. */
function tlsMessage(cause: unknown): string {
  const peer = peerCertificateOf(cause);
  const named =
    peer === null
      ? ''
      : ` The service presented a certificate for “${peer.subject}” issued by “${peer.issuer}”, which neither your computer nor an extra certificate of this account trusts.`;
  return `The secure connection to the service could not be verified.${named} If your organisation inspects secure connections, add its root certificate under ${EXTRA_CA_PLACE} → “${EXTRA_CA_OPTION}” (on the command line: ${EXTRA_CA_CLI_OPTION}); otherwise check the service address.`;
}

/** Sorts a fetch rejection (no HTTP status) into a failure kind, across Node, undici and Electron transports. */
export function classifyTransportError(error: unknown): TransportFailure {
  const text = describeChain(error);
  if (/redirect/i.test(text)) return 'redirect';
  if (TLS_PATTERN.test(text)) return 'tls';
  if (OFFLINE_PATTERN.test(text)) return 'offline';
  if (RESET_PATTERN.test(text)) return 'reset';
  return 'unknown';
}

/** Maps a transport failure (after any retries) to an error. */
export function errorForTransport(failure: TransportFailure, attempts: number, cause?: unknown): ServiceError {
  const facts = { attempts, cause };
  switch (failure) {
    case 'tls':
      return new ServiceError('TLS_FAILURE', tlsMessage(cause), facts);
    case 'reset':
      return new ServiceError(
        'NETWORK_OFFLINE',
        `The connection to the service kept dropping (${tries(attempts)}). Check your internet connection and try again.`,
        facts,
      );
    case 'redirect':
      return redirectError(null, facts);
    default:
      return new ServiceError(
        'NETWORK_OFFLINE',
        'The service could not be reached. Check your internet connection and the service address, then try again.',
        facts,
      );
  }
}
