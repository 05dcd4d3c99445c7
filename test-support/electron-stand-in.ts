/**
 * A stand-in for the `electron` module, so the built main process (out/main/index.js) can run in
 * Node where the Electron binary cannot be installed. Each part is typed against Electron's own
 * declarations (a Pick of the real interface), so a call the glue makes with the wrong shape does
 * not compile here either. It records what the glue asked for (schemes, handlers, windows, menus,
 * sessions, dialogs, the shell, the single-instance lock, relaunch and exit) and lets a test release
 * `ready`, invoke IPC handlers as a given web contents and frame, call the registered protocol handler
 * with a Request, fire a web contents' navigation events, and close the window.
 *
 * Quitting follows Electron's order: `before-quit`, the windows close, `will-quit`, `quit`, then the
 * process ends — and there the stand-in ends it too: whatever the app left pending in `will-quit`
 * without preventing it is not waited for (Electron does not wait either), so `onExit` sees the
 * state the real process would leave behind.
 *
 * One stand-in exists per process; `resetElectronStandIn` starts a fresh record before each load of
 * the bundle (each load is a new module instance: its top-level code runs again).
 */
import { EventEmitter } from 'node:events';
import { copyFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  App,
  BrowserWindow as ElectronBrowserWindow,
  BrowserWindowConstructorOptions,
  CustomScheme,
  Dialog,
  IpcMain,
  IpcMainInvokeEvent,
  Menu,
  MenuItem,
  MenuItemConstructorOptions,
  MessageBoxOptions,
  MessageBoxReturnValue,
  Notification as ElectronNotification,
  NotificationConstructorOptions,
  Protocol,
  SaveDialogOptions,
  SaveDialogReturnValue,
  Session,
  Shell,
  WebContents,
} from 'electron';

/** How the stand-in behaves for one load of the bundle. */
export interface StandInOptions {
  isPackaged: boolean;
  userData: string;
  /** The button index the crash dialog answers with. Default 0. */
  messageBoxResponse?: number;
  /** What a session's fetch answers. Default: 401 with an empty JSON body. */
  sessionFetch?: (partition: string, url: string) => Promise<Response>;
  /** Whether `requestSingleInstanceLock` gets the lock (false: another copy runs). Default true. */
  singleInstanceLock?: boolean;
  /** The file the save dialog answers with, given the path it proposed; null or absent: the user cancels. */
  saveDialogAnswer?: (defaultPath: string) => string | null;
  /** Called the moment the process ends (a completed quit or `app.exit`), with its exit code. */
  onExit?: (code: number) => void;
}

/** An event the app may prevent, as Electron hands to `before-quit`, `will-quit`, `close` and navigation listeners. */
export interface StandInEvent {
  readonly url?: string;
  defaultPrevented: boolean;
  preventDefault(): void;
}

