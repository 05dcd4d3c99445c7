/**
 * The app started to its first rows on screen, as a person starts it every morning: the main process (the e2e test
 * host, bundled as the app's main is, run by plain Node) is spawned on a cache the app has used before (its browse
 * index saved beside it at the last close), it opens the cache and restores the session, the window loads the
 * renderer, and the sales screen shows its first rows. Timed from the spawn to the first row visible; Chromium is
 * already running (an Electron window's renderer process starts alongside the main process, not after it), with one
 * profile for every start, as the app keeps its window's session (HTTP cache, compiled script) between starts.
 *
 * The reference beside it, the machine's speed in the same run: a bare SQLite open of the same file with the first
 * page's query, plus the same Chromium loading a static page of 100 table rows.
 */
import type { BrowserContext } from '@playwright/test';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { BENCH_ACCOUNT } from './case';
import {
  ensureRendererBuilt,
  launchAppProfile,
  loadToFirstRowsAt,
  prepareSignedInAccount,
  staticPageReference,
  type PreparedAccount,
} from './app-in-chromium';
import { bundleTestHost, freePort, startBundledHost } from './bundled-host';
import { median, progress, timed } from './timing';

/** What the start measurements found (ms). */
export interface StartToRows {
  /** Spawn to first rows, median of the runs on the used cache. */
  firstRows: number;
  /** Each run's spawn to first rows. */
  runs: number[];
  /** Spawn to the host's ready line (cache opened, session restored, listening), median. */
  hostReady: number;
  /** The first start on a cache the app never opened (builds the browse index, saves it at close). */
  neverOpened: number;
  /** Bare SQLite open + first page query, median. */
  bareOpenQuery: number;
  /** Static 100-row page in the same Chromium, median of 5. */
  staticPage: number;
}

interface OneStart {
  total: number;
  ready: number;
}

/** Where and how the app starts in a case: the bundle, the built renderer, one address, one browser profile. */
interface StartSetup {
  bundle: string;
  rendererDir: string;
  port: number;
  profile: BrowserContext;
  prepared: PreparedAccount;
}

async function startOnce(
  { bundle, rendererDir, port, profile, prepared }: StartSetup,
  size: number,
): Promise<OneStart> {
  const host = await startBundledHost(bundle, prepared.hostConfig, rendererDir, port);
  try {
    const page = await profile.newPage();
    // The page notes when it showed the rows by its own clock; both clocks count from the same system time.
    const shown = await loadToFirstRowsAt(page, host.url, size);
    await page.close();
    return { total: shown.epochMs - (performance.timeOrigin + host.spawnedAt), ready: host.readyAt - host.spawnedAt };
  } finally {
    // The host closes the cache as the app does at quit, saving the browse index for the next start.
    await host.stop();
  }
}

function bareOpenQuery(path: string): void {
  const db = new Database(path, { fileMustExist: true, readonly: true });
  const rows = db
    .prepare('SELECT * FROM sales WHERE account_id = ? ORDER BY transaction_date DESC, id DESC LIMIT 100')
    .all(BENCH_ACCOUNT);
  if (rows.length === 0) throw new Error('the bare page query found no sales');
  db.close();
}

/** Measures `runs` starts on a copy of `dbPath` in `workDir` (after one first start that makes it a used cache). */
export async function measureStartToRows(
  repoRoot: string,
  workDir: string,
  dbPath: string,
  size: number,
  runs: number,
): Promise<StartToRows> {
  ensureRendererBuilt(repoRoot);
  progress('bundling the test host (as the app bundles its main process)');
  const bundle = await bundleTestHost(repoRoot);
  const rendererDir = join(repoRoot, 'out/renderer');
  const prepared = await prepareSignedInAccount(workDir, dbPath);
  const cleanup: (() => Promise<unknown>)[] = [() => prepared.close()];
  try {
    const profile = await launchAppProfile(workDir);
    cleanup.push(() => profile.close());
    const setup: StartSetup = { bundle, rendererDir, port: await freePort(), profile: profile.context, prepared };
    const neverOpened = (await startOnce(setup, size)).total;
    progress(
      `first start on a cache never opened: first rows after ${neverOpened.toFixed(0)} ms (builds the browse index)`,
    );
    const totals: number[] = [];
    const ready: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      bare.push((await timed(() => bareOpenQuery(prepared.cachePath))).ms);
      const start = await startOnce(setup, size);
      totals.push(start.total);
      ready.push(start.ready);
      progress(
        `start ${i + 1}: host ready ${start.ready.toFixed(0)} ms, first rows ${start.total.toFixed(0)} ms after the spawn; bare open + query ${bare.at(-1)?.toFixed(1)} ms`,
      );
    }
    const staticPage = await staticPageReference(profile.context);
    return {
      firstRows: median(totals),
      runs: totals,
      hostReady: median(ready),
      neverOpened,
      bareOpenQuery: median(bare),
      staticPage,
    };
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }
}
