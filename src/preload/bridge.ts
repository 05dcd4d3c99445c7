/**
 * Builds the one object the preload exposes (S2), kept apart from `electron` so a Node
 * test can prove its shape: exactly one method per contract channel, each forwarding its single
 * argument to its own channel and nothing else. No method takes a callback or hands out the IPC
 * event, and the object is frozen so the page cannot swap a method.
 */
import type { BridgeMethod } from '../shared/ipc-contract';

/** Sends one call to the main process and resolves to its answer (ipcRenderer.invoke in the app). */
export type Invoke = (channel: string, input: unknown) => Promise<unknown>;

/** The bridge as the preload builds it; the renderer sees it typed as the contract's `Bridge`. */
export type BridgeObject = Readonly<Record<BridgeMethod, (input?: unknown) => Promise<unknown>>>;

/** Bridge method -> channel, as the contract derives it (`CHANNELS`). */
export type ChannelTable = Readonly<Record<BridgeMethod, string>>;

/** Creates the frozen bridge over `invoke`: one method per entry of `channels`. */
export function buildBridge(invoke: Invoke, channels: ChannelTable): BridgeObject {
  const bridge: Partial<Record<BridgeMethod, (input?: unknown) => Promise<unknown>>> = {};
  for (const [method, channel] of Object.entries(channels) as [BridgeMethod, string][]) {
    // Only the first argument crosses: extra arguments (or a callback) never reach the main process.
    bridge[method] = (input?: unknown) => invoke(channel, input);
  }
  return Object.freeze(bridge as Record<BridgeMethod, (input?: unknown) => Promise<unknown>>);
}
