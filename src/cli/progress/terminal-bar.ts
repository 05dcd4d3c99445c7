/**
 * The progress bar on a terminal: one line redrawn in place (carriage return, then the line, then "clear to the end"),
 * at most ten times a second, and wiped when the work ends so the result prints on a clean line.
 */
import type { ProgressReporter, ProgressSnapshot } from './progress-snapshot';
import { barLine } from './progress-text';

/** Where the bar is drawn: stderr when it is a terminal, or a test's stand-in for one. */
export interface TerminalStream {
  write(text: string): void;
  /** Width in characters; 80 when unknown. */
  readonly columns?: number | undefined;
}

/** Redraws at most this often. */
const REDRAW_MS = 100;
const CLEAR_TO_END = '\x1b[K';

/** A bar drawn on `terminal`; `now` is the clock (milliseconds). */
export function createTerminalBar(terminal: TerminalStream, now: () => number = Date.now): ProgressReporter {
  let last = -Infinity;
  let shown = false;
  return {
    update(snapshot: ProgressSnapshot) {
      const at = now();
      if (at - last < REDRAW_MS && snapshot.percent !== 100) return;
      last = at;
      shown = true;
      terminal.write(`\r${barLine(snapshot, terminal.columns ?? 80)}${CLEAR_TO_END}`);
    },
    done() {
      if (shown) terminal.write(`\r${CLEAR_TO_END}`);
      shown = false;
    },
  };
}
