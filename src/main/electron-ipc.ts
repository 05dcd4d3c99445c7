/**
 * The only main-process file that touches `ipcMain`: it adapts Electron's invoke/handle to the
 * {@link IpcRegistrar} seam. A call from web contents the app did not create itself (a DevTools
 * page, anything attached later) arrives with no sender URL, so the core refuses it; otherwise the
 * sender frame's URL goes on for the origin check.
 */
import type { IpcMain, WebContents } from 'electron';
import type { IpcRegistrar } from '../core/ipc';

/** Wraps Electron's ipcMain as a registrar; `isAppContents` names the app's own windows' contents. */
export function createElectronRegistrar(
  ipcMain: IpcMain,
  isAppContents: (contents: WebContents) => boolean,
): IpcRegistrar {
  return {
    handle(channel, listener) {
      ipcMain.handle(channel, (event, raw: unknown) =>
        listener({ senderUrl: isAppContents(event.sender) ? (event.senderFrame?.url ?? null) : null }, raw),
      );
    },
  };
}
