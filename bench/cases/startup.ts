/**
 * startup: how long until the main-process core is ready with a million cached sales — createAppCore (settings read,
 * cache opened and checked, migrations) plus session.restore (the active account and its credentials loaded) —
 * against opening the same SQLite file bare. Runs alternate (bare, core, bare, core, …) after one warm-up of each, so
 * both see the file in the OS cache; the medians are compared.
 *
 * Then the whole start as a person sees it: the app (the bundled e2e test host, the same handlers as the app's main
 * process) started on a used copy of the cache, to the first rows of the sales screen in Chromium
 * (bench/lib/start-to-rows.ts). That part reads the account's credentials from a Secret Service, so the case runs
 * inside scripts/with-keyring.sh (its entry's wrapper).
 *
 * The keychain is the in-memory stand-in (a Secret Service needs a D-Bus session, and a keychain read is not what this
 * case is about); settings are a real `conf` file, read inside the timing as at app start.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CredentialVault } from '../../src/core/accounts';
import { createAppCore, type AppCore } from '../../src/core/app';
import { createSilentLogger } from '../../src/core/log';
import { createConfSettingsStore } from '../../src/core/settings';
import { createMemorySecretStore } from '../../src/core/keychain';
import { BENCH_ACCOUNT, type RunCase } from '../lib/case';
import { atMost, count, info, overBaselineAtMost } from '../lib/rows';
import { measureStartToRows } from '../lib/start-to-rows';
import { median, progress, timed } from '../lib/timing';

const SECRETS = { apiKey: 'bench-api-key-0001', apiSecret: 'bench-api-secret-0001' };
const BINDING = { baseUrl: 'https://127.0.0.1:9/', appId: 'commission-desk-bench' };

function writeSettings(dataDir: string): void {
  const settings = createConfSettingsStore(dataDir);
  const account = {
    id: BENCH_ACCOUNT,
    label: 'Bench account',
    baseUrl: BINDING.baseUrl,
    appId: BINDING.appId,
    apiKeyMasked: '…0001',
    remembered: true,
    createdAt: new Date().toISOString(),
    lastUsedAt: null,
  };
  settings.set('accounts', [account]);
  settings.set('activeAccountId', BENCH_ACCOUNT);
}

function openBare(path: string): void {
  const db = new Database(path, { fileMustExist: true });
  db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get();
  db.close();
}

export const run: RunCase = async (input) => {
  const dbPath = input.datasets.large;
  if (dbPath === undefined) throw new Error('startup needs the large database');
  const dataDir = join(input.workDir, 'data');
  writeSettings(dataDir);
  const keychain = createMemorySecretStore();
  // Saved the way a sign-in saves them: bound to the account's address and app id.
  await new CredentialVault(keychain, createMemorySecretStore()).save(BENCH_ACCOUNT, SECRETS, BINDING, false);

  const startCore = async (): Promise<AppCore> => {
    const core = createAppCore({
      appVersion: '0.0.0-bench',
      today: () => '2026-06-30',
      chooseExportPath: async () => null,
      logger: createSilentLogger(),
      settings: createConfSettingsStore(dataDir),
      keychain,
      fetch: async () => {
        throw new Error('no network in the startup case');
      },
      cachePath: dbPath,
    });
    await core.session.restore();
    return core;
  };

  const bare: number[] = [];
  const ready: number[] = [];
  const checked: number[] = [];
  const reps = input.quick ? 3 : 7;
  for (let i = 0; i <= reps; i++) {
    const b = await timed(() => openBare(dbPath));
    const started = performance.now();
    const c = await timed(startCore);
    const core = c.value;
    // The integrity check runs off the main thread once the first screen is answered (the app's first sales page);
    // start it now and wait for its verdict before the next run.
    core.cache.checkSoon();
    const verdict = await core.cache.checked;
    const checkedMs = performance.now() - started;
    if (verdict !== 'ok') throw new Error(`the integrity check of the bench database said ${verdict}`);
    const session = core.session.status();
    if (session.kind !== 'account' || !session.signedIn)
      throw new Error(`the bench account was not restored (${session.kind})`);
    if (core.cache.error !== null) throw new Error(`the cache did not open: ${core.cache.error.message}`);
    await core.close();
    if (i === 0) continue; // warm-up: module caches, the file in the OS cache
    bare.push(b.ms);
    ready.push(c.ms);
    checked.push(checkedMs);
    progress(
      `run ${i}: bare open ${b.ms.toFixed(1)} ms, core ready ${c.ms.toFixed(1)} ms, integrity verdict after ${checkedMs.toFixed(0)} ms`,
    );
  }
  const coreMs = median(ready);
  const bareMs = median(bare);
  const startRuns = 5;
  const start = await measureStartToRows(input.repoRoot, join(input.workDir, 'app'), dbPath, input.size, startRuns);
  const reference = start.bareOpenQuery + start.staticPage;
  return {
    size: `${count(input.size)} sales`,
    rows: [
      overBaselineAtMost('core ready (median)', coreMs, 'ms', bareMs, 300),
      info('core ready (slowest run)', Math.max(...ready), 'ms'),
      info('quick_check verdict (worker, median)', median(checked), 'ms'),
      atMost(
        `open a 1M cache to the first rows on screen (median of ${startRuns})`,
        start.firstRows,
        'ms',
        1000,
        reference,
      ),
      info('app start to the main process ready (median)', start.hostReady, 'ms'),
      info('first start on a cache never opened (builds the browse index)', start.neverOpened, 'ms'),
    ],
    notes: [
      `baseline = opening the same SQLite file bare (new Database + one schema read); median of ${reps} alternating runs.`,
      'the integrity check (quick_check) runs in a worker thread, in the app once the first sales page is answered, here started as soon as the core is ready; its verdict time is counted from the start of createAppCore.',
      `first rows on screen = from spawning the app's main process (the e2e test host bundled as the app bundles its main, plain Node) on a cache used before (browse index saved at the last close, as every start after the first finds it) to the first frame with the first sale on screen in Chromium (already running; noted by the page itself); runs ${start.runs.map((t) => t.toFixed(0)).join(', ')} ms.`,
      `baseline of the first-rows row = reference, not a target: a bare SQLite open of the same file with the first page's query (${start.bareOpenQuery.toFixed(1)} ms) plus the same Chromium loading a static page of 100 table rows (${start.staticPage.toFixed(0)} ms), medians.`,
    ],
  };
};
