/**
 * The built main process (what electron-builder packages) run in Node against a typed stand-in
 * for `electron` (test-support/electron-stand-in.ts): the glue's wiring of S10, S14 and S16 is
 * checked where it happens, in the bundle, not by reading its source. The bundle is built into a
 * folder of its own under node_modules/.cache so its packages resolve as in the real layout.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localIsoDay } from '../shared/dates';
import { APP_PAGE_URL, DEVELOPER_ROLES, RESTARTED_AFTER_CRASH_FLAG, SERVICE_PARTITION, SPELLCHECKER_DICTIONARY_URL } from '../core/security';
import {
  foreignContents,
  invokeIpc,
  loadMainBundle,
  releaseElectronReady,
  resetElectronStandIn,
  type StandInContents,
  type StandInOptions,
  type StandInRecord,
} from '../../test-support/electron-stand-in';

const root = join(import.meta.dirname, '../..');
let buildDir: string;
let bundle: string;
const userDataDirs: string[] = [];
const ourListeners: { event: 'uncaughtException' | 'unhandledRejection'; listener: (...args: unknown[]) => void }[] = [];

beforeAll(() => {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  buildDir = mkdtempSync(join(cache, 'main-bundle-test-'));
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--outDir', join(buildDir, 'out'), '--logLevel', 'error'],
    {
      cwd: root,
      stdio: 'pipe',
    },
  );
  bundle = join(buildDir, 'out/main/index.js');
}, 180_000);

afterAll(async () => {
  for (const { event, listener } of ourListeners) process.off(event, listener);
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  for (const dir of userDataDirs) await rm(dir, { recursive: true, force: true });
});

/** Loads a fresh bundle with `options`, releases `ready`, and waits for the window. */
async function start(options: Omit<StandInOptions, 'userData'>, env: Record<string, string> = {}): Promise<{ record: StandInRecord; userData: string }> {
  const userData = await mkdtemp(join(tmpdir(), 'main-bundle-user-'));
  userDataDirs.push(userData);
  const record = resetElectronStandIn({ ...options, userData });
  const listenersOf = (event: 'uncaughtException' | 'unhandledRejection') =>
    process.listeners(event as 'uncaughtException') as ((...args: unknown[]) => void)[];
  const before = { uncaughtException: listenersOf('uncaughtException'), unhandledRejection: listenersOf('unhandledRejection') };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    await loadMainBundle(bundle);
  } finally {
    for (const key of Object.keys(env)) if (saved[key] === undefined) delete process.env[key];
  }
  for (const event of ['uncaughtException', 'unhandledRejection'] as const)
    for (const listener of listenersOf(event)) if (!before[event].includes(listener)) ourListeners.push({ event, listener });
  record.steps.push('-- loaded');
  releaseElectronReady();
  for (let i = 0; i < 200 && record.windows.length === 0; i += 1) await new Promise((r) => setTimeout(r, 25));
  expect(record.windows, 'the window was created').toHaveLength(1);
  return { record, userData };
}

function windowContents(record: StandInRecord): StandInContents {
  const window = record.windows[0];
  if (!window) throw new Error('no window');
  return window.webContents;
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
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true, bypassCSP: false, corsEnabled: false }) },
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
    for (const url of ['app://commission-desk/..%2fmain%2findex.js', 'app://commission-desk/..%5cmain%5cindex.js', 'app://commission-desk/../main/index.js']) {
      const answer = await handle(new Request(url));
      expect(answer.status, url).toBeGreaterThanOrEqual(400);
      expect(await answer.text(), url).toBe('');
    }
  });

  it('S10/S6: IPC answers the app’s window on its app:// origin only; a file:// frame or contents the app did not create are refused', async () => {
    const contents = windowContents(record);
    expect(await invokeIpc('session:status', undefined, contents, `${APP_PAGE_URL}#/sales`)).toMatchObject({ ok: true });
    const refused = { ok: false, error: { code: 'UNTRUSTED_SENDER' } };
    expect(await invokeIpc('session:status', undefined, contents, `file://${join(buildDir, 'out/renderer/index.html')}`)).toMatchObject(refused);
    expect(await invokeIpc('session:status', undefined, foreignContents(), APP_PAGE_URL)).toMatchObject(refused);
  });

  it('S14: service calls go through the in-memory service session, never the window’s', async () => {
    const contents = windowContents(record);
    const form = { baseUrl: 'https://shop.example.test', apiKey: 'stand-in-key', apiSecret: 'stand-in-secret-CANARY', appId: 'stand-in-app' };
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
    expect(calls).toContainEqual({ partition: '', method: 'setSpellCheckerDictionaryDownloadURL', args: [SPELLCHECKER_DICTIONARY_URL] });
    expect(record.windows[0]?.options.webPreferences?.spellcheck).toBe(false);
  });

  it('S16: no DevTools in the window, a DevTools window is closed if one opens, and the menu has no developer item', () => {
    expect(record.windows[0]?.options.webPreferences).toMatchObject({ devTools: false, sandbox: true, contextIsolation: true, nodeIntegration: false });
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
      const status = (await invokeIpc('sync:status', undefined, contents, APP_PAGE_URL)) as { value?: { running: boolean } };
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
    const logs = join(userData, 'logs');
    const text = (await Promise.all((await readdir(logs)).map((f) => readFile(join(logs, f), 'utf8')))).join('\n');
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
    expect(await invokeIpc('session:status', undefined, contents, 'http://127.0.0.1:5173/#/sales')).toMatchObject({ ok: true });
    expect(await invokeIpc('session:status', undefined, contents, APP_PAGE_URL)).toMatchObject({ ok: false });
  });
});
