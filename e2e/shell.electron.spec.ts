/**
 * S10, S14 and S16 in the running Electron app: the page on its own app:// origin, the sessions
 * and spellchecker, DevTools and the menu. The same wiring runs in Node against a stand-in for
 * Electron (src/main/main-bundle.test.ts); here it is checked where Chromium applies it. Each test
 * launches the built app (`out/main/index.js`) with its own user-data folder. Skipped, with a
 * message, where the Electron binary is absent.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { ELECTRON_MISSING_MESSAGE, electronBinaryPath } from './electron-binary';

const binary = electronBinaryPath();

interface Launched {
  app: ElectronApplication;
  window: Page;
  close(): Promise<void>;
}

/** Starts the built app as a user would run it: no dev server, a private user-data folder. */
async function launch(): Promise<Launched> {
  const userData = await mkdtemp(join(tmpdir(), 'commission-desk-shell-'));
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && key !== 'ELECTRON_RENDERER_URL') env[key] = value;
  const app = await electron.launch({
    executablePath: binary ?? undefined,
    args: ['out/main/index.js'],
    env: { ...env, COMMISSION_DESK_USER_DATA: userData },
  });
  const window = await app.firstWindow();
  await window.waitForLoadState('domcontentloaded');
  return {
    app,
    window,
    close: async () => {
      await app.close();
      await rm(userData, { recursive: true, force: true });
    },
  };
}

test.describe('the Electron shell', () => {
  test.skip(binary === null, ELECTRON_MISSING_MESSAGE);
  let run: Launched;
  test.beforeEach(async () => {
    run = await launch();
  });
  test.afterEach(async () => {
    await run.close();
  });

  test('S10: the page runs on app://commission-desk, reads its own files and nothing outside the renderer folder', async () => {
    expect(run.window.url()).toMatch(/^app:\/\/commission-desk\/index\.html/);
    const seen = await run.window.evaluate(async () => {
      const status = (url: string) =>
        fetch(url).then(
          (r) => r.status,
          () => 'refused',
        );
      return {
        origin: location.origin,
        secure: window.isSecureContext,
        page: await status('/index.html'),
        traversal: await status('/..%2fmain%2findex.js'),
        backslash: await status('/..%5cmain%5cindex.js'),
        file: await status('file:///etc/passwd'),
      };
    });
    expect(seen).toEqual({
      origin: 'app://commission-desk',
      secure: true,
      page: 200,
      traversal: 400,
      backslash: 400,
      file: 'refused',
    });
    expect(await run.app.evaluate(({ protocol }) => protocol.isProtocolHandled('app'))).toBe(true);
  });

  test('S14: the service session is in memory, nothing spell-checks, and exploring the demo requests no http(s) host', async () => {
    const sessions = await run.app.evaluate(({ session }) => {
      const service = session.fromPartition('commission-desk-service');
      const requested: string[] = [];
      (globalThis as { __requested?: string[] }).__requested = requested;
      for (const ses of [session.defaultSession, service])
        ses.webRequest.onBeforeRequest((details, callback) => (requested.push(details.url), callback({})));
      return {
        persistent: service.isPersistent(),
        storagePath: service.storagePath,
        spellcheck: session.defaultSession.isSpellCheckerEnabled(),
      };
    });
    expect(sessions).toEqual({ persistent: false, storagePath: null, spellcheck: false });
    await run.window.getByRole('button', { name: 'Explore demo data' }).click();
    await run.window.waitForTimeout(3000);
    const requested = await run.app.evaluate(() => (globalThis as { __requested?: string[] }).__requested ?? []);
    const hosts = requested.filter((url) => /^https?:/.test(url)).map((url) => new URL(url).host);
    expect(hosts).toEqual([]);
  });

  test('S16: DevTools cannot be opened and the menu has no developer item', async () => {
    const state = await run.app.evaluate(async ({ BrowserWindow, Menu }) => {
      const contents = BrowserWindow.getAllWindows()[0]?.webContents;
      contents?.openDevTools({ mode: 'detach' });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const roles: string[] = [];
      const walk = (items: Electron.MenuItem[]) => {
        for (const item of items) {
          if (item.role) roles.push(item.role.toLowerCase());
          if (item.submenu) walk(item.submenu.items);
        }
      };
      walk(Menu.getApplicationMenu()?.items ?? []);
      return { devToolsOpen: contents?.isDevToolsOpened() ?? null, roles };
    });
    expect(state.devToolsOpen).toBe(false);
    expect(state.roles).toContain('quit');
    for (const role of ['toggledevtools', 'reload', 'forcereload']) expect(state.roles).not.toContain(role);
  });
});
