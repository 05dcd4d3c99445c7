/** IPC domains `prefs` and `cache`: preferences kept by the main process, and the cache's size and clearing. */
import type { AppCore } from '../app';
import type { IpcRegistrar } from './ipc-registrar';
import { registerHandler, type HandlerPolicy } from './register-handler';

/** Registers the `prefs:*` and `cache:*` channels. */
export function registerPreferencesIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerHandler(registrar, 'getPreferences', async () => core.preferences.get(), policy);
  registerHandler(registrar, 'updatePreferences', async (patch) => core.preferences.update(patch), policy);
  registerHandler(registrar, 'getCacheInfo', async () => core.cacheInfo(), policy);
  registerHandler(registrar, 'clearCache', () => core.clearCache(), policy);
}
