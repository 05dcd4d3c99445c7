/** IPC domain `sales`: pages of the sales report for the sales screen. */
import type { AppCore } from '../core/app-core';
import type { IpcRegistrar } from './ipc-registrar';
import { registerHandler, type HandlerPolicy } from './register-handler';

/** Registers the `sales:*` channels. */
export function registerSalesIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerHandler(registrar, 'listSales', (query) => core.listSales(query), policy);
}
