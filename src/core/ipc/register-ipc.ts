/**
 * Registers the whole contract over one app core. The Electron main and the e2e test host both call this one
 * function, so the renderer is tested against exactly the handlers the app ships.
 */
import type { AppCore } from '../app';
import { createIpcHandlers } from './ipc-handlers';
import type { IpcRegistrar } from './ipc-registrar';
import { registerIpcHandlers, type HandlerPolicy } from './register-handler';

/** Registers all channels of the contract on `registrar`. */
export function registerAllIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerIpcHandlers(registrar, createIpcHandlers(core), policy);
}
