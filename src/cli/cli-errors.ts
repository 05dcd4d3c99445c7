/**
 * Exit codes of the headless command, one per kind of problem, so a scheduler (cron, Task Scheduler, CI) can tell
 * "fix the arguments" from "sign in again" from "the service is down, retry later" without parsing text.
 */
import { AppError, type ErrorCode } from '../shared/errors';

/** Exit codes, documented in `--help` and the README. */
export const EXIT_CODES = {
  ok: 0,
  /** Something unexpected; the message says what. */
  failure: 1,
  /** Wrong or missing arguments, or a value the app refuses (e.g. an http:// address). */
  usage: 2,
  /** Unknown account, credentials missing or refused (401), or no report access (405). */
  account: 3,
  /** The service could not be reached or answered with an error: retry later. */
  service: 4,
  /** The system keychain could not be used. */
  keychain: 5,
  /** The sales cache could not be opened or is damaged. */
  cache: 6,
  /** The export file could not be written (or exists and --force was not given). */
  export: 7,
  /** The app or another command is syncing the same account (see `sync --wait`). */
  busy: 8,
  /** Interrupted (Ctrl+C): nothing half-written is left behind. */
  cancelled: 130,
} as const;
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

const BY_CODE: Partial<Record<ErrorCode, ExitCode>> = {
  INVALID_INPUT: EXIT_CODES.usage,
  INSECURE_URL: EXIT_CODES.usage,
  AUTH_INVALID: EXIT_CODES.account,
  FORBIDDEN: EXIT_CODES.account,
  NOT_ALLOWED_FOR_ACCOUNT: EXIT_CODES.account,
  NOT_SIGNED_IN: EXIT_CODES.account,
  NETWORK_OFFLINE: EXIT_CODES.service,
  TIMEOUT: EXIT_CODES.service,
  TLS_FAILURE: EXIT_CODES.service,
  SERVER_ERROR: EXIT_CODES.service,
  RATE_LIMITED: EXIT_CODES.service,
  BAD_RESPONSE: EXIT_CODES.service,
  BAD_REQUEST: EXIT_CODES.service,
  NOT_FOUND: EXIT_CODES.service,
  KEYCHAIN_UNAVAILABLE: EXIT_CODES.keychain,
  CACHE_CORRUPT: EXIT_CODES.cache,
  CACHE_TOO_NEW: EXIT_CODES.cache,
  EXPORT_FAILED: EXIT_CODES.export,
  SYNC_BUSY: EXIT_CODES.busy,
  CANCELLED: EXIT_CODES.cancelled,
};

/**
 * What to do next. One that names a command to run is a function of how the person runs the command (`npm run cli --`,
 * `commission-desk`, or the app's `--cli`), so the hint can be pasted as it is.
 */
export type Hint = string | ((program: string) => string);

/** A failure of the command itself (bad arguments, unknown account) with its exit code and an optional hint. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly hint?: Hint,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Wrong or missing arguments; the hint points at the command's help. */
export function usageError(message: string, command?: string): CliError {
  return new CliError(
    message,
    EXIT_CODES.usage,
    (program) => `Run "${program} ${command ? `${command} ` : ''}--help" for the options.`,
  );
}

/** The exit code for any error the command can meet. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof AppError) return BY_CODE[error.code] ?? EXIT_CODES.failure;
  return EXIT_CODES.failure;
}
