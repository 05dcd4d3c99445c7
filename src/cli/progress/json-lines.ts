/**
 * `--json` on a long command: stdout is one JSON object per line, for scripts. Progress events come at most four
 * times a second (always when the share changes by a whole percent, and at the end); the command then writes its
 * result, or an error, the same way.
 */
import type { ProgressReporter, ProgressSnapshot } from './progress-snapshot';

/** Writes `value` as one line of JSON. */
export function writeJsonLine(write: (text: string) => void, value: Record<string, unknown>): void {
  write(`${JSON.stringify(value)}\n`);
}

/** At most this often, unless the whole percent changed. */
const EVERY_MS = 250;

/** Progress events on `write` (stdout); `now` is the clock (milliseconds). */
export function createJsonProgress(write: (text: string) => void, now: () => number = Date.now): ProgressReporter {
  let lastAt = -Infinity;
  let lastPercent: number | null | undefined;
  return {
    update(s: ProgressSnapshot) {
      const at = now();
      if (s.percent === lastPercent && at - lastAt < EVERY_MS) return;
      lastAt = at;
      lastPercent = s.percent;
      writeJsonLine(write, {
        event: 'progress',
        command: s.command,
        unit: s.unit,
        done: s.done,
        total: s.total,
        percent: s.percent,
        etaSeconds: s.etaSeconds,
        sales: s.sales,
      });
    },
    done() {},
  };
}
