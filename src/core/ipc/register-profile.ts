/** IPC domain `profile`: the affiliate's profile from `/v1/user/`. */
import type { AppCore } from '../app';
import type { IpcRegistrar } from './ipc-registrar';
import { registerHandler, type HandlerPolicy } from './register-handler';

/** Registers the `profile:*` channels. */
export function registerProfileIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerHandler(registrar, 'getProfile', () => core.getProfile(), policy);
}
