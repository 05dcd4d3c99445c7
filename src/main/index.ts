/**
 * Electron glue, kept thin: app lifecycle, the one window, the app:// scheme, the sessions, the
 * menu, the log file and crash handling, the save dialog, and wiring the Electron-free core into
 * ipcMain. Every policy (web preferences, CSP, the scheme's files, navigation, window.open,
 * permissions, external links, trusted senders, the menu, what a crash does) lives in a module
 * tested in Node; this file only connects Electron's events to them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  session,
  shell,
  type FileFilter,
  type Session,
  type WebContents,
} from 'electron';
import { localIsoDay } from '../shared/dates';
import { createAppCore, type AppCore } from '../core/app';
import { createElectronSettingsStore } from './electron-settings-store';
import { createSyncNewsNotifier } from './sync-news-notifier';
import type { ChooseExportPath } from '../core/export';
import { createElectronRegistrar } from './electron-ipc';
import { registerAllIpc } from '../core/ipc';
import { createLogger, type Logger, createRotatingFileSink } from '../core/log';
import {
  APP_PAGE_URL,
  APP_ORIGIN,
  APP_SCHEME,
  APP_SCHEME_REGISTRATION,
  appMenuTemplate,
  attachWindowGuards,
  CACHE_CLOSE_TIMEOUT_MS,
  createAppProtocolHandler,
  createFatalErrorHandler,
  type DesktopShell,
  type FatalErrorNotice,
  installFatalErrorGuards,
  isPermissionGrantedFor,
  secureWebPreferences,
  SERVICE_PARTITION,
  SPELLCHECKER_DICTIONARY_URL,
  type TrustedRenderer,
} from '../core/security';
import { createNodeFetch, type FetchLike } from '../core/service';
import { createKeytarSecretStore, KEYCHAIN_SERVICE } from '../core/keychain';
import { cliSwitchArgs, runCliSwitch } from './cli-switch';

/** `--cli <command> …` runs the headless command instead of the app: no window, no lock, its exit code (cli-switch.ts). */
const cliArgs = cliSwitchArgs(process.argv);

/**
 * Development and test switches, read only when the app is not packaged: a packaged app never
 * loads a page, a data folder or a CA certificate named by its environment.
 */
const devEnv = app.isPackaged ? {} : process.env;
const here = fileURLToPath(new URL('.', import.meta.url));
const rendererRoot = join(here, '../renderer');
const devServerUrl = devEnv.ELECTRON_RENDERER_URL;
/** Only `electron-vite dev` is development: DevTools and the developer menu exist there alone. */
const development = devServerUrl !== undefined;
const trusted: TrustedRenderer = { kind: 'origin', origin: devServerUrl ?? APP_ORIGIN };
if (devEnv.COMMISSION_DESK_USER_DATA) app.setPath('userData', devEnv.COMMISSION_DESK_USER_DATA);
// The scheme's privileges can only be given before the app is ready.
protocol.registerSchemesAsPrivileged([APP_SCHEME_REGISTRATION]);

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
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;
const syncNews = createSyncNewsNotifier(() => mainWindow);
/** The web contents of the app's own windows: IPC from any other contents is refused. */
const appContents = new WeakSet<WebContents>();
let closeCache: () => Promise<void> = async () => undefined;

const CRASH_BUTTONS = { restart: 'Restart', quit: 'Quit' } as const;

/** Shows the crash notice: a choice once the app is ready, a plain error box before. */
async function askAboutCrash(notice: FatalErrorNotice): Promise<'restart' | 'quit'> {
  if (!app.isReady()) {
    dialog.showErrorBox(notice.title, `${notice.message}\n\n${notice.detail}`);
    return 'quit';
  }
  const buttons = notice.choices.map((choice) => CRASH_BUTTONS[choice]);
  const { response } = await dialog.showMessageBox({
    type: 'error',
    title: notice.title,
    message: notice.message,
    detail: notice.detail,
    buttons,
    noLink: true,
  });
  return notice.choices[response] ?? 'quit';
}

// The command says its own failures on stderr (cli-switch.ts): no crash dialog may wait for a click in a scheduled job.
if (cliArgs === null)
  installFatalErrorGuards(
    process,
    createFatalErrorHandler({
      logger,
      closeCache: () => closeCache(),
      askUser: askAboutCrash,
      relaunch: (args) => {
        app.relaunch({ args });
        app.exit(0);
      },
      quit: (exitCode) => app.exit(exitCode),
      argv: process.argv,
    }),
    logger,
  );

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
  // Only called by desktop-actions.ts for the spreadsheet or CSV the last export wrote.
  openPath: (path) => shell.openPath(path),
};

/** Electron's network stack in the service's own session, or for e2e runs a Node transport that also trusts the fake service's test CA. */
function networkTransport(serviceSession: Session): FetchLike {
  const caFile = devEnv.COMMISSION_DESK_EXTRA_CA_FILE;
  if (caFile) return createNodeFetch({ extraCaPem: readFileSync(caFile, 'utf8') });
  return (url, init) => serviceSession.fetch(url, init);
}

