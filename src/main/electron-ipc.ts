/**
 * The only main-process file that touches `ipcMain`: it adapts Electron's invoke/handle to the
 * {@link IpcRegistrar} seam, passing the sender frame's URL so the trusted-sender check can run.
 */
import type { IpcMain } from 'electron';
import type { IpcRegistrar } from '../core/ipc';

/** Wraps Electron's ipcMain as a registrar. */
export function createElectronRegistrar(ipcMain: IpcMain): IpcRegistrar {
  return {
    handle(channel, listener) {
      ipcMain.handle(channel, (event, raw: unknown) => listener({ senderUrl: event.senderFrame?.url ?? null }, raw));
    },
  };
}
