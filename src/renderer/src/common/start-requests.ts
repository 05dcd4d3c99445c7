/**
 * What the window asks for before anything can be drawn (the session, the saved preferences, the app's details),
 * sent as the script starts rather than from the first screen's effects. The first render waits (a bounded time) for
 * these answers, so the first screen is drawn once, with its data, rather than as a "starting" screen, then a shell
 * without data, then the data. Each prefetched answer is taken once, by the first load that wants it; any later load (a
 * Retry) asks again.
 */
import type { IpcResult } from '../../../shared/errors';
import { call, type BridgeOutput } from './bridge';
import { prefetchedAnswer, type PrefetchedAnswer } from './prefetched-answer';

/** The bridge methods asked for at start; none takes an input. */
export type StartMethod = 'getSession' | 'getPreferences' | 'getAppInfo';

const START_METHODS: readonly StartMethod[] = ['getSession', 'getPreferences', 'getAppInfo'];

const prefetched = new Map<StartMethod, PrefetchedAnswer<IpcResult<unknown>>>();

function ask(method: StartMethod): Promise<IpcResult<unknown>> {
  return method === 'getSession'
    ? call('getSession')
    : method === 'getPreferences'
      ? call('getPreferences')
      : call('getAppInfo');
}

/** Sends the start requests; called once, before the first render. */
export function sendStartRequests(): void {
  for (const method of START_METHODS) prefetched.set(method, prefetchedAnswer(ask(method)));
}

/** The prefetched answer to `method` without taking it (null once taken, or before the start requests were sent). */
export function startAnswer<M extends StartMethod>(method: M): Promise<IpcResult<BridgeOutput<M>>> | null {
  return (prefetched.get(method)?.promise as Promise<IpcResult<BridgeOutput<M>>> | undefined) ?? null;
}

/** The prefetched answer to `method` the first time it is asked for, a new request after that. */
export function startRequest<M extends StartMethod>(method: M): Promise<IpcResult<BridgeOutput<M>>> {
  const sent = prefetched.get(method);
  prefetched.delete(method);
  return (sent?.promise ?? ask(method)) as Promise<IpcResult<BridgeOutput<M>>>;
}

/**
 * Takes the prefetched answer to `method` when it has already arrived, so a component can start with it instead of
 * drawing a loading state first; undefined when it has not arrived (or was taken), and the component asks as usual.
 */
export function takeArrivedStartAnswer<M extends StartMethod>(method: M): IpcResult<BridgeOutput<M>> | undefined {
  const result = prefetched.get(method)?.arrived() as IpcResult<BridgeOutput<M>> | undefined;
  if (result !== undefined) prefetched.delete(method);
  return result;
}

/** Resolves once every start request sent has been answered. */
export function startAnswersArrived(): Promise<void> {
  return Promise.all([...prefetched.values()].map((answer) => answer.promise)).then(() => undefined);
}
