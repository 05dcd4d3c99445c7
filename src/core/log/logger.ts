/**
 * Structured logging for the main process. Every line goes through two redactions: values under
 * credential-like field names are replaced before serialising, then {@link redact} removes the
 * values of credential headers and any secret the app currently holds from the text. A log can
 * then be shared for diagnostics without leaking an api-secret.
 */
export type LogFields = Record<string, unknown>;

/** Where earlier lines can be read back (the log file), for "Copy diagnostics". */
export interface LogHistory {
  /** The current log file, or null when the log is not kept on disk. */
  readonly filePath: string | null;
  /** The last `limit` warning and error lines (already redacted), oldest first. */
  recentProblems(limit: number): string[];
}

/** The logging surface core modules receive as a dependency. */
export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  /** Present when the lines are kept somewhere they can be read back. */
  readonly history?: LogHistory;
}

const CREDENTIAL_HEADER =
  /("?(?:api-key|api-secret|app-id|authorization|cookie|set-cookie)"?\s*[:=]\s*"?)([^"\s,}]+)/gi;

/** Field names whose values are never logged, whatever they hold. */
const SECRET_FIELD = /secret|password|passphrase|token|api[-_]?key|authorization|cookie|credential/i;

const REDACTED = '[redacted]';
const MAX_DEPTH = 8;

/** Removes credential header values and every known secret from a piece of text. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text.replace(CREDENTIAL_HEADER, `$1${REDACTED}`);
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out;
}

function serialiseError(error: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  const out: Record<string, unknown> = { name: error.name, message: error.message };
  if (code !== undefined) out.code = code;
  if (error.cause !== undefined) out.cause = scrub(error.cause, depth + 1, seen);
  return out;
}

/**
 * A copy of `value` safe to serialise: credential-like fields blanked, errors reduced to name,
 * message, code and cause, cycles and very deep nesting cut.
 */
function scrub(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : value;
  if (depth > MAX_DEPTH) return '[too deep]';
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) return serialiseError(value, depth, seen);
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1, seen));
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_FIELD.test(key) ? REDACTED : scrub(item, depth + 1, seen);
  }
  return out;
}

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** Where the written lines can be read back. */
  history?: LogHistory;
}

/** A logger writing one redacted JSON line per event to `write`; `secrets` is read at each call. */
export function createLogger(
  write: (line: string) => void,
  secrets: () => readonly string[],
  now = () => new Date(),
  options: LoggerOptions = {},
): Logger {
  const emit = (level: string, event: string, fields: LogFields = {}): void => {
    const body: LogFields = { time: now().toISOString(), level, event };
    const seen = new WeakSet<object>();
    for (const [k, v] of Object.entries(fields)) body[k] = SECRET_FIELD.test(k) ? REDACTED : scrub(v, 0, seen);
    write(redact(JSON.stringify(body), secrets()));
  };
  return {
    info: (event, fields) => emit('info', event, fields),
    warn: (event, fields) => emit('warn', event, fields),
    error: (event, fields) => emit('error', event, fields),
    ...(options.history ? { history: options.history } : {}),
  };
}

/** A logger that records nothing: for tests, benchmarks and command runs where no log file is kept. */
export function createSilentLogger(): Logger {
  return createLogger(
    () => undefined,
    () => [],
  );
}
