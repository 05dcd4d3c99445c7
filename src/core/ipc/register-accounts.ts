/** IPC domain `accounts`: test a connection, add, switch, re-enter credentials, sign out. */
import type { AppCore } from '../app';
import type { IpcRegistrar } from './ipc-registrar';
import { registerHandler, type HandlerPolicy } from './register-handler';

/** Registers the `accounts:*` channels. */
export function registerAccountsIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  registerHandler(registrar, 'testConnection', (form) => core.accounts.testConnection(form), policy);
  registerHandler(registrar, 'addAccount', (input) => core.accounts.addAccount(input), policy);
  registerHandler(registrar, 'switchAccount', ({ accountId }) => core.accounts.switchAccount(accountId), policy);
  registerHandler(registrar, 'reauthenticate', (input) => core.accounts.reauthenticate(input), policy);
  registerHandler(registrar, 'signOut', (input) => core.accounts.signOut(input), policy);
}
