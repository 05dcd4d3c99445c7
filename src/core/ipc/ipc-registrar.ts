/**
 * The seam between IPC handlers and whatever carries the calls: Electron's ipcMain in the app, a
 * loopback HTTP endpoint in the e2e test host. Handlers are registered once, through
 * {@link registerHandler}, and both carriers run exactly the same code.
 */
import type { IpcResult } from '../../shared/errors';
import type { Channel } from '../../shared/ipc-contract';

/** What the carrier knows about the caller. */
export interface IpcCallMeta {
  /** URL of the frame that sent the call; null when there is no sender frame. */
  senderUrl: string | null;
}

/** A registered channel: takes the raw, untrusted argument and always resolves to data. */
export type IpcListener = (meta: IpcCallMeta, rawInput: unknown) => Promise<IpcResult<unknown>>;

/** Anything that can carry calls for a channel. */
export interface IpcRegistrar {
  handle(channel: Channel, listener: IpcListener): void;
}

/** A registrar that keeps the listeners in a table; used by the test host and by tests. */
export class IpcTable implements IpcRegistrar {
  private readonly listeners = new Map<string, IpcListener>();

  handle(channel: Channel, listener: IpcListener): void {
    if (this.listeners.has(channel)) throw new Error(`Channel ${channel} is registered twice.`);
    this.listeners.set(channel, listener);
  }

  /** The listener for a channel, or undefined for a channel outside the contract. */
  get(channel: string): IpcListener | undefined {
    return this.listeners.get(channel);
  }

  /** Registered channel names. */
  channels(): string[] {
    return [...this.listeners.keys()];
  }
}
