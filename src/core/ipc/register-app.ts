/** IPC domain `app`: facts about the running app. */
import type { AppCore } from '../app';
import type { IpcRegistrar } from './ipc-registrar';
import { registerHandler, type HandlerPolicy } from './register-handler';

/** Registers the `app:*` channels. */
export function registerAppIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerHandler(registrar, 'getAppInfo', async () => core.appInfo(), policy);
}
