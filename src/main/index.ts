/**
 * Electron glue, kept thin: app lifecycle, the one window with its security settings and guards,
 * the save dialog, and wiring the Electron-free core into ipcMain. Everything with logic lives in
 * modules that are tested in Node.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, net, session, shell } from 'electron';
import { localIsoDay } from '../shared/dates';
import { createAppCore } from './core/app-core';
import { createElectronSettingsStore } from './electron/electron-settings-store';
import { createElectronRegistrar } from './ipc/electron-ipc';
import { registerAllIpc } from './ipc/register-all';
import { createLogger } from './log/logger';
import { isAllowedNavigation, isPermissionGranted, isSafeExternalUrl } from './security/navigation-policy';
import type { TrustedRenderer } from './security/trusted-sender';
import { secureWebPreferences } from './security/window-options';
import { createKeytarSecretStore } from './vault/keytar-secret-store';
import { KEYCHAIN_SERVICE } from './vault/secret-store';

const here = fileURLToPath(new URL('.', import.meta.url));
const rendererIndex = join(here, '../renderer/index.html');
const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const trusted: TrustedRenderer = devServerUrl ? { kind: 'origin', origin: devServerUrl } : { kind: 'file', indexPath: rendererIndex };

let mainWindow: BrowserWindow | null = null;

async function chooseExportPath(proposedName: string): Promise<string | null> {
  const options = {
    title: 'Export sales',
    defaultPath: join(app.getPath('documents'), proposedName),
    filters: [{ name: 'Excel workbook', extensions: ['xlsx'] }],
  };
  const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}

function createWindow(): BrowserWindow {
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
  const contents = window.webContents;
  contents.on('will-navigate', (event, url) => {
    if (!isAllowedNavigation(url, trusted)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAllowedNavigation(url, trusted)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  if (devServerUrl) void window.loadURL(devServerUrl);
  else void window.loadFile(rendererIndex);
  return window;
}

async function main(): Promise<void> {
  await app.whenReady();
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => callback(isPermissionGranted(permission)));
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => isPermissionGranted(permission));
  let heldSecrets: () => readonly string[] = () => [];
  const logger = createLogger((line) => process.stdout.write(`${line}\n`), () => heldSecrets());
  const core = createAppCore({
    appVersion: app.getVersion(),
    today: () => localIsoDay(new Date()),
    chooseExportPath,
    logger,
    settings: createElectronSettingsStore(),
    keychain: createKeytarSecretStore(app.isPackaged ? KEYCHAIN_SERVICE.production : KEYCHAIN_SERVICE.development),
    fetch: (url, init) => net.fetch(url, init),
    cachePath: join(app.getPath('userData'), 'cache.sqlite'),
  });
  app.on('will-quit', () => {
    void core.close();
  });
  heldSecrets = () => core.session.secrets();
  registerAllIpc(createElectronRegistrar(ipcMain), core, { trusted, logger });
  await core.session.restore();
  mainWindow = createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

void main();
