/** IPC domain `sales`: the cached sales behind the sales screen, and one live page of the report. */
import type { AppCore } from '../app';
import type { IpcRegistrar } from './ipc-registrar';
import { registerHandler, type HandlerPolicy } from './register-handler';

/** Registers the `sales:*` channels. */
export function registerSalesIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerHandler(registrar, 'listSales', (query) => core.listSales(query), policy);
  registerHandler(registrar, 'querySales', async (query) => core.querySales(query), policy);
  registerHandler(registrar, 'summarizeSales', async (filter) => core.summarizeSales(filter), policy);
  registerHandler(registrar, 'salesSeries', async (query) => core.salesSeries(query), policy);
  registerHandler(registrar, 'topSales', async (query) => core.topSales(query), policy);
  registerHandler(registrar, 'salesFilterValues', async (filter) => core.salesFilterValues(filter), policy);
  registerHandler(registrar, 'salesChanges', async (request) => core.salesChanges(request), policy);
}
