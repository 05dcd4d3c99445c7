/**
 * Child process of the crash test (D1): performs {@link crashPlan} against the cache file given as the only
 * argument, printing `page <window> <page>` after each page's transaction committed and `covered <window>` after each
 * window was marked covered, until the parent kills it with SIGKILL. A writer that gets through the whole plan before
 * the kill arrives (a fast machine, a parent slowed by other work) waits for it with its sync run still unfinished, so
 * the test never depends on how fast the machine stores pages. Run: node --import tsx crash-writer.ts <file>.
 */
import { openCache } from '../src/core/cache';
import { CRASH_ACCOUNT, crashPlan } from './crash-writer-plan';

function run(path: string): void {
  const plan = crashPlan();
  const { cache } = openCache({ path });
  const runId = cache.beginSyncRun(CRASH_ACCOUNT, plan[0]?.from ?? '2026-01-01', plan.at(-1)?.to ?? '2026-01-01');
  process.stdout.write('ready\n');
  plan.forEach((window, w) => {
    const fetchedAt = new Date();
    window.pages.forEach((page, p) => {
      cache.storePage(CRASH_ACCOUNT, page, fetchedAt, { runId, checkpoint: { window: w, page: p } });
      process.stdout.write(`page ${w} ${p}\n`);
    });
    cache.markCovered(CRASH_ACCOUNT, window.from, window.to, fetchedAt);
    process.stdout.write(`covered ${w}\n`);
  });
  process.stdout.write('waiting\n');
  setInterval(() => undefined, 60_000);
}

const path = process.argv[2];
if (path === undefined) {
  process.stderr.write('usage: crash-writer.ts <cache file>\n');
  process.exit(2);
}
run(path);
