/**
 * The built main process (what electron-builder packages) run in Node against a typed stand-in
 * for `electron` (test-support/electron-stand-in.ts): the glue's wiring of S10, S14 and S16 is
 * checked where it happens, in the bundle, not by reading its source, and P1 runs it from start to
 * quit as the packaged app: ready, the lock, the window, every IPC handler, the guards, demo
 * sign-in, a sales page, an export, an account in the OS keychain, quitting, and a second start.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localIsoDay } from '../shared/dates';
import { CHANNELS, type AppInfo, type ExportResult, type SessionStatus } from '../shared/ipc-contract';
import type { SalesPageResult } from '../shared/sales-query-types';
import type { SyncStatus } from '../shared/sync-progress';
import {
  APP_PAGE_URL,
  DEVELOPER_ROLES,
  RESTARTED_AFTER_CRASH_FLAG,
  SERVICE_PARTITION,
  SPELLCHECKER_DICTIONARY_URL,
  secureWebPreferences,
} from '../core/security';
import { createKeytarSecretStore, KEYCHAIN_SERVICE } from '../core/keychain';
import { startFakeService, type FakeService } from '../../e2e/fake-service/fake-service';
import { buildApp, type BuiltApp } from '../../test-support/built-app';
import {
  createLaterContents,
  foreignContents,
  invokeIpc,
  loadMainBundle,
  releaseElectronReady,
  resetElectronStandIn,
  startSecondInstance,
  type StandInContents,
  type StandInOptions,
  type StandInRecord,
  type StandInWindow,
} from '../../test-support/electron-stand-in';

let built: BuiltApp;
let buildDir: string;
let bundle: string;
const userDataDirs: string[] = [];
const ourListeners: { event: 'uncaughtException' | 'unhandledRejection'; listener: (...args: unknown[]) => void }[] =
  [];

beforeAll(() => {
  built = buildApp('main-bundle-test');
  buildDir = built.root;
  bundle = join(buildDir, 'out/main/index.js');
}, 180_000);

afterAll(async () => {
  for (const { event, listener } of ourListeners) process.off(event, listener);
  built?.remove();
  for (const dir of userDataDirs) await rm(dir, { recursive: true, force: true });
});

async function newUserData(): Promise<string> {
  const userData = await mkdtemp(join(tmpdir(), 'main-bundle-user-'));
  userDataDirs.push(userData);
  return userData;
}

/** Loads a fresh bundle against a fresh stand-in with `options` and releases `ready`; the window is not waited for. */
async function load(options: StandInOptions, env: Record<string, string> = {}): Promise<StandInRecord> {
  const record = resetElectronStandIn(options);
  const listenersOf = (event: 'uncaughtException' | 'unhandledRejection') =>
    process.listeners(event as 'uncaughtException') as ((...args: unknown[]) => void)[];
  const before = {
    uncaughtException: listenersOf('uncaughtException'),
    unhandledRejection: listenersOf('unhandledRejection'),
  };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    await loadMainBundle(bundle);
  } finally {
    for (const key of Object.keys(env)) if (saved[key] === undefined) delete process.env[key];
  }
  for (const event of ['uncaughtException', 'unhandledRejection'] as const)
    for (const listener of listenersOf(event))
      if (!before[event].includes(listener)) ourListeners.push({ event, listener });
  record.steps.push('-- loaded');
  releaseElectronReady();
  return record;
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Loads a fresh bundle with `options` in a new data folder, releases `ready`, and waits for the window. */
async function start(
  options: Omit<StandInOptions, 'userData'>,
  env: Record<string, string> = {},
): Promise<{ record: StandInRecord; userData: string }> {
  const userData = await newUserData();
  const record = await load({ ...options, userData }, env);
  await waitFor(() => record.windows.length > 0, 'the window');
  expect(record.windows, 'the window was created').toHaveLength(1);
  return { record, userData };
}

function windowOf(record: StandInRecord): StandInWindow {
  const window = record.windows[0];
  if (!window) throw new Error('no window');
  return window;
}

