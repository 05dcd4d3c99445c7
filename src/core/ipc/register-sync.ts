/** IPC domain `sync`: fill the cache from the service in the background, with progress and cancel. */
import type { AppCore } from '../app';
import type { IpcRegistrar } from './ipc-registrar';
import { registerHandler, type HandlerPolicy } from './register-handler';

/** Registers the `sync:*` channels. */
export function registerSyncIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerHandler(registrar, 'startSync', async (request) => core.startSync(request), policy);
  registerHandler(registrar, 'cancelSync', async () => core.cancelSync(), policy);
  registerHandler(registrar, 'getSyncStatus', async () => core.syncStatus(), policy);
}
