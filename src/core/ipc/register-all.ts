/**
 * Registers every IPC domain. The Electron main and the e2e test host both call this one
 * function, so the renderer is tested against exactly the handlers the app ships.
 */
import type { AppCore } from '../app';
import type { IpcRegistrar } from './ipc-registrar';
import { registerAccountsIpc } from './register-accounts';
import { registerAppIpc } from './register-app';
import { registerExportIpc } from './register-export';
import { registerDesktopIpc } from './register-desktop';
import type { HandlerPolicy } from './register-handler';
import { registerPreferencesIpc } from './register-preferences';
import { registerProfileIpc } from './register-profile';
import { registerSalesIpc } from './register-sales';
import { registerSessionIpc } from './register-session';
import { registerSyncIpc } from './register-sync';

/** Registers all channels of the contract on `registrar`. */
export function registerAllIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerAppIpc(registrar, core, policy);
  registerSessionIpc(registrar, core, policy);
  registerAccountsIpc(registrar, core, policy);
  registerProfileIpc(registrar, core, policy);
  registerSalesIpc(registrar, core, policy);
  registerSyncIpc(registrar, core, policy);
  registerPreferencesIpc(registrar, core, policy);
  registerExportIpc(registrar, core, policy);
  registerDesktopIpc(registrar, core, policy);
}