function windowContents(record: StandInRecord): StandInContents {
  return windowOf(record).webContents;
}

/** Every line the app logged in `userData`. */
async function logText(userData: string): Promise<string> {
  const logs = join(userData, 'logs');
  return (await Promise.all((await readdir(logs)).map((f) => readFile(join(logs, f), 'utf8')))).join('\n');
}

/** Every role anywhere in a menu template Electron received. */
function rolesIn(items: readonly unknown[]): string[] {
  return items.flatMap((item) => {
    const entry = item as { role?: string; submenu?: unknown[] };
    return [...(entry.role ? [entry.role] : []), ...(Array.isArray(entry.submenu) ? rolesIn(entry.submenu) : [])];
  });
}

describe('the built main process, packaged', () => {
  let record: StandInRecord;
  let userData: string;
  beforeAll(async () => {
    ({ record, userData } = await start({ isPackaged: true }));
  }, 60_000);

  it('S10: app:// is registered privileged before ready, handled after, and the window loads app://commission-desk/index.html', () => {
    expect(record.privilegedSchemes).toEqual([
      {
        scheme: 'app',
        privileges: expect.objectContaining({
          standard: true,
          secure: true,
          supportFetchAPI: true,
          bypassCSP: false,
          corsEnabled: false,
        }),
      },
    ]);
    const steps = record.steps;
    expect(steps.indexOf('registerSchemesAsPrivileged')).toBeLessThan(steps.indexOf('-- loaded'));
    expect(steps.indexOf('ready')).toBeLessThan(steps.indexOf('protocol.handle:app'));
    expect(steps.indexOf('protocol.handle:app')).toBeLessThan(steps.indexOf('loadURL'));
    expect(record.windows[0]?.loaded).toEqual([APP_PAGE_URL]);
  });

  it('S10: the registered handler serves the built page and refuses paths out of the renderer folder', async () => {
    const handle = record.protocolHandlers.get('app');
    if (!handle) throw new Error('no app:// handler');
    const page = await handle(new Request(APP_PAGE_URL));
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(readFileSync(join(buildDir, 'out/renderer/index.html'), 'utf8'));
    for (const url of [
      'app://commission-desk/..%2fmain%2findex.js',
      'app://commission-desk/..%5cmain%5cindex.js',
      'app://commission-desk/../main/index.js',
    ]) {
      const answer = await handle(new Request(url));
      expect(answer.status, url).toBeGreaterThanOrEqual(400);
      expect(await answer.text(), url).toBe('');
    }
  });

  it('S10/S6: IPC answers the app’s window on its app:// origin only; a file:// frame or contents the app did not create are refused', async () => {
    const contents = windowContents(record);
    expect(await invokeIpc('session:status', undefined, contents, `${APP_PAGE_URL}#/sales`)).toMatchObject({
      ok: true,
    });
    const refused = { ok: false, error: { code: 'UNTRUSTED_SENDER' } };
    expect(
      await invokeIpc('session:status', undefined, contents, `file://${join(buildDir, 'out/renderer/index.html')}`),
    ).toMatchObject(refused);
    expect(await invokeIpc('session:status', undefined, foreignContents(), APP_PAGE_URL)).toMatchObject(refused);
  });

  it('S14: service calls go through the in-memory service session, never the window’s', async () => {
    const contents = windowContents(record);
    const form = {
      baseUrl: 'https://shop.example.test',
      apiKey: 'stand-in-key',
      apiSecret: 'stand-in-secret-CANARY',
      appId: 'stand-in-app',
    };
    const answer = await invokeIpc('accounts:testConnection', form, contents, APP_PAGE_URL);
    expect(answer).toMatchObject({ ok: false });
    expect(record.fetched.length).toBeGreaterThan(0);
    for (const call of record.fetched) {
      expect(call.partition).toBe(SERVICE_PARTITION);
      expect(new URL(call.url).host).toBe('shop.example.test');
    }
    expect(record.steps).toContain(`fromPartition:${SERVICE_PARTITION}`);
    expect(SERVICE_PARTITION.startsWith('persist:')).toBe(false);
  });

  it('S14: the window’s session neither spell-checks nor downloads dictionaries, and the window has spellcheck off', () => {
    const calls = record.sessionCalls.filter((c) => c.partition === '');
    expect(calls).toContainEqual({ partition: '', method: 'setSpellCheckerEnabled', args: [false] });
    expect(calls).toContainEqual({
      partition: '',
      method: 'setSpellCheckerDictionaryDownloadURL',
      args: [SPELLCHECKER_DICTIONARY_URL],
    });
    expect(record.windows[0]?.options.webPreferences?.spellcheck).toBe(false);
  });

  it('S16: no DevTools in the window, a DevTools window is closed if one opens, and the menu has no developer item', () => {
    expect(record.windows[0]?.options.webPreferences).toMatchObject({
      devTools: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    const contents = windowContents(record);
    contents.emit('devtools-opened');
    expect(contents.devToolsClosed).toBe(1);
    expect(record.applicationMenus).toHaveLength(1);
    const roles = rolesIn(record.menuTemplates[0] ?? []);
    expect(roles).toContain('quit');
    for (const role of DEVELOPER_ROLES) expect(roles).not.toContain(role);
  });

  it('S16: an uncaught exception is logged redacted, the cache closed, the user asked, and the app restarted', async () => {
    const contents = windowContents(record);
    await invokeIpc('session:startDemo', undefined, contents, APP_PAGE_URL);
    const today = localIsoDay(new Date());
    await invokeIpc('sync:start', { from: today.slice(0, 8) + '01', to: today }, contents, APP_PAGE_URL);
    for (let i = 0; i < 400; i += 1) {
      const status = (await invokeIpc('sync:status', undefined, contents, APP_PAGE_URL)) as {
        value?: { running: boolean };
      };
      if (status.value?.running === false) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(existsSync(join(userData, 'cache.sqlite-wal')), 'the cache is open').toBe(true);

    const crash = ourListeners.find((l) => l.event === 'uncaughtException');
    if (!crash) throw new Error('the bundle installed no uncaughtException handler');
    crash.listener(new Error('unexpected state; api-secret: CANARY-in-a-crash'));
    for (let i = 0; i < 200 && record.exits.length === 0; i += 1) await new Promise((r) => setTimeout(r, 25));

    expect(existsSync(join(userData, 'cache.sqlite-wal')), 'the cache was closed cleanly').toBe(false);
    expect(record.messageBoxes).toHaveLength(1);
    expect(record.messageBoxes[0]).toMatchObject({ type: 'error', buttons: ['Restart', 'Quit'] });
    expect(record.relaunches).toHaveLength(1);
    expect(record.relaunches[0]?.at(-1)).toMatch(new RegExp(`^${RESTARTED_AFTER_CRASH_FLAG}=\\d+$`));
    expect(record.exits).toEqual([0]);
    const text = await logText(userData);
    expect(text).toContain('main.uncaught-exception');
    expect(text).not.toContain('CANARY-in-a-crash');
  });
});

describe('the built main process, in development', () => {
  let record: StandInRecord;
  beforeAll(async () => {
    ({ record } = await start({ isPackaged: false }, { ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173' }));
  }, 60_000);

  it('S16: only the dev server run gets DevTools and the developer menu; its http origin is the trusted one', async () => {
    expect(record.windows[0]?.options.webPreferences?.devTools).toBe(true);
    expect(rolesIn(record.menuTemplates[0] ?? [])).toContain('toggleDevTools');
    expect(record.windows[0]?.loaded).toEqual(['http://127.0.0.1:5173']);
    const contents = windowContents(record);
    expect(await invokeIpc('session:status', undefined, contents, 'http://127.0.0.1:5173/#/sales')).toMatchObject({
      ok: true,
    });
    expect(await invokeIpc('session:status', undefined, contents, APP_PAGE_URL)).toMatchObject({ ok: false });
  });
});

/** Calls `channel` as the app's own page would and returns the value; a refusal fails with the app's error. */
async function call<T>(record: StandInRecord, channel: string, input?: unknown): Promise<T> {
  const answer = (await invokeIpc(channel, input, windowContents(record), `${APP_PAGE_URL}#/sales`)) as {
    ok: boolean;
    value?: T;
    error?: unknown;
  };
  if (!answer.ok) throw new Error(`${channel} was refused: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
}

/** The cache's files in the data folder: the database and whatever journal SQLite left beside it. */
function cacheFiles(userData: string): string[] {
  return readdirSync(userData)
    .filter((name) => name.startsWith('cache.sqlite'))
    .sort();
}

type RequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string },
) => void;
type CheckHandler = (
  contents: unknown,
  permission: string,
  origin: string,
  details: { requestingUrl?: string; isMainFrame: boolean },
) => boolean;

/** The handler a session was given with `method`. */
function sessionHandler<T>(record: StandInRecord, partition: string, method: string): T {
  const found = record.sessionCalls.filter((c) => c.partition === partition && c.method === method);
  expect(found, `${method} on '${partition}'`).toHaveLength(1);
  return found[0]?.args[0] as T;
}

function requestAnswer(handler: RequestHandler, permission: string, requestingUrl: string): boolean | undefined {
  let granted: boolean | undefined;
  handler(null, permission, (answer) => (granted = answer), { requestingUrl });
  return granted;
}

describe('P1: the packaged app from start to quit, on a real cache and the OS keychain', () => {
  let fake: FakeService;
  let userData: string;
  let exportDir: string;
  let record: StandInRecord;
  const exits: { code: number; cacheFiles: string[] }[] = [];
  const accountIds: string[] = [];
  const keychain = createKeytarSecretStore(KEYCHAIN_SERVICE.production);
  const today = localIsoDay(new Date());
  const from = localIsoDay(new Date(Date.now() - 40 * 86_400_000));

  const options = (): StandInOptions => ({
    isPackaged: true,
    userData,
    saveDialogAnswer: (defaultPath) => join(exportDir, basename(defaultPath)),
    onExit: (code) => exits.push({ code, cacheFiles: cacheFiles(userData) }),
  });

  /** Closes the window as the user would and waits until the process has ended. */
  async function closeAndWaitForExit(): Promise<void> {
    const before = record.exits.length;
    windowOf(record).close();
    await waitFor(() => record.exits.length > before, 'the app to quit', 15_000);
  }

  beforeAll(async () => {
    fake = await startFakeService({ sales: { count: 20, days: 30, endDay: today } });
    userData = await newUserData();
    exportDir = await newUserData();
    record = await load(options());
    await waitFor(() => record.windows.length > 0, 'the window');
  }, 60_000);

  afterAll(async () => {
    for (const id of accountIds) await keychain.delete(id).catch(() => false);
    await fake?.close();
  });

  it('P1: the lock is taken and the sandbox enabled before ready; after it, one window with the S1 preferences, the built preload, and the app:// page', () => {
    const steps = record.steps;
    expect(record.singleInstanceLockRequests).toBe(1);
    expect(steps.indexOf('requestSingleInstanceLock')).toBeLessThan(steps.indexOf('ready'));
    expect(steps.indexOf('enableSandbox')).toBeLessThan(steps.indexOf('ready'));
    expect(steps.indexOf('ready')).toBeLessThan(steps.indexOf('window'));
    expect(steps.filter((step) => step === 'window')).toHaveLength(1);
    const window = windowOf(record);
    const preload = join(buildDir, 'out/preload/index.cjs');
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: '',
      webviewTag: false,
      devTools: false,
    });
    expect(window.options.webPreferences).toEqual(secureWebPreferences(preload, { development: false }));
    expect(existsSync(preload), 'the preload the window names was built').toBe(true);
    expect(window.options.icon).toBe(join(buildDir, 'resources/icon.png'));
    expect(existsSync(String(window.options.icon))).toBe(true);
    expect(window.loaded).toEqual([APP_PAGE_URL]);
    expect(record.errorBoxes, 'the start did not fail').toEqual([]);
  });

  it('P1: one IPC handler per contract channel, none missing and no other; the one other listener is electron-store’s', () => {
    // A second registration of a channel throws (as in Electron), which would have failed the start above.
    expect([...record.ipcHandlers.keys()].sort()).toEqual(Object.values(CHANNELS).sort());
    // electron-store answers its own sendSync channel (the data folder and version), once per process: nothing the
    // preload exposes can send to it.
    expect(record.ipcListeners.filter((channel) => channel !== 'electron-store-get-data')).toEqual([]);
  });

  it('P1: S4 guards on the window and on any web contents created later: off-app navigation stopped, webviews refused, window.open denied and never sent to the browser', async () => {
    for (const contents of [windowContents(record), createLaterContents()]) {
      for (const event of ['will-navigate', 'will-redirect', 'will-frame-navigate'] as const) {
        expect(contents.navigate(event, 'https://evil.example.com/'), event).toBe(true);
        expect(contents.navigate(event, `file://${join(buildDir, 'out/renderer/index.html')}`), event).toBe(true);
        expect(contents.navigate(event, `${APP_PAGE_URL}#/sales`), event).toBe(false);
      }
      expect(contents.attachWebview()).toBe(true);
      expect(contents.open('https://help.example.com/guide')).toEqual({ action: 'deny' });
      expect(contents.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    }
    // window.open never reaches the browser, not even for https: only a clicked link does, through openExternal.
    await new Promise((r) => setTimeout(r, 50));
    expect(record.shellCalls).toEqual([]);
  });

  it('P1: S5 every permission is refused except writing text to the clipboard from the app page; the service session and devices get nothing', () => {
    const request = sessionHandler<RequestHandler>(record, '', 'setPermissionRequestHandler');
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'midi', 'openExternal'])
      expect(requestAnswer(request, permission, APP_PAGE_URL), permission).toBe(false);
    expect(requestAnswer(request, 'clipboard-sanitized-write', APP_PAGE_URL)).toBe(true);
    expect(requestAnswer(request, 'clipboard-sanitized-write', 'https://evil.example.com/')).toBe(false);
    const check = sessionHandler<CheckHandler>(record, '', 'setPermissionCheckHandler');
    expect(
      check(windowContents(record), 'media', APP_PAGE_URL, { requestingUrl: APP_PAGE_URL, isMainFrame: true }),
    ).toBe(false);
    expect(
      check(windowContents(record), 'clipboard-sanitized-write', APP_PAGE_URL, {
        requestingUrl: APP_PAGE_URL,
        isMainFrame: true,
      }),
    ).toBe(true);
    expect(sessionHandler<() => boolean>(record, '', 'setDevicePermissionHandler')()).toBe(false);
    const serviceRequest = sessionHandler<RequestHandler>(record, SERVICE_PARTITION, 'setPermissionRequestHandler');
    expect(requestAnswer(serviceRequest, 'clipboard-sanitized-write', APP_PAGE_URL)).toBe(false);
    const serviceCheck = sessionHandler<CheckHandler>(record, SERVICE_PARTITION, 'setPermissionCheckHandler');
    expect(
      serviceCheck(null, 'clipboard-sanitized-write', APP_PAGE_URL, { requestingUrl: APP_PAGE_URL, isMainFrame: true }),
    ).toBe(false);
  });

  it('P1: as the app page: demo sign-in, a sync into the cache, a page of sales, and an export written where the save dialog pointed', async () => {
    expect(await call<SessionStatus>(record, 'session:startDemo')).toMatchObject({ kind: 'demo' });
    await call<SyncStatus>(record, 'sync:start', { from, to: today });
    let status = await call<SyncStatus>(record, 'sync:status');
    for (let i = 0; i < 800 && status.running; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
      status = await call<SyncStatus>(record, 'sync:status');
    }
    expect(status.lastRun).toMatchObject({ status: 'completed', from, to: today });
    const filter = { from, to: today };
    const page = await call<SalesPageResult>(record, 'sales:query', { filter, offset: 0, limit: 1000 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.rows).toHaveLength(Math.min(page.total, 1000));

    const exported = await call<ExportResult>(record, 'export:sales', {
      filter,
      format: 'csv',
      columns: ['reference', 'transactionDate'],
    });
    expect(record.saveDialogs).toHaveLength(1);
    expect(exported.filePath).toBe(join(exportDir, basename(record.saveDialogs[0]?.defaultPath ?? '')));
    expect(exported.rowCount).toBe(page.total);
    const lines = readFileSync(exported.filePath ?? '', 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(page.total + 1);
    const references = new Set(lines.slice(1).map((line) => line.split(',')[0]));
    for (const sale of page.rows) expect(references.has(sale.reference), sale.reference).toBe(true);
  });

  it('P1: an account added with its own CA certificate is kept in the OS keychain (the bundle’s keytar) and signed in', async () => {
    const added = await call<SessionStatus>(record, 'accounts:add', {
      baseUrl: fake.baseUrl,
      ...fake.credentials,
      extraCaPem: fake.caPem,
      label: 'Boot test',
      sessionOnly: false,
    });
    expect(added).toMatchObject({ kind: 'account', signedIn: true, problem: null });
    const id = added.kind === 'account' ? added.account.id : '';
    accountIds.push(id);
    expect(await keychain.get(id)).toContain(fake.credentials.apiSecret);
  });

  it('P1: a second copy started meanwhile brings this window forward', () => {
    startSecondInstance(['commission-desk']);
    expect(windowOf(record).focused).toBe(1);
  });

  it('P1: closing the window quits, and the process ends with the cache closed: no write-ahead log left, the file whole', async () => {
    await closeAndWaitForExit();
    expect(record.exits).toEqual([0]);
    expect(record.steps.indexOf('window.closed')).toBeLessThan(record.steps.indexOf('exit:0'));
    expect(exits).toEqual([{ code: 0, cacheFiles: ['cache.sqlite'] }]);
    const db = new Database(join(userData, 'cache.sqlite'), { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });

  it('P1: started again on the same data folder: the account opens signed in from the keychain, its browse index is readied, and the cache checks whole after the first page', async () => {
    exits.length = 0;
    record = await load(options());
    await waitFor(() => record.windows.length > 0, 'the window');
    expect(await call<SessionStatus>(record, 'session:status')).toMatchObject({
      kind: 'account',
      signedIn: true,
      problem: null,
      readOnly: null,
    });
    expect(await call<AppInfo>(record, 'app:info')).toMatchObject({ cache: { notice: null, error: null } });
    // The first sales page starts the integrity check (a worker thread); quitting waits for it.
    const page = await call<SalesPageResult>(record, 'sales:query', { filter: {}, offset: 0, limit: 10 });
    expect(page.rows).toHaveLength(Math.min(page.total, 10));
    // It starts after the task that answered; a quit before that would cancel it (nothing to wait for then).
    await new Promise((resolve) => setImmediate(resolve));
    await closeAndWaitForExit();
    expect(exits).toEqual([{ code: 0, cacheFiles: ['cache.sqlite'] }]);
    const text = await logText(userData);
    // The browse index was readied after the window was created, and the check found the file whole.
    expect(text).toMatch(/"event":"sales\.warmed-up".*"ready":true/);
    expect(text).toMatch(/"event":"cache\.checked".*"verdict":"ok"/);
    for (const event of ['cache.check-skipped', 'cache.recovered', 'cache.unavailable', 'app.start-failed'])
      expect(text).not.toContain(event);
  });
});

describe('P1: a second copy of the app', () => {
  it('P1: without the single-instance lock it quits before ready: no window, no handler, no cache', async () => {
    const userData = await newUserData();
    const record = await load({ isPackaged: true, userData, singleInstanceLock: false });
    await new Promise((r) => setTimeout(r, 200));
    expect(record.singleInstanceLockRequests).toBe(1);
    expect(record.quits).toBe(1);
    expect(record.exits).toEqual([0]);
    expect(record.windows).toEqual([]);
    expect(record.ipcHandlers.size).toBe(0);
    expect(record.protocolHandlers.size).toBe(0);
    expect(cacheFiles(userData)).toEqual([]);
  });
});
