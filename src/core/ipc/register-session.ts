/** IPC domain `session`: which account (or the demo) the app is showing. */
import type { AppCore } from '../app';
import type { IpcRegistrar } from './ipc-registrar';
import { registerHandler, type HandlerPolicy } from './register-handler';

/** Registers the `session:*` channels. */
export function registerSessionIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerHandler(registrar, 'getSession', async () => core.getSession(), policy);
  registerHandler(registrar, 'startDemo', async () => core.session.startDemo(), policy);
  registerHandler(registrar, 'endSession', async () => core.session.end(), policy);
}
