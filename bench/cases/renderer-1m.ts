/**
 * renderer-1m: the app's real renderer in Chromium through the e2e test host, signed in to an account with a
 * million cached sales (remembered view "All cached sales", synced a moment ago, so no sync runs while measured).
 *
 * The host is the e2e test host bundled as the app bundles its main process (bench/lib/bundled-host.ts), on one
 * address, and every page load is in one browser profile kept on disk, as the app's window keeps its session between starts.
 * The cache is first used once, as a person's cache is: a host opens it, the page shows its first rows, the host
 * closes it (which saves the browse index beside the cache). That session's first rows are shown for information:
 * they include building the index, which happens once per cache, not at every start. Then a fresh host opens the
 * cache and the page is loaded 1 + N times, each in a new page, from the start of the load to the first row on screen:
 * the first load (whose first query reads the saved index) is its own figure, the median of the N others is the
 * target's. A page closes only once its requests are done, so each load starts on an idle host, as a start does. The JS heap (CDP Runtime.getHeapUsage, no forced GC) is sampled after every load and after scrolling to
 * the last sale; the largest sample is the figure.
 *
 * Beside the first rows: the same Chromium loading a static page of 100 table rows (median of 5), the machine's speed
 * in the same run. It is a reference, not a baseline the target is a ratio of: the target stays absolute.
 */
import type { BrowserContext } from '@playwright/test';
import { type RunCase } from '../lib/case';
import { join } from 'node:path';
import { bundleTestHost, freePort, startBundledHost } from '../lib/bundled-host';
import {
  ensureRendererBuilt,
  heapMb,
  launchAppProfile,
  loadToFirstRows,
  prepareSignedInAccount,
  scrollThrough,
  staticPageReference,
  type PreparedAccount,
} from '../lib/app-in-chromium';
import { atMost, count, holds, info } from '../lib/rows';
import { median, progress } from '../lib/timing';

/** What one host session measured. */
interface Session {
  /** First rows of each page load, in order. */
  firstRows: number[];
  /** Scrolling the last page to the last sale, when asked. */
  toEnd: number | null;
}

/** Where the host runs in this case: the bundle, the built renderer, one address, one browser profile. */
interface HostSetup {
  bundle: string;
  rendererDir: string;
  port: number;
  profile: BrowserContext;
  prepared: PreparedAccount;
}

/** One host session: the host started on the prepared data, the page loaded `loads` times, each in a new page. */
async function hostSession(
  setup: HostSetup,
  size: number,
  loads: number,
  heaps: number[],
  scroll: boolean,
): Promise<Session> {
  const host = await startBundledHost(setup.bundle, setup.prepared.hostConfig, setup.rendererDir, setup.port);
  try {
    const times: number[] = [];
    let toEnd: number | null = null;
    for (let i = 0; i < loads; i++) {
      const page = await setup.profile.newPage();
      times.push(await loadToFirstRows(page, host.url, size));
      heaps.push(await heapMb(page));
      progress(`load ${i + 1}: first rows ${times.at(-1)?.toFixed(0)} ms; heap ${heaps.at(-1)?.toFixed(1)} MB`);
      if (scroll && i === loads - 1) toEnd = await scrollThrough(page, size, heaps);
      // The page's later requests (the statuses line's scan, the filter choices) finish before it closes: left
      // running, they would hold the host's one thread during the next load, which no start of the app has.
      await page.waitForLoadState('networkidle');
      await page.close();
    }
    return { firstRows: times, toEnd };
  } finally {
    // Closing the host closes the cache, which saves the browse index for the next start.
    await host.stop();
  }
}

export const run: RunCase = async (input) => {
  const dbPath = input.datasets.large;
  if (dbPath === undefined) throw new Error('renderer-1m needs the large database');
  const prepared = await prepareSignedInAccount(input.workDir, dbPath);
  const cleanup: (() => Promise<unknown>)[] = [() => prepared.close()];
  try {
    ensureRendererBuilt(input.repoRoot);
    const bundle = await bundleTestHost(input.repoRoot);
    const profile = await launchAppProfile(input.workDir);
    cleanup.push(() => profile.close());
    const setup: HostSetup = {
      bundle,
      rendererDir: join(input.repoRoot, 'out/renderer'),
      port: await freePort(),
      profile: profile.context,
      prepared,
    };
    const heaps: number[] = [];
    const loads = 5;

    progress('first session on a cache the app never opened (builds and then saves the browse index)');
    const neverOpened = (await hostSession(setup, input.size, 1, heaps, false)).firstRows[0] as number;
    progress(`a fresh host on the used cache: 1 + ${loads} page loads`);
    const used = await hostSession(setup, input.size, 1 + loads, heaps, true);
    const [firstOfHost, ...rest] = used.firstRows;
    const reference = await staticPageReference(profile.context);
    const firstRows = median(rest);
    progress(
      `first rows: median ${firstRows.toFixed(0)} ms of ${rest.map((t) => t.toFixed(0)).join(', ')}; reference ${reference.toFixed(0)} ms`,
    );
    return {
      size: `${count(input.size)} sales`,
      rows: [
        atMost(`first rows (median of ${loads} page loads)`, firstRows, 'ms', 500, reference),
        info(
          'first rows, first load of a fresh host (reads the saved browse index)',
          firstOfHost as number,
          'ms',
          reference,
        ),
        info('first rows, first session on a cache never opened (builds the index)', neverOpened, 'ms'),
        holds('scroll to the last row (End)', used.toEnd ?? Number.NaN, 'ms', 'last row shown', used.toEnd !== null),
        atMost('JS heap used (largest sample)', Math.max(...heaps), 'MB', 100),
      ],
      notes: [
        'Chromium via Playwright and the e2e test host (bundled, as the app bundles its main); first rows from the start of a page load to the first frame with the first sale on screen (noted by the page itself), each load in a new page of one browser profile kept on disk (HTTP cache and compiled scripts carried over, as the app window keeps them between starts); the cache was used once before (its browse index saved at close), as a returning user has it.',
        `baseline = reference, not a target: the same Chromium loading a static page of 100 table rows from a loopback server, median of 5 (${reference.toFixed(0)} ms); it shows the machine's speed in this run.`,
        'heap from CDP Runtime.getHeapUsage (no forced GC), sampled after every load and while scrolling to the last sale and back.',
      ],
    };
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }
};
