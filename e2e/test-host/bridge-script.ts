/**
 * The test host's stand-in for the preload: a script that gives the page the same one-object
 * bridge (one named method per contract channel), each call forwarded over loopback to the
 * handlers the Electron main registers.
 */
import { BRIDGE_KEY, CHANNELS } from '../../src/shared/ipc-contract';

/** JavaScript source of the bridge shim served at {@link BRIDGE_SCRIPT_PATH}. */
export function bridgeScript(): string {
  return `(() => {
  const channels = ${JSON.stringify(CHANNELS)};
  const bridge = {};
  for (const [method, channel] of Object.entries(channels)) {
    bridge[method] = async (input) => {
      const response = await fetch('/__ipc/' + encodeURIComponent(channel), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input }),
      });
      return response.json();
    };
  }
  Object.defineProperty(window, ${JSON.stringify(BRIDGE_KEY)}, { value: Object.freeze(bridge) });
})();
`;
}

/** Where the host serves the shim; a same-origin script, so the page's CSP allows it. */
export const BRIDGE_SCRIPT_PATH = '/__test-bridge.js';
