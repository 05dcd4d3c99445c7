/**
 * renderer: the app opened in Chromium (Debian's /usr/bin/chromium, driven by Playwright) through the e2e test host,
 * signed in to an account with 100,000 cached sales, as at the first start after an install: a new browser (nothing
 * compiled, nothing in its HTTP cache) and a cache the app never opened (no saved browse index). The sales screen is
 * the first screen; its remembered date preset is "All cached sales", the account synced a moment ago (so no sync runs
 * while measured), and the service (the HTTPS fake, for the profile) is up.
 *
 * Measured: page load to the first rows, the median of {@link COLD_STARTS} such starts (each a new copy of the cache, a
 * new host and a new browser: one load is one draw of a noisy figure), beside the same kind of reference, the first
 * load of a static 100-row page in a new browser; then, in the last start, the time to scroll to the last row (End in
 * the table, then back through the middle) and the page's JS heap (CDP Runtime.getHeapUsage, sampled after every step;
 * the largest is the figure).
 *
 * Runs inside scripts/with-keyring.sh (the runner wraps it): the host reads the account's credentials from a Secret
 * Service, as the app does.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startHostProcess } from '../../e2e/fixtures';
import { type RunCase } from '../lib/case';
import {
  ensureRendererBuilt,
  heapMb,
  launchChromium,
  loadToFirstRows,
  prepareSignedInAccount,
  scrollThrough,
  staticPageReference,
} from '../lib/app-in-chromium';
import { atMost, count, holds, info } from '../lib/rows';
import { median, progress } from '../lib/timing';

/** Cold starts measured in a full run (a quick run makes two). */
const COLD_STARTS = 5;

/** The first load of the static reference page in a new browser, as the app's load is its browser's first. */
async function coldStaticPage(): Promise<number> {
  const browser = await launchChromium();
  try {
    return await staticPageReference(await browser.newContext(), 1);
  } finally {
    await browser.close();
  }
}

/** One start: a never-opened copy of `dbPath`, a new host, a new browser; `measure` gets the page once it is loaded. */
async function coldStart(
  workDir: string,
  dbPath: string,
  size: number,
  measure: (page: Page) => Promise<void>,
): Promise<number> {
  const prepared = await prepareSignedInAccount(workDir, dbPath);
  const cleanup: (() => Promise<unknown>)[] = [() => prepared.close()];
  try {
    const host = await startHostProcess(prepared.hostConfig);
    cleanup.push(() => host.stop());
    const browser = await launchChromium();
    cleanup.push(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const firstRows = await loadToFirstRows(page, host.url, size);
    await measure(page);
    return firstRows;
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }
}

export const run: RunCase = async (input) => {
  const dbPath = input.datasets.medium;
  if (dbPath === undefined) throw new Error('renderer needs the medium database');
  ensureRendererBuilt(input.repoRoot);
  const starts = input.quick ? 2 : COLD_STARTS;
  const firstRows: number[] = [];
  const references: number[] = [];
  const heaps: number[] = [];
  let toEnd = Number.NaN;
  for (let i = 0; i < starts; i++) {
    references.push(await coldStaticPage());
    const last = i === starts - 1;
    const ms = await coldStart(join(input.workDir, `start-${i + 1}`), dbPath, input.size, async (page) => {
      heaps.push(await heapMb(page));
      if (last) toEnd = await scrollThrough(page, input.size, heaps);
    });
    firstRows.push(ms);
    progress(
      `start ${i + 1}: first rows ${ms.toFixed(0)} ms after the page load started; static page ${references.at(-1)?.toFixed(0)} ms`,
    );
  }
  progress(
    `first rows: median ${median(firstRows).toFixed(0)} ms of ${firstRows.map((ms) => ms.toFixed(0)).join(', ')}; heap samples ${heaps.map((h) => h.toFixed(1)).join(', ')} MB`,
  );
  return {
    size: `${count(input.size)} sales`,
    rows: [
      atMost('first rows (page load to first row)', median(firstRows), 'ms', 1000, median(references)),
      info('first rows, slowest of the cold starts', Math.max(...firstRows), 'ms'),
      holds('scroll to the last row (End)', toEnd, 'ms', 'last row shown', Number.isFinite(toEnd)),
      atMost('JS heap used (largest sample)', Math.max(...heaps), 'MB', 150),
      info('JS heap used at the end', heaps.at(-1) as number, 'MB'),
    ],
    notes: [
      `first rows = median of ${starts} cold starts (runs ${firstRows.map((ms) => ms.toFixed(0)).join(', ')} ms), each a new browser, a new host and a copy of the cache never opened (no saved browse index: the host builds it as it starts, which here is before the browser is launched; in the app it overlaps the window's start); the scroll and the heap are the last start's.`,
      `baseline of the first-rows row = reference, not a target: the first load of a static page of 100 table rows in a new browser, median of ${starts} (${median(references).toFixed(0)} ms); it shows the machine's speed in this run.`,
      'heap from CDP Runtime.getHeapUsage (no forced GC), sampled after each step.',
    ],
  };
};
