/**
 * Errors cross IPC as data: a stable code the UI can branch on, and a sentence a person can act on.
 * Nothing here may carry a credential.
 */
export const ERROR_CODES = [
  'AUTH_INVALID',
  'FORBIDDEN',
  'NOT_FOUND',
  'NOT_ALLOWED_FOR_ACCOUNT',
  'BAD_REQUEST',
  'RATE_LIMITED',
  'SERVER_ERROR',
  'NETWORK_OFFLINE',
  'TIMEOUT',
  'TLS_FAILURE',
  'BAD_RESPONSE',
  'INVALID_INPUT',
  'INSECURE_URL',
  'CANCELLED',
  'SYNC_BUSY',
  'KEYCHAIN_UNAVAILABLE',
  'CACHE_CORRUPT',
  'CACHE_TOO_NEW',
  'NOT_SIGNED_IN',
  'EXPORT_FAILED',
  'UNTRUSTED_SENDER',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The serialisable error shape every IPC failure carries. */
export interface AppErrorData {
  code: ErrorCode;
  message: string;
}

/** An error with a stable code; thrown inside main, turned into {@link AppErrorData} at the IPC edge. */
export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
  }

  /** The data form sent to the renderer. */
  toData(): AppErrorData {
    return { code: this.code, message: this.message };
  }
}

/** Result of every IPC call: never a thrown exception across the process boundary. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };
