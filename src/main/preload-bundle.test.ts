/**
 * The built preload (out/preload/index.cjs, what the window loads) evaluated as a sandboxed renderer runs it, with a
 * stand-in contextBridge and ipcRenderer (test-support/preload-stand-in.ts): the bridge's unit test checks the
 * function, this checks what the build made of it, channel table and bridge key written in.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_KEY, CHANNELS, IPC_CONTRACT } from '../shared/ipc-contract';
import { buildApp, type BuiltApp } from '../../test-support/built-app';
import { answerFor, runPreload, type PreloadRun } from '../../test-support/preload-stand-in';

let built: BuiltApp;
let run: PreloadRun;
let api: Record<string, unknown>;

beforeAll(() => {
  built = buildApp('preload-bundle-test');
  run = runPreload(join(built.root, 'out/preload/index.cjs'));
  api = run.exposed[0]?.api as Record<string, unknown>;
}, 180_000);

afterAll(() => built?.remove());

describe('the built preload', () => {
  it('P2: exposes one object, under the contract’s key, whose methods are exactly the contract’s', () => {
    expect(run.exposed.map((e) => e.key)).toEqual([BRIDGE_KEY]);
    expect(Object.keys(api).sort()).toEqual(Object.keys(IPC_CONTRACT).sort());
    for (const [method, value] of Object.entries(api)) expect(typeof value, method).toBe('function');
  });

  it('P2: the exposed object is frozen: no method can be replaced, added or removed', () => {
    expect(Object.isFrozen(api)).toBe(true);
    expect(Reflect.set(api, 'getSession', () => 'swapped')).toBe(false);
    expect(Reflect.set(api, 'invoke', () => 'added')).toBe(false);
    expect(Reflect.deleteProperty(api, 'getSession')).toBe(false);
    expect(Object.keys(api).sort()).toEqual(Object.keys(IPC_CONTRACT).sort());
  });

  it('P2: each method sends its one argument, unchanged, to its own channel with ipcRenderer.invoke and returns the answer', async () => {
    for (const [method, channel] of Object.entries(CHANNELS)) {
      const input = { probe: method };
      const call = api[method] as (...args: unknown[]) => Promise<unknown>;
      expect(await call(input, () => 'a callback', 'an extra argument'), method).toEqual(answerFor(channel));
      const sent = run.invokes.at(-1);
      expect(sent, method).toEqual({ channel, args: [input] });
      expect(sent?.args[0], method).toBe(input);
    }
    expect(run.invokes).toHaveLength(Object.keys(CHANNELS).length);
  });

  it('P2: it needs nothing but electron’s contextBridge and ipcRenderer.invoke, and leaves no global behind', () => {
    expect(run.otherModules).toEqual([]);
    expect(run.otherIpcMembers).toEqual([]);
    expect(run.addedGlobals).toEqual([]);
  });
});
