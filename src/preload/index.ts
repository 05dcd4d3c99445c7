/**
 * The preload: exposes ONE object to the renderer with one named method per contract channel.
 * It never exposes ipcRenderer, a generic invoke, or the IPC event. Built as a single CommonJS
 * file because sandboxed preloads cannot load modules.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_KEY, CHANNELS } from '../shared/ipc-channels';

const bridge: Record<string, (input?: unknown) => Promise<unknown>> = {};
for (const [method, channel] of Object.entries(CHANNELS)) {
  bridge[method] = (input?: unknown) => ipcRenderer.invoke(channel, input);
}

contextBridge.exposeInMainWorld(BRIDGE_KEY, Object.freeze(bridge));