function preventable(url?: string): StandInEvent {
  return {
    url,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

/** One web contents the glue attached listeners to. */
export class StandInContents
  extends EventEmitter
  implements Pick<WebContents, 'setWindowOpenHandler' | 'closeDevTools' | 'getURL'>
{
  readonly id: number;
  url = '';
  devToolsClosed = 0;
  windowOpenHandler: Parameters<WebContents['setWindowOpenHandler']>[0] | null = null;
  constructor(id: number) {
    super();
    this.id = id;
  }
  setWindowOpenHandler(handler: Parameters<WebContents['setWindowOpenHandler']>[0]): void {
    this.windowOpenHandler = handler;
  }
  closeDevTools(): void {
    this.devToolsClosed += 1;
  }
  getURL(): string {
    return this.url;
  }
  /** Fires a navigation event (`will-navigate`, `will-redirect`, `will-frame-navigate`) towards `url`; true when a listener prevented it. */
  navigate(event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate', url: string): boolean {
    const fired = preventable(url);
    this.emit(event, fired);
    return fired.defaultPrevented;
  }
  /** Fires `will-attach-webview`; true when a listener prevented it. */
  attachWebview(): boolean {
    const fired = preventable();
    this.emit('will-attach-webview', fired, {}, {});
    return fired.defaultPrevented;
  }
  /** What the page's `window.open(url)` gets from the app's handler (Electron's default, allow, when none is set). */
  open(url: string): ReturnType<Parameters<WebContents['setWindowOpenHandler']>[0]> {
    if (!this.windowOpenHandler) return { action: 'allow' };
    return this.windowOpenHandler({
      url,
      frameName: '',
      features: '',
      disposition: 'foreground-tab',
      referrer: { url: '', policy: 'default' },
    });
  }
}

/** A window the glue created. */
export interface StandInWindow {
  options: BrowserWindowConstructorOptions;
  loaded: string[];
  webContents: StandInContents;
  /** How often the app brought it forward (`focus`). */
  focused: number;
  closed: boolean;
  /** Closes it as the user would (its close button). */
  close(): void;
}

/** A call to a session, by partition ('' for the default session). */
export interface SessionCall {
  partition: string;
  method: string;
  args: unknown[];
}

type InvokeListener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;
type ProtocolHandler = (request: Request) => Response | Promise<Response>;

/** Everything the glue did, in order where order matters. */
export interface StandInRecord {
  /** Notable calls in order: 'registerSchemesAsPrivileged', 'ready', 'protocol.handle:app', 'window', 'loadURL', 'setApplicationMenu', … */
  steps: string[];
  privilegedSchemes: CustomScheme[];
  protocolHandlers: Map<string, ProtocolHandler>;
  windows: StandInWindow[];
  menuTemplates: (MenuItemConstructorOptions | MenuItem)[][];
  applicationMenus: (Menu | null)[];
  sessionCalls: SessionCall[];
  fetched: { partition: string; url: string }[];
  ipcHandlers: Map<string, InvokeListener>;
  /** Channels given to `ipcMain.on` (send/sendSync listeners), in order. */
  ipcListeners: string[];
  singleInstanceLockRequests: number;
  saveDialogs: SaveDialogOptions[];
  /** Calls of Electron's shell, by method. */
  shellCalls: { method: 'openExternal' | 'showItemInFolder' | 'openPath'; target: string }[];
  messageBoxes: MessageBoxOptions[];
  errorBoxes: { title: string; content: string }[];
  relaunches: (string[] | undefined)[];
  /** The exit code each time the process ended (a completed quit, or `app.exit`). */
  exits: number[];
  /** Calls of `app.quit()`. */
  quits: number;
  notifications: NotificationConstructorOptions[];
  badgeCounts: number[];
}

function emptyRecord(): StandInRecord {
  return {
    steps: [],
    privilegedSchemes: [],
    protocolHandlers: new Map(),
    windows: [],
    menuTemplates: [],
    applicationMenus: [],
    sessionCalls: [],
    fetched: [],
    ipcHandlers: new Map(),
    ipcListeners: [],
    singleInstanceLockRequests: 0,
    saveDialogs: [],
    shellCalls: [],
    messageBoxes: [],
    errorBoxes: [],
    relaunches: [],
    exits: [],
    quits: 0,
    notifications: [],
    badgeCounts: [],
  };
}

let options: StandInOptions = { isPackaged: true, userData: '/nonexistent' };
let record = emptyRecord();
let appEvents = new EventEmitter();
let releaseReady: () => void = () => undefined;
let readyPromise: Promise<void> = Promise.resolve();
let isReadyNow = false;
let quitting = false;
let ended = false;
let nextContentsId = 1;
const paths = new Map<string, string>();

const app: Pick<
  App,
  | 'getPath'
  | 'setPath'
  | 'getVersion'
  | 'getName'
  | 'enableSandbox'
  | 'whenReady'
  | 'isReady'
  | 'requestSingleInstanceLock'
  | 'quit'
  | 'exit'
  | 'relaunch'
  | 'setBadgeCount'
> & { readonly isPackaged: boolean; on(event: string, listener: (...args: never[]) => unknown): unknown } = {
  get isPackaged() {
    return options.isPackaged;
  },
  getPath: (name) => paths.get(name) ?? (name === 'userData' ? options.userData : `${options.userData}/${name}`),
  setPath: (name, path) => {
    paths.set(name, path);
  },
  getVersion: () => '0.0.0-stand-in',
  getName: () => 'Commission Desk',
  enableSandbox: () => {
    record.steps.push('enableSandbox');
  },
  whenReady: () => readyPromise,
  isReady: () => isReadyNow,
  requestSingleInstanceLock: () => {
    record.singleInstanceLockRequests += 1;
    record.steps.push('requestSingleInstanceLock');
    return options.singleInstanceLock ?? true;
  },
  quit: () => {
    record.quits += 1;
    record.steps.push('app.quit');
    quitApp();
  },
  exit: (code) => {
    for (const window of [...allWindows]) window.destroy();
    endProcess(code ?? 0);
  },
  relaunch: (relaunchOptions) => {
    record.relaunches.push(relaunchOptions?.args);
  },
  setBadgeCount: (count) => {
    record.badgeCounts.push(count ?? 0);
    return true;
  },
  on: (event, listener) => appEvents.on(event, listener as (...args: unknown[]) => void),
};

/** The process ends here: nothing the app still has pending runs in the real one. */
function endProcess(code: number): void {
  if (ended) return;
  ended = true;
  record.exits.push(code);
  record.steps.push(`exit:${code}`);
  options.onExit?.(code);
}

/** Electron's quit: `before-quit`, every window closed, `will-quit`, `quit`; any listener may stop it before `quit`. */
function quitApp(): void {
  if (ended || quitting) return;
  const beforeQuit = preventable();
  appEvents.emit('before-quit', beforeQuit);
  if (beforeQuit.defaultPrevented) return;
  quitting = true;
  for (const window of [...allWindows]) window.close();
  if (allWindows.length > 0) {
    quitting = false;
    return;
  }
  const willQuit = preventable();
  appEvents.emit('will-quit', willQuit);
  quitting = false;
  if (willQuit.defaultPrevented) return;
  appEvents.emit('quit', preventable(), 0);
  endProcess(0);
}

/** The last window closed without a quit under way: `window-all-closed`, or Electron's default (quit) when nobody listens. */
function lastWindowClosed(): void {
  if (quitting) return;
  if (appEvents.listenerCount('window-all-closed') > 0) appEvents.emit('window-all-closed');
  else quitApp();
}

/** A session that records its calls; `fetch` answers through {@link StandInOptions.sessionFetch}. */
function createSession(
  partition: string,
): Pick<
  Session,
  | 'setPermissionRequestHandler'
  | 'setPermissionCheckHandler'
  | 'setDevicePermissionHandler'
  | 'setSpellCheckerEnabled'
  | 'setSpellCheckerDictionaryDownloadURL'
  | 'fetch'
> {
  const called = (method: string, args: unknown[]) => record.sessionCalls.push({ partition, method, args });
  return {
    setPermissionRequestHandler: (handler) => called('setPermissionRequestHandler', [handler]),
    setPermissionCheckHandler: (handler) => called('setPermissionCheckHandler', [handler]),
    setDevicePermissionHandler: (handler) => called('setDevicePermissionHandler', [handler]),
    setSpellCheckerEnabled: (enable) => called('setSpellCheckerEnabled', [enable]),
    setSpellCheckerDictionaryDownloadURL: (url) => called('setSpellCheckerDictionaryDownloadURL', [url]),
    fetch: async (input) => {
      const url = typeof input === 'string' ? input : input.url;
      record.fetched.push({ partition, url });
      return options.sessionFetch
        ? options.sessionFetch(partition, url)
        : new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } });
    },
  };
}

