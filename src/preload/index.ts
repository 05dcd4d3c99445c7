/**
 * The preload: exposes ONE object to the renderer with one named method per contract channel
 * (built by {@link buildBridge}). It never exposes ipcRenderer, a generic invoke, or the IPC event.
 * Built as a single CommonJS file because sandboxed preloads cannot load modules.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_KEY } from '../shared/ipc-channels';
import { buildBridge } from './bridge';

contextBridge.exposeInMainWorld(
  BRIDGE_KEY,
  buildBridge((channel, input) => ipcRenderer.invoke(channel, input)),
);
