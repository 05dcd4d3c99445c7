/**
 * IPC domain `shell` and the diagnostics of `app`: the renderer's only ways to reach the desktop
 * (a link in the browser, an exported file in the file manager) and the redacted text behind
 * Settings → "Copy diagnostics". The policies live in the core's desktop actions and the
 * diagnostics module; these handlers only connect them to the contract.
 */
import type { AppCore } from '../app';
import { collectDiagnostics } from '../log';
import type { IpcRegistrar } from './ipc-registrar';
import { registerHandler, type HandlerPolicy } from './register-handler';

/** Registers `shell:openExternal`, `shell:showInFolder` and `app:diagnostics`. */
export function registerDesktopIpc(registrar: IpcRegistrar, core: AppCore, policy: HandlerPolicy): void {
  // electronegativity-ignore: OPEN_EXTERNAL_JS_CHECK — core.desktop.openExternal applies the https-only link policy.
  registerHandler(registrar, 'openExternal', async ({ url }) => ({ url: await core.desktop.openExternal(url) }), policy);
  registerHandler(
    registrar,
    'showInFolder',
    async ({ path }) => {
      core.desktop.showInFolder(path);
      return { shown: path };
    },
    policy,
  );
  registerHandler(registrar, 'getDiagnostics', async () => ({ text: collectDiagnostics(core, policy.logger) }), policy);
}