let sessions = new Map<string, ReturnType<typeof createSession>>();
const session = {
  get defaultSession() {
    return sessionFor('');
  },
  fromPartition: (partition: string) => {
    record.steps.push(`fromPartition:${partition}`);
    return sessionFor(partition);
  },
};
function sessionFor(partition: string): ReturnType<typeof createSession> {
  const existing = sessions.get(partition) ?? createSession(partition);
  sessions.set(partition, existing);
  return existing;
}

/** The window class the glue constructs; `webContents` is a recording stand-in. */
class BrowserWindow
  extends EventEmitter
  implements Pick<ElectronBrowserWindow, 'loadURL' | 'isMinimized' | 'restore' | 'focus' | 'show' | 'close' | 'destroy'>
{
  static getAllWindows(): BrowserWindow[] {
    return allWindows;
  }
  readonly webContents: StandInContents;
  readonly record: StandInWindow;
  constructor(windowOptions: BrowserWindowConstructorOptions = {}) {
    super();
    this.webContents = new StandInContents(nextContentsId++);
    this.record = {
      options: windowOptions,
      loaded: [],
      webContents: this.webContents,
      focused: 0,
      closed: false,
      close: () => this.close(),
    };
    record.windows.push(this.record);
    record.steps.push('window');
    allWindows.push(this);
    appEvents.emit('web-contents-created', preventable(), this.webContents);
  }
  async loadURL(url: string): Promise<void> {
    this.record.loaded.push(url);
    this.webContents.url = url;
    record.steps.push('loadURL');
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  focus(): void {
    this.record.focused += 1;
  }
  show(): void {}
  /** As the close button: `close` (preventable), then `closed`; the last window closing goes on to the app. */
  close(): void {
    if (this.record.closed) return;
    const event = preventable();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroy();
    if (allWindows.length === 0) lastWindowClosed();
  }
  /** Gone at once, without `close`. */
  destroy(): void {
    if (this.record.closed) return;
    this.record.closed = true;
    allWindows = allWindows.filter((window) => window !== this);
    record.steps.push('window.closed');
    this.emit('closed');
  }
}
let allWindows: BrowserWindow[] = [];

/** A native notification: recorded when shown; a test may emit 'click' on it. */
class Notification extends EventEmitter implements Pick<ElectronNotification, 'show'> {
  static isSupported(): boolean {
    return true;
  }
  static shown: Notification[] = [];
  constructor(readonly options: NotificationConstructorOptions = {}) {
    super();
  }
  show(): void {
    record.notifications.push(this.options);
    Notification.shown.push(this);
  }
}

const protocol: Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle'> = {
  registerSchemesAsPrivileged: (schemes) => {
    if (isReadyNow) throw new Error('protocol.registerSchemesAsPrivileged must be called before the app is ready');
    record.privilegedSchemes.push(...schemes);
    record.steps.push('registerSchemesAsPrivileged');
  },
  handle: (scheme, handler) => {
    record.protocolHandlers.set(scheme, handler);
    record.steps.push(`protocol.handle:${scheme}`);
  },
};

