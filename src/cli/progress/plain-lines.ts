/**
 * Progress where stderr is not a terminal (a log file, a pipe, a cron mail): a plain line when the work starts, at
 * each further tenth done, and every `QUIET_MS` while the share stays the same, so a log shows the job is alive
 * without filling up.
 */
import type { ProgressReporter, ProgressSnapshot } from './progress-snapshot';
import { plainLine } from './progress-text';

/** A line at least this often while nothing else changes. */
const QUIET_MS = 30_000;

/** Plain progress lines written with `write`; `now` is the clock (milliseconds). */
export function createPlainLines(write: (text: string) => void, now: () => number = Date.now): ProgressReporter {
  let lastTenth: number | null = null;
  let lastAt = -Infinity;
  return {
    update(snapshot: ProgressSnapshot) {
      const tenth = snapshot.percent === null ? -1 : Math.floor(snapshot.percent / 10);
      const at = now();
      if (lastTenth !== null && tenth <= lastTenth && at - lastAt < QUIET_MS) return;
      lastTenth = Math.max(tenth, lastTenth ?? -1);
      lastAt = at;
      write(`${plainLine(snapshot)}\n`);
    },
    done() {},
  };
}
