/**
 * Runs a built preload (one CommonJS file) the way a sandboxed Electron renderer does, in a `node:vm` context of its
 * own, with a stand-in `require` that knows only `electron`, and a stand-in `contextBridge` and `ipcRenderer` typed
 * against Electron's declarations. It records what the preload exposed, every `ipcRenderer.invoke`, any other
 * `ipcRenderer` member it touched, and any other module it asked for.
 */
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import type { ContextBridge, IpcRenderer } from 'electron';

/** One `ipcRenderer.invoke` call, with every argument it received. */
export interface InvokeCall {
  channel: string;
  args: unknown[];
}

/** What the preload did. */
export interface PreloadRun {
  /** Each `contextBridge.exposeInMainWorld(key, api)`. */
  exposed: { key: string; api: unknown }[];
  invokes: InvokeCall[];
  /** Names of `ipcRenderer` members other than `invoke` that the preload read. */
  otherIpcMembers: string[];
  /** Modules other than `electron` the preload required (a sandboxed preload cannot load them). */
  otherModules: string[];
  /** Globals the preload added to its context. */
  addedGlobals: string[];
}

/** What each invoke resolves to: a stand-in answer naming the channel, so a test can see the answer come back. */
export function answerFor(channel: string): { ok: true; value: { channel: string } } {
  return { ok: true, value: { channel } };
}

/** Evaluates the preload at `path` and returns the record of what it did. */
export function runPreload(path: string): PreloadRun {
  const run: PreloadRun = { exposed: [], invokes: [], otherIpcMembers: [], otherModules: [], addedGlobals: [] };
  const contextBridge: Pick<ContextBridge, 'exposeInMainWorld'> = {
    exposeInMainWorld: (key, api) => {
      run.exposed.push({ key, api });
    },
  };
  const invoke: IpcRenderer['invoke'] = async (channel, ...args) => {
    run.invokes.push({ channel, args });
    return answerFor(channel);
  };
  const ipcRenderer = new Proxy({ invoke } as Pick<IpcRenderer, 'invoke'>, {
    get(target, name) {
      if (name === 'invoke') return target.invoke;
      run.otherIpcMembers.push(String(name));
      return undefined;
    },
  });
  const require = (name: string): unknown => {
    if (name === 'electron') return { contextBridge, ipcRenderer };
    run.otherModules.push(name);
    throw new Error(`module not found: ${name}`);
  };
  const context = createContext({});
  const before = new Set(Object.getOwnPropertyNames(context));
  const module = { exports: {} };
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readFileSync(path, 'utf8')}\n})`;
  const factory = runInContext(wrapped, context, { filename: path }) as (...args: unknown[]) => void;
  factory(module.exports, require, module, path, '.');
  run.addedGlobals = Object.getOwnPropertyNames(context).filter((name) => !before.has(name));
  return run;
}
