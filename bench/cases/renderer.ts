/**
 * renderer: the app opened in Chromium (Debian's /usr/bin/chromium, driven by Playwright) through the e2e test host,
 * signed in to an account with 100,000 cached sales. The sales screen is the first screen; its remembered date
 * preset is "All cached sales", the account synced a moment ago (so no sync runs while measured), and the service
 * (the HTTPS fake, for the profile) is up. Measured: page load to the first rows, the time to scroll to the last
 * row (End in the table, then back through the middle), and the page's JS heap (CDP Runtime.getHeapUsage, sampled
 * after every step; the largest is the figure).
 *
 * Runs inside scripts/with-keyring.sh (the runner wraps it): the host reads the account's credentials from a Secret
 * Service, as the app does.
 */
import { startHostProcess } from '../../e2e/fixtures';
import { type RunCase } from '../lib/case';
import { ensureRendererBuilt, heapMb, launchChromium, loadToFirstRows, prepareSignedInAccount, scrollThrough } from '../lib/app-in-chromium';
import { atMost, count, holds, info } from '../lib/rows';
import { progress } from '../lib/timing';

export const run: RunCase = async (input) => {
  const dbPath = input.datasets.medium;
  if (dbPath === undefined) throw new Error('renderer needs the medium database');
  const prepared = await prepareSignedInAccount(input.workDir, dbPath);
  const cleanup: (() => Promise<unknown>)[] = [() => prepared.close()];
  try {
    ensureRendererBuilt(input.repoRoot);
    const host = await startHostProcess(prepared.hostConfig);
    cleanup.push(() => host.stop());
    const browser = await launchChromium();
    cleanup.push(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const heaps: number[] = [];

    const firstRows = await loadToFirstRows(page, host.url, input.size);
    heaps.push(await heapMb(page));
    progress(`first rows ${firstRows.toFixed(0)} ms after the page load started; heap ${heaps.at(-1)?.toFixed(1)} MB`);
    const toEnd = await scrollThrough(page, input.size, heaps);
    const peakHeap = Math.max(...heaps);
    progress(`scrolled back to the top; heap samples ${heaps.map((h) => h.toFixed(1)).join(', ')} MB`);
    return {
      size: `${count(input.size)} sales`,
      rows: [
        atMost('first rows (page load to first row)', firstRows, 'ms', 1000),
        holds('scroll to the last row (End)', toEnd, 'ms', 'last row shown', true),
        atMost('JS heap used (largest sample)', peakHeap, 'MB', 150),
        info('JS heap used at the end', heaps.at(-1) as number, 'MB'),
      ],
      notes: ['Chromium via Playwright and the e2e test host; heap from CDP Runtime.getHeapUsage (no forced GC), sampled after each step.'],
    };
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }
};
