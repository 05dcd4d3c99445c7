/**
 * A logger for tests that keeps every line it writes, and reads them back by event.
 */
import { createLogger, type Logger } from '../src/core/log';

/** The lines a test's loggers wrote, and how to make one more logger writing there. */
export interface LogCapture {
  /** Every line written so far, in order (JSON, as the app writes its log). */
  lines: string[];
  /** A logger writing into {@link LogCapture.lines}, with no secrets to redact. */
  logger(): Logger;
  /** The fields of every line logged as `event`, in order. */
  events(event: string): Record<string, unknown>[];
}

/** Starts an empty capture. */
export function captureLog(): LogCapture {
  const lines: string[] = [];
  return {
    lines,
    logger: () =>
      createLogger(
        (line) => lines.push(line),
        () => [],
      ),
    events: (event) =>
      lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === event),
  };
}
