/// <reference types="vite/client" />
/**
 * Ambient types for the renderer. The preload exposes exactly one object, typed by the shared
 * IPC contract, so the renderer can call the main process without ever seeing `ipcRenderer`.
 */
import type { Bridge } from '../../shared/ipc-contract';

declare global {
  interface Window {
    /** The typed bridge the preload exposes; absent only when the page runs outside the app. */
    commissionDesk: Bridge;
  }
}
