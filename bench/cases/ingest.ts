/**
 * ingest: a million sales upserted into a new cache through `storePage` as a sync stores them: they arrive page by
 * page (100 sales, what one service page holds), each page is parsed from its wire records and stored in one
 * transaction, and the search is brought up to date at the end. The baseline is a plain INSERT of the same sales,
 * field for field, into an unindexed table, in one transaction, on a connection with the cache's journal settings.
 *
 * Sales are made and parsed a page at a time and dropped once stored, as in a sync, so the peak RSS is what storing
 * costs, not a million sales held in memory. Only the storing is timed (the calls to `storePage` and to the plain
 * INSERT, summed); making and parsing the pages happens between those timings, the same for both.
 *
 * Each run is a process of its own (`bench/lib/ingest-child.ts`), as a sync of a million sales is one run in the
 * app's process: run after run in one process, the young generation V8 grew for the earlier runs (the baseline's
 * among them) stayed with the later ones. The figure is the largest peak RSS of the cache's processes.
 */
import { join } from 'node:path';
import type { RunCase } from '../lib/case';
import type { IngestChildResult } from '../lib/ingest-child';
import { PAGE, type Timing } from '../lib/ingest-runs';
import { runJsonChild } from '../lib/json-child';
import { atMost, count, info, ratioAtMost } from '../lib/rows';
import { best, progress } from '../lib/timing';

/** Runs one ingest (`cache` or `plain`) of `size` sales in a process of its own and reads its result. */
function ingestInChild(
  repoRoot: string,
  which: 'cache' | 'plain',
  path: string,
  size: number,
): Promise<IngestChildResult> {
  return runJsonChild<IngestChildResult>(repoRoot, 'bench/lib/ingest-child.ts', [which, path, String(size)]);
}

export const run: RunCase = async (input) => {
  const baselines: IngestChildResult[] = [];
  const subjects: IngestChildResult[] = [];
  // Baseline and cache alternate (three times each on a full run), each in its own process; the best time of each is compared.
  for (let round = 0; round < (input.quick ? 1 : 3); round++) {
    const b = await ingestInChild(input.repoRoot, 'plain', join(input.workDir, 'plain.sqlite'), input.size);
    const c = await ingestInChild(input.repoRoot, 'cache', join(input.workDir, 'cache.sqlite'), input.size);
    baselines.push(b);
    subjects.push(c);
    progress(
      `round ${round + 1}: plain insert ${b.ms.toFixed(0)} ms (cpu ${b.cpuMs.toFixed(0)}, peak RSS ${b.peakRssMb.toFixed(0)} MB), ` +
        `cache upsert ${c.ms.toFixed(0)} ms (cpu ${c.cpuMs.toFixed(0)}, peak RSS ${c.peakRssMb.toFixed(0)} MB)`,
    );
  }
  const subject = best(subjects.map((t) => t.ms)) / 1000;
  const baseline = best(baselines.map((t) => t.ms)) / 1000;
  const cpu = (timings: Timing[]): number => best(timings.map((t) => t.cpuMs)) / 1000;
  const peak = (runs: IngestChildResult[]): number => Math.max(...runs.map((r) => r.peakRssMb));
  return {
    size: `${count(input.size)} sales`,
    rows: [
      ratioAtMost('upsert time', subject, 's', baseline, 1.5),
      atMost('upsert time', subject, 's', 20),
      info('upsert CPU time (user + system)', cpu(subjects), 's', cpu(baselines)),
      atMost('peak RSS (process storing through the cache)', peak(subjects), 'MB', 300),
      info('peak RSS (process of the plain INSERT)', peak(baselines), 'MB'),
    ],
    notes: [
      `baseline = plain INSERT of the same sales into an unindexed table in one transaction; the cache stores pages of ${PAGE} in one transaction each.`,
      `sales are made and parsed ${PAGE} at a time, as a sync receives them; only the storing is timed (summed over the pages).`,
      "each run is a process of its own (Node, the generator and parser, and the cache or the plain table, bundled as the app ships its code), baseline and cache alternating; peak RSS = the largest maxRSS of that kind's processes, so it is what making, parsing and storing a million sales costs one process.",
    ],
  };
};
