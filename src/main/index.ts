/**
 * Electron glue, kept thin: app lifecycle, the one window, the log file and crash guards, the
 * save dialog, and wiring the Electron-free core into ipcMain. Every policy (web preferences, CSP,
 * navigation, window.open, permissions, external links, trusted senders) lives in a module tested
 * in Node; this file only connects Electron's events to them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, net, session, shell, type FileFilter, type WebContents } from 'electron';
import { localIsoDay } from '../shared/dates';
import { createAppCore, type AppCore } from '../core/app';
import { createElectronSettingsStore } from './electron-settings-store';
import type { ChooseExportPath } from '../core/export';
import { createElectronRegistrar } from './electron-ipc';
import { registerAllIpc } from '../core/ipc';
import { installCrashGuards, createLogger, type Logger, createRotatingFileSink } from '../core/log';
import { type DesktopShell, isPermissionGrantedFor, type TrustedRenderer, attachWindowGuards, secureWebPreferences } from '../core/security';
import { createNodeFetch, type FetchLike } from '../core/service';
import { createKeytarSecretStore, KEYCHAIN_SERVICE } from '../core/keychain';

/**
 * Development and test switches, read only when the app is not packaged: a packaged app never
 * loads a page, a data folder or a CA certificate named by its environment.
 */
const devEnv = app.isPackaged ? {} : process.env;
const here = fileURLToPath(new URL('.', import.meta.url));
const rendererIndex = join(here, '../renderer/index.html');
const devServerUrl = devEnv.ELECTRON_RENDERER_URL;
const trusted: TrustedRenderer = devServerUrl ? { kind: 'origin', origin: devServerUrl } : { kind: 'file', indexPath: rendererIndex };
if (devEnv.COMMISSION_DESK_USER_DATA) app.setPath('userData', devEnv.COMMISSION_DESK_USER_DATA);

let heldSecrets: () => readonly string[] = () => [];
const logFile = createRotatingFileSink({ directory: join(app.getPath('userData'), 'logs') });
const logger = createLogger(
  (line) => {
    logFile.write(line);
    if (!app.isPackaged) process.stdout.write(`${line}\n`);
  },
  () => heldSecrets(),
  undefined,
  { history: logFile },
);
installCrashGuards(process, logger);
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;

const EXPORT_FILTERS: Record<'xlsx' | 'csv', FileFilter> = {
  xlsx: { name: 'Excel workbook', extensions: ['xlsx'] },
  csv: { name: 'CSV (comma-separated values)', extensions: ['csv'] },
};

/** The save dialog, opened in the last export's folder (or Documents) with the format's file type. */
const chooseExportPath: ChooseExportPath = async (proposedName, choice) => {
  const options = {
    title: 'Export sales',
    defaultPath: join(choice?.defaultFolder ?? app.getPath('documents'), proposedName),
    filters: [EXPORT_FILTERS[choice?.format ?? 'xlsx']],
  };
  const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
};

/** Electron's shell, looked up at each call (so an e2e test can stand in for it). */
const electronShell: DesktopShell = {
  // electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK — only called by desktop-actions.ts after isSafeExternalUrl (https only, parsed, normalised).
  openExternal: (url) => shell.openExternal(url),
  showItemInFolder: (path) => shell.showItemInFolder(path),
};

/** Electron's network stack, or for e2e runs a Node transport that also trusts the fake service's test CA. */
function networkTransport(): FetchLike {
  const caFile = devEnv.COMMISSION_DESK_EXTRA_CA_FILE;
  if (caFile) return createNodeFetch({ extraCaPem: readFileSync(caFile, 'utf8') });
  return (url, init) => net.fetch(url, init);
}

/** Attaches the navigation, webview and window-open guards, plus crash logging, to any web contents. */
function guardContents(contents: WebContents, core: AppCore, log: Logger): void {
  attachWindowGuards(
    {
      onWillNavigate: (listener) => contents.on('will-navigate', (event) => listener(event, event.url)),
      onWillRedirect: (listener) => contents.on('will-redirect', (event) => listener(event, event.url)),
      onWillFrameNavigate: (listener) => contents.on('will-frame-navigate', (event) => listener(event, event.url)),
      onWillAttachWebview: (listener) => contents.on('will-attach-webview', (event) => listener(event)),
      setWindowOpenHandler: (handler) => contents.setWindowOpenHandler(handler),
    },
    // electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK — the core's desktop actions apply the https-only link policy first.
    { trusted, openExternal: (url) => core.desktop.openExternal(url), onBlocked: (what) => log.warn('window.blocked', { what }) },
  );
  contents.on('render-process-gone', (_event, details) => log.error('renderer.gone', { reason: details.reason, exitCode: details.exitCode }));
  contents.on('unresponsive', () => log.warn('renderer.unresponsive'));
  contents.on('console-message', (event) => {
    if (event.level === 'error') log.warn('renderer.console-error', { message: event.message.slice(0, 2000) });
  });
}

/** Denies every permission except writing text to the clipboard from the app's own page. */
function lockPermissions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => callback(isPermissionGrantedFor(permission, details.requestingUrl, trusted)));
  ses.setPermissionCheckHandler((contents, permission, _origin, details) =>
    isPermissionGrantedFor(permission, details.requestingUrl ?? (details.isMainFrame ? contents?.getURL() : undefined), trusted),
  );
  ses.setDevicePermissionHandler(() => false);
}

function createWindow(): BrowserWindow {
  // electronegativity-ignore: CONTEXT_ISOLATION_JS_CHECK — set by secureWebPreferences() below (contextIsolation: true); proven by the S1 tests.
  // electronegativity-ignore: SANDBOX_JS_CHECK — set by secureWebPreferences() (sandbox: true) and app.enableSandbox(); proven by the S1 tests.
  // electronegativity-ignore: AUXCLICK_JS_CHECK — middle-click opens go through setWindowOpenHandler, which denies every window (window-guards.ts).
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 600,
    show: false,
    title: 'Commission Desk',
    icon: join(here, '../../resources/icon.png'),
    webPreferences: secureWebPreferences(join(here, '../preload/index.cjs')),
  });
  window.once('ready-to-show', () => window.show());
  if (devServerUrl) void window.loadURL(devServerUrl);
  else void window.loadFile(rendererIndex);
  return window;
}

async function main(): Promise<void> {
  await app.whenReady();
  lockPermissions();
  const core = createAppCore({
    appVersion: app.getVersion(),
    today: () => localIsoDay(new Date()),
    chooseExportPath,
    logger,
    settings: createElectronSettingsStore(),
    keychain: createKeytarSecretStore(app.isPackaged ? KEYCHAIN_SERVICE.production : KEYCHAIN_SERVICE.development),
    fetch: networkTransport(),
    cachePath: join(app.getPath('userData'), 'cache.sqlite'),
    shell: electronShell,
  });
  heldSecrets = () => core.session.secrets();
  app.on('web-contents-created', (_event, contents) => guardContents(contents, core, logger));
  app.on('will-quit', () => {
    void core.close();
  });
  registerAllIpc(createElectronRegistrar(ipcMain), core, { trusted, logger });
  await core.session.restore();
  logger.info('app.started', { version: app.getVersion(), packaged: app.isPackaged });
  mainWindow = createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
}

if (!app.requestSingleInstanceLock()) {
  // A second copy would open the same cache and log files; the first one is brought forward instead.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  main().catch((error: unknown) => {
    logger.error('app.start-failed', { error });
    dialog.showErrorBox('Commission Desk could not start', 'Something went wrong while starting. The details are in the log file in the app’s data folder.');
    app.quit();
  });
}
