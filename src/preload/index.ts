/**
 * The preload: exposes ONE object to the renderer with one named method per contract channel
 * (built by {@link buildBridge}). It never exposes ipcRenderer, a generic invoke, or the IPC event.
 * Built as a single CommonJS file because sandboxed preloads cannot load modules; the channel list
 * and the bridge key are the contract's, written in by the build (see electron.vite.config.ts).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge, type ChannelTable } from './bridge';

declare const __IPC_CHANNELS__: ChannelTable;
declare const __BRIDGE_KEY__: string;

contextBridge.exposeInMainWorld(
  __BRIDGE_KEY__,
  buildBridge((channel, input) => ipcRenderer.invoke(channel, input), __IPC_CHANNELS__),
);