/** The window's session spell-checks nothing and downloads no dictionary; the service gets an in-memory session that grants nothing. */
function prepareSessions(): Session {
  const windowSession = session.defaultSession;
  windowSession.setSpellCheckerEnabled(false);
  windowSession.setSpellCheckerDictionaryDownloadURL(SPELLCHECKER_DICTIONARY_URL);
  const serviceSession = session.fromPartition(SERVICE_PARTITION);
  serviceSession.setSpellCheckerEnabled(false);
  serviceSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  serviceSession.setPermissionCheckHandler(() => false);
  return serviceSession;
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
    {
      trusted,
      onBlocked: (what) => log.warn('window.blocked', { what }),
    },
  );
  contents.on('render-process-gone', (_event, details) =>
    log.error('renderer.gone', { reason: details.reason, exitCode: details.exitCode }),
  );
  contents.on('unresponsive', () => log.warn('renderer.unresponsive'));
  contents.on('console-message', (event) => {
    if (event.level === 'error') log.warn('renderer.console-error', { message: event.message.slice(0, 2000) });
  });
  // DevTools are off in the window's preferences outside development; this closes any other way in.
  if (!development) contents.on('devtools-opened', () => contents.closeDevTools());
}

/** Denies every permission except writing text to the clipboard from the app's own page. */
function lockPermissions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionGrantedFor(permission, details.requestingUrl, trusted)),
  );
  ses.setPermissionCheckHandler((contents, permission, _origin, details) =>
    isPermissionGrantedFor(
      permission,
      details.requestingUrl ?? (details.isMainFrame ? contents?.getURL() : undefined),
      trusted,
    ),
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
    webPreferences: secureWebPreferences(join(here, '../preload/index.cjs'), { development }),
  });
  appContents.add(window.webContents);
  window.once('ready-to-show', () => window.show());
  window.on('focus', () => syncNews.seen());
  void window.loadURL(devServerUrl ?? APP_PAGE_URL);
  return window;
}

/** Closes the core (a running sync stopped first, then the cache), giving up after a few seconds. */
async function closeCore(core: AppCore): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<true>((resolve) => {
    timer = setTimeout(() => resolve(true), CACHE_CLOSE_TIMEOUT_MS);
  });
  try {
    if (await Promise.race([core.close().then(() => false), timedOut])) logger.warn('app.cache-close-timeout');
  } catch (error) {
    logger.error('app.cache-close-failed', { error });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Electron ends the process as soon as `will-quit` returns, without waiting for anything it started: the quit is held
 * there until the core has closed, then resumed, so the cache is closed (its write-ahead log folded in) every time.
 */
function closeBeforeQuitting(core: AppCore): void {
  let state: 'open' | 'closing' | 'closed' = 'open';
  app.on('will-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    void closeCore(core).then(() => {
      state = 'closed';
      app.quit();
    });
  });
}

async function main(): Promise<void> {
  await app.whenReady();
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rendererRoot,
      onRefused: (reason, status) => logger.warn('app-scheme.refused', { reason, status }),
    }),
  );
  lockPermissions();
  const serviceSession = prepareSessions();
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(appMenuTemplate({ platform: process.platform, development, appName: app.getName() })),
  );
  const core = createAppCore({
    appVersion: app.getVersion(),
    today: () => localIsoDay(new Date()),
    chooseExportPath,
    logger,
    settings: createElectronSettingsStore(),
    keychain: createKeytarSecretStore(app.isPackaged ? KEYCHAIN_SERVICE.production : KEYCHAIN_SERVICE.development),
    fetch: networkTransport(serviceSession),
    // An account's extra certificate is trusted on top of the computer's store, never instead of it.
    fetchTrusting: (extraCaPem) => createNodeFetch({ extraCaPem, systemStore: true }),
    cachePath: join(app.getPath('userData'), 'cache.sqlite'),
    shell: electronShell,
    onSyncNews: (news) => syncNews.notify(news),
  });
  heldSecrets = () => core.session.secrets();
  closeCache = () => core.close();
  app.on('web-contents-created', (_event, contents) => guardContents(contents, core, logger));
  closeBeforeQuitting(core);
  registerAllIpc(
    createElectronRegistrar(ipcMain, (contents) => appContents.has(contents)),
    core,
    { trusted, logger },
  );
  await core.session.restore();
  logger.info('app.started', { version: app.getVersion(), packaged: app.isPackaged });
  mainWindow = createWindow();
  // While Chromium starts the window's renderer, which takes longer than reading the saved browse index.
  setImmediate(() => core.warmUp());
  core.background.reschedule();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
}

if (cliArgs !== null) {
  void runCliSwitch(app, cliArgs);
} else if (!app.requestSingleInstanceLock()) {
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
    dialog.showErrorBox(
      'Commission Desk could not start',
      'Something went wrong while starting. The details are in the log file in the app’s data folder.',
    );
    app.quit();
  });
}
