/**
 * Picks how a long command reports progress: JSON lines on stdout with `--json`, nothing with `--quiet`, a bar
 * redrawn in place when stderr is a terminal, else plain lines on stderr.
 */
import type { CliIo } from '../cli-io';
import { createJsonProgress } from './json-lines';
import { createPlainLines } from './plain-lines';
import type { ProgressReporter } from './progress-snapshot';
import { createTerminalBar } from './terminal-bar';

/** How the person asked for output. */
export interface ProgressChoice {
  json?: boolean | undefined;
  quiet?: boolean | undefined;
}

/** The reporter for one run of a command. */
export function progressReporter(io: CliIo, choice: ProgressChoice, now: () => number = Date.now): ProgressReporter {
  if (choice.json === true) return createJsonProgress(io.stdout, now);
  if (choice.quiet === true) return { update() {}, done() {} };
  if (io.stderrIsTTY) {
    const terminal = {
      write: io.stderr,
      get columns() {
        return io.stderrColumns?.();
      },
    };
    return createTerminalBar(terminal, now);
  }
  return createPlainLines(io.stderr, now);
}