const StandInMenu: Pick<typeof Electron.Menu, 'buildFromTemplate' | 'setApplicationMenu'> = {
  buildFromTemplate: (template) => {
    record.menuTemplates.push(template);
    return { items: [] } as unknown as Menu;
  },
  setApplicationMenu: (menu) => {
    record.applicationMenus.push(menu);
    record.steps.push('setApplicationMenu');
  },
};

/** Both overloads of a dialog call: (options) or (window, options). */
function dialogOptions<T>(first: unknown, second: T | undefined): T {
  return (second ?? first) as T;
}

const dialog: Pick<Dialog, 'showErrorBox'> & {
  showMessageBox(first: unknown, second?: MessageBoxOptions): Promise<MessageBoxReturnValue>;
  showSaveDialog(first: unknown, second?: SaveDialogOptions): Promise<SaveDialogReturnValue>;
} = {
  showErrorBox: (title, content) => {
    record.errorBoxes.push({ title, content });
  },
  showMessageBox: async (first, second) => {
    record.messageBoxes.push(dialogOptions<MessageBoxOptions>(first, second));
    return { response: options.messageBoxResponse ?? 0, checkboxChecked: false };
  },
  showSaveDialog: async (first, second) => {
    const asked = dialogOptions<SaveDialogOptions>(first, second);
    record.saveDialogs.push(asked);
    const chosen = options.saveDialogAnswer?.(asked.defaultPath ?? '') ?? null;
    return chosen === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: chosen };
  },
};

