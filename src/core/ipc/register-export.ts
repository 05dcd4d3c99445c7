/** IPC domain `export`: spreadsheets written by the main process from the cache, never by the renderer. */
import type { AppCore } from '../app';
import type { IpcRegistrar } from './ipc-registrar';
import { registerHandler, type HandlerPolicy } from './register-handler';

/** Registers the `export:*` channels: the export itself (resolves when written), its progress, and cancel. */
export function registerExportIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerHandler(registrar, 'exportSales', (request) => core.exportSales(request), policy);
  registerHandler(registrar, 'getExportProgress', async () => core.exportProgress(), policy);
  registerHandler(registrar, 'cancelExport', async () => core.cancelExport(), policy);
}
