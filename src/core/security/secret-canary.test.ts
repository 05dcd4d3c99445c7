/**
 * S7, the secret canary: sign in to the HTTPS fake service (whose api-secret is the
 * recognisable `fake-api-secret-CANARY-7f3a91`), sync, export, call every channel of the contract
 * the way the renderer would, then look for the secret everywhere it must not be: every answer the
 * renderer received (its whole view of the app), the log lines and the log files, the settings
 * file, the SQLite cache and its -wal, the exported files (unzipped), and every other file the app
 * wrote. The keychain (here in memory) is the one place it may live.
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../../e2e/fake-service/fake-service';
import { CHANNELS, IPC_CONTRACT, type BridgeMethod } from '../../shared/ipc-contract';
import { tempFolder } from '../../../test-support/cache-kit';
import { createAppCore, type AppCore } from '../app';
import { IpcTable, registerAllIpc } from '../ipc';
import { createLogger, createRotatingFileSink } from '../log';
import { createNodeFetch, type NodeFetch } from '../service';
import { createConfSettingsStore } from '../settings';
import { createMemorySecretStore } from '../keychain';
import { createRecordingShell } from './desktop-actions';

const CANARY = 'fake-api-secret-CANARY-7f3a91';
const TODAY = '2026-06-30';
const ORIGIN = 'http://127.0.0.1:4000';

/** The secret as it could appear in a file: plain UTF-8, UTF-16 (SQLite's other text encoding) and base64. */
const NEEDLES = [
  Buffer.from(CANARY, 'utf8'),
  Buffer.from(CANARY, 'utf16le'),
  Buffer.from(Buffer.from(CANARY).toString('base64')),
];

