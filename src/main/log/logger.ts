/**
 * Structured logging for the main process. Every line goes through {@link redact}, which removes
 * the values of credential headers and any secret the app currently holds, so a log can be shared
 * for diagnostics without leaking an api-secret.
 */
export type LogFields = Record<string, unknown>;

/** The logging surface core modules receive as a dependency. */
export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

const CREDENTIAL_HEADER = /("?(?:api-key|api-secret|app-id|authorization)"?\s*[:=]\s*"?)([^"\s,}]+)/gi;

/** Removes credential header values and every known secret from a piece of text. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text.replace(CREDENTIAL_HEADER, '$1[redacted]');
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return { name: value.name, message: value.message, ...(code === undefined ? {} : { code }) };
  }
  return value;
}

/** A logger writing one redacted JSON line per event to `write`; `secrets` is read at each call. */
export function createLogger(write: (line: string) => void, secrets: () => readonly string[], now = () => new Date()): Logger {
  const emit = (level: string, event: string, fields: LogFields = {}): void => {
    const body: LogFields = { time: now().toISOString(), level, event };
    for (const [k, v] of Object.entries(fields)) body[k] = serialise(v);
    write(redact(JSON.stringify(body), secrets()));
  };
  return {
    info: (event, fields) => emit('info', event, fields),
    warn: (event, fields) => emit('warn', event, fields),
    error: (event, fields) => emit('error', event, fields),
  };
}
