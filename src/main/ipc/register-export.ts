/** IPC domain `export`: spreadsheets written by the main process, never by the renderer. */
import type { AppCore } from '../core/app-core';
import type { IpcRegistrar } from './ipc-registrar';
import { registerHandler, type HandlerPolicy } from './register-handler';

/** Registers the `export:*` channels. */
export function registerExportIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerHandler(registrar, 'exportSales', (request) => core.exportSales(request), policy);
}