function holdsCanary(bytes: Buffer): boolean {
  return NEEDLES.some((needle) => bytes.includes(needle));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every entry of a zip (xlsx) as text. */
async function zipTexts(path: string): Promise<{ name: string; text: string }[]> {
  const zip = await JSZip.loadAsync(readFileSync(path));
  const entries = Object.values(zip.files).filter((f) => !f.dir);
  return Promise.all(entries.map(async (f) => ({ name: f.name, text: await f.async('string') })));
}

interface Run {
  fake: FakeService;
  fetch: NodeFetch;
  core: AppCore;
  table: IpcTable;
  dataDir: string;
  exportDir: string;
  settingsPath: string;
  logLines: string[];
  answers: { method: BridgeMethod; answer: unknown }[];
  closed: boolean;
  remove: () => void;
}

let run: Run;

async function call(method: BridgeMethod, input?: unknown): Promise<unknown> {
  const listener = run.table.get(CHANNELS[method]);
  if (!listener) throw new Error(`${method} is not registered`);
  const answer = await listener({ senderUrl: `${ORIGIN}/` }, input);
  run.answers.push({ method, answer });
  return answer;
}

async function expectOk(method: BridgeMethod, input?: unknown): Promise<unknown> {
  const answer = await call(method, input);
  expect(answer, method).toMatchObject({ ok: true });
  return answer;
}

/** The export requests the current contract accepts (it is being reworked: old and new shapes are tried). */
function exportRequests(): unknown[] {
  const candidates: unknown[] = [
    { filter: { from: '2026-04-01', to: TODAY }, format: 'xlsx' },
    { filter: { from: '2026-04-01', to: TODAY }, format: 'csv' },
    { startDate: '2026-04-01', endDate: TODAY, orderBy: 'transaction_date' },
  ];
  return candidates.filter((c) => IPC_CONTRACT.exportSales.input.safeParse(c).success);
}

beforeAll(async () => {
  const folder = tempFolder('secret-canary');
  const dataDir = join(folder.dir, 'data');
  const exportDir = join(folder.dir, 'exports');
  const fake = await startFakeService({ sales: { count: 400, endDay: TODAY, days: 90, seed: 31 } });
  const fetch = createNodeFetch({ extraCaPem: fake.caPem });
  const logLines: string[] = [];
  const sink = createRotatingFileSink({ directory: join(dataDir, 'logs') });
  let secrets: () => readonly string[] = () => [];
  const logger = createLogger(
    (line) => {
      logLines.push(line);
      sink.write(line);
    },
    () => secrets(),
    undefined,
    { history: sink },
  );
  const settings = createConfSettingsStore(dataDir);
  const core = createAppCore({
    appVersion: '1.0.0-canary',
    today: () => TODAY,
    chooseExportPath: async (name) => join(exportDir, name),
    logger,
    settings,
    keychain: createMemorySecretStore(),
    fetch,
    cachePath: join(dataDir, 'cache.sqlite'),
    shell: createRecordingShell(),
  });
  secrets = () => core.session.secrets();
  const table = new IpcTable();
  registerAllIpc(table, core, { trusted: { kind: 'origin', origin: ORIGIN }, logger });
  mkdirSync(exportDir, { recursive: true });
  run = {
    fake,
    fetch,
    core,
    table,
    dataDir,
    exportDir,
    settingsPath: settings.path,
    logLines,
    answers: [],
    closed: false,
    remove: folder.remove,
  };
});

afterAll(async () => {
  if (!run.closed) await run.core.close();
  run.fetch.close();
  await run.fake.close();
  run.remove();
});

describe('secret canary', () => {
  it('S7: signs in, syncs and exports with the canary secret through the IPC handlers', async () => {
    expect(run.fake.credentials.apiSecret).toBe(CANARY);
    const form = { baseUrl: run.fake.baseUrl, ...run.fake.credentials };
    await expectOk('getAppInfo');
    await expectOk('testConnection', form);
    const added = (await expectOk('addAccount', { ...form, label: 'Canary shop', sessionOnly: false })) as {
      value: { kind: string; account: { id: string } };
    };
    const accountId = added.value.account.id;
    await expectOk('getProfile');
    await expectOk('startSync', { from: '2026-04-01', to: TODAY });
    await run.core.sync.idle();
    expect(await expectOk('getSyncStatus')).toMatchObject({
      value: { running: false, error: null, lastRun: { status: 'completed' } },
    });
    await expectOk('querySales', {
      filter: {},
      sort: { column: 'transactionDate', direction: 'desc' },
      offset: 0,
      limit: 100,
    });
    await expectOk('summarizeSales', {});
    await expectOk('salesSeries', { filter: {}, interval: 'week' });
    await expectOk('topSales', { filter: {}, dimension: 'collection', limit: 10 });
    await expectOk('salesFilterValues', {});
    await expectOk('salesChanges', {});
    const requests = exportRequests();
    expect(requests.length, 'no export request shape fits the contract').toBeGreaterThan(0);
    for (const request of requests) await expectOk('exportSales', request);
    await expectOk('reauthenticate', {
      accountId,
      apiSecret: CANARY,
      appId: run.fake.credentials.appId,
      sessionOnly: false,
    });
    await expectOk('switchAccount', { accountId });
    await expectOk('openExternal', { url: 'https://shop.example.com/collections/summer' });
    await expectOk('getDiagnostics');
    expect(run.fake.requests.filter((r) => r.credentialsValid).length).toBeGreaterThan(3);
    expect(filesUnder(run.exportDir).length).toBe(requests.length);
  });

  it('S7: the secret is in no answer the renderer received, no log line and no file the app wrote (cache and -wal open)', async () => {
    expect(run.answers.length).toBeGreaterThan(15);
    for (const { method, answer } of run.answers) expect(JSON.stringify(answer), method).not.toContain(CANARY);
    expect(run.logLines.length).toBeGreaterThan(0);
    expect(run.logLines.join('\n')).not.toContain(CANARY);
    await expectNoCanaryInFiles({ walExpected: true });
  });

  it('S7: every other channel too, then sign-out and close: still nowhere, and the checkpointed cache neither', async () => {
    const called = new Set(run.answers.map((a) => a.method));
    const rest = (Object.keys(CHANNELS) as BridgeMethod[]).filter((m) => !called.has(m) && m !== 'signOut');
    for (const method of rest) await call(method, undefined);
    const session = run.core.session.status();
    const accountId = session.accounts[0]?.id ?? '';
    await expectOk('signOut', { accountId, deleteCachedSales: false });
    expect(new Set(run.answers.map((a) => a.method))).toEqual(new Set(Object.keys(CHANNELS)));
    for (const { method, answer } of run.answers) expect(JSON.stringify(answer), method).not.toContain(CANARY);
    await run.core.close();
    run.closed = true;
    expect(run.logLines.join('\n')).not.toContain(CANARY);
    await expectNoCanaryInFiles({ walExpected: false });
  });
});

async function expectNoCanaryInFiles(options: { walExpected: boolean }): Promise<void> {
  const cachePath = join(run.dataDir, 'cache.sqlite');
  const named = [
    cachePath,
    run.settingsPath,
    join(run.dataDir, 'logs', 'main.log'),
    ...(options.walExpected ? [`${cachePath}-wal`] : []),
  ];
  for (const file of named) {
    expect(statSync(file).size, `${file} was written`).toBeGreaterThan(0);
    expect(holdsCanary(readFileSync(file)), file).toBe(false);
  }
  for (const file of [...filesUnder(run.dataDir), ...filesUnder(run.exportDir)])
    expect(holdsCanary(readFileSync(file)), file).toBe(false);
  const workbooks = filesUnder(run.exportDir).filter((f) => f.endsWith('.xlsx'));
  expect(workbooks.length).toBeGreaterThan(0);
  for (const workbook of workbooks) {
    const texts = await zipTexts(workbook);
    expect(texts.some((t) => t.name.startsWith('xl/worksheets/'))).toBe(true);
    for (const { name, text } of texts) expect(text, `${workbook}:${name}`).not.toContain(CANARY);
  }
}
