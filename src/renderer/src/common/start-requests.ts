/**
 * What the window asks for before anything can be drawn (the session, the saved preferences, the app's details),
 * sent as the script starts rather than from the first screen's effects: the answers travel while React draws the
 * "starting" screen, instead of after it. Each early answer is taken once, by the first load that wants it; any
 * later load (a Retry) asks again.
 */
import type { IpcResult } from '../../../shared/errors';
import { call, type BridgeOutput } from './bridge';

/** The bridge methods asked for at start; none takes an input. */
type StartMethod = 'getSession' | 'getPreferences' | 'getAppInfo';

const early = new Map<StartMethod, Promise<IpcResult<unknown>>>();

function ask(method: StartMethod): Promise<IpcResult<unknown>> {
  return method === 'getSession' ? call('getSession') : method === 'getPreferences' ? call('getPreferences') : call('getAppInfo');
}

/** Sends the start requests; called once, before the first render. */
export function sendStartRequests(): void {
  for (const method of ['getSession', 'getPreferences', 'getAppInfo'] as const) early.set(method, ask(method));
}

/** The early answer to `method` without taking it (null once taken, or before the start requests were sent). */
export function startAnswer<M extends StartMethod>(method: M): Promise<IpcResult<BridgeOutput<M>>> | null {
  return (early.get(method) as Promise<IpcResult<BridgeOutput<M>>> | undefined) ?? null;
}

/** The early answer to `method` the first time it is asked for, a new request after that. */
export function startRequest<M extends StartMethod>(method: M): Promise<IpcResult<BridgeOutput<M>>> {
  const sent = early.get(method) as Promise<IpcResult<BridgeOutput<M>>> | undefined;
  early.delete(method);
  return sent ?? (ask(method) as Promise<IpcResult<BridgeOutput<M>>>);
}