const ipcMain: Pick<IpcMain, 'handle'> & { on(channel: string, listener: (...args: never[]) => unknown): unknown } = {
  handle: (channel, listener) => {
    // Electron refuses a second handler for a channel in the same way.
    if (record.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    record.ipcHandlers.set(channel, listener as InvokeListener);
  },
  on: (channel) => {
    record.ipcListeners.push(channel);
    return ipcMain;
  },
};

const shell: Pick<Shell, 'openExternal' | 'showItemInFolder' | 'openPath'> = {
  openExternal: async (url) => {
    record.shellCalls.push({ method: 'openExternal', target: url });
  },
  showItemInFolder: (path) => {
    record.shellCalls.push({ method: 'showItemInFolder', target: path });
  },
  openPath: async (path) => {
    record.shellCalls.push({ method: 'openPath', target: path });
    return '';
  },
};

/** The module the bundle's `import … from 'electron'` receives. */
const electronModule = {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu: StandInMenu,
  Notification,
  protocol,
  session,
  shell,
  // Each name is one the real module exports: a misspelt or invented part does not compile.
} satisfies Partial<Record<keyof typeof Electron.CrossProcessExports, unknown>>;
/** The stand-in as a module object, for a unit test that mocks `electron` with it (`vi.mock('electron', …)`). */
export const electronStandInModule = electronModule;
const GLOBAL_KEY = Symbol.for('commission-desk.electron-stand-in');
const EXPORTS = Object.keys(electronModule);

/** Starts a fresh record with `next` options; `ready` stays pending until {@link releaseElectronReady}. */
export function resetElectronStandIn(next: StandInOptions): StandInRecord {
  options = next;
  record = emptyRecord();
  appEvents = new EventEmitter();
  sessions = new Map();
  allWindows = [];
  paths.clear();
  isReadyNow = false;
  quitting = false;
  ended = false;
  readyPromise = new Promise<void>((resolve) => {
    releaseReady = resolve;
  });
  return record;
}

/** Lets `app.whenReady()` resolve. */
export function releaseElectronReady(): void {
  isReadyNow = true;
  record.steps.push('ready');
  appEvents.emit('ready', preventable(), {});
  releaseReady();
}

/** Starts another copy of the app, as the user would: the running one hears `second-instance`. */
export function startSecondInstance(argv: string[]): void {
  appEvents.emit('second-instance', preventable(), argv, process.cwd(), {});
}

/** A web contents created after start (a DevTools page, a webview's): the app hears `web-contents-created`. */
export function createLaterContents(): StandInContents {
  const contents = new StandInContents(nextContentsId++);
  appEvents.emit('web-contents-created', preventable(), contents);
  return contents;
}

/** Calls the IPC handler of `channel` as the main frame of `sender` showing `frameUrl`. */
export async function invokeIpc(
  channel: string,
  raw: unknown,
  sender: StandInContents,
  frameUrl: string,
): Promise<unknown> {
  const listener = record.ipcHandlers.get(channel);
  if (!listener) throw new Error(`no IPC handler for ${channel}`);
  const event = { sender, senderFrame: { url: frameUrl } } as unknown as IpcMainInvokeEvent;
  return listener(event, raw);
}

/** A web contents the app did not create (as a DevTools page or a foreign window would be). */
export function foreignContents(): StandInContents {
  return new StandInContents(nextContentsId++);
}

let hooked = false;
let loads = 0;

/** Makes `import 'electron'` in natively loaded modules resolve to this stand-in. */
function hookElectron(): void {
  if (hooked) return;
  hooked = true;
  (globalThis as Record<symbol, unknown>)[GLOBAL_KEY] = electronModule;
  const source = [
    `const stand = globalThis[Symbol.for('commission-desk.electron-stand-in')];`,
    ...EXPORTS.map((name) => `export const ${name} = stand.${name};`),
    'export default stand;',
  ].join('\n');
  const url = `data:text/javascript,${encodeURIComponent(source)}`;
  // By name, and by the package's path in case a loader resolved the name first: the real package
  // would try to download the Electron binary.
  const isElectron = (specifier: string) =>
    specifier === 'electron' || /[\\/]node_modules[\\/]electron[\\/]index\.js$/.test(specifier);
  registerHooks({
    resolve: (specifier, context, nextResolve) =>
      isElectron(specifier) ? { url, shortCircuit: true } : nextResolve(specifier, context),
  });
}

/**
 * Loads a fresh instance of the built main process against the stand-in; call
 * {@link resetElectronStandIn} first. The bundle must lie under node_modules: the test runner
 * then leaves it to Node's own loader, so it runs as built and its `electron` import is hooked.
 * Each load is a copy under a new name beside the bundle (its paths to the renderer and the
 * preload stay the same), named .mjs: a query string, or a .js file outside an ES-module package,
 * would make the runner transform it instead.
 */
export async function loadMainBundle(bundlePath: string): Promise<void> {
  if (!bundlePath.split(/[\\/]/).includes('node_modules'))
    throw new Error('Build the bundle under node_modules so Node loads it natively.');
  hookElectron();
  loads += 1;
  const copy = join(dirname(bundlePath), `index-load-${loads}.mjs`);
  copyFileSync(bundlePath, copy);
  await import(/* @vite-ignore */ pathToFileURL(copy).href);
}
