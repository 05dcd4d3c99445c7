import { describe, expect, it } from 'vitest';
import { CHANNELS, IPC_CONTRACT } from '../shared/ipc-contract';
import { buildBridge } from './bridge';

function recordingBridge() {
  const calls: unknown[][] = [];
  const bridge = buildBridge(async (...args: unknown[]) => {
    calls.push(args);
    return { ok: true, value: 'answer' };
  }, CHANNELS);
  return { bridge, calls };
}

describe('the preload bridge', () => {
  it('S2: its keys are exactly the contract’s allowlist, and nothing generic (invoke, send, on) exists', () => {
    const { bridge } = recordingBridge();
    expect(Object.keys(bridge).sort()).toEqual(Object.keys(CHANNELS).sort());
    expect(Object.keys(bridge).sort()).toEqual(Object.keys(IPC_CONTRACT).sort());
    for (const generic of ['invoke', 'send', 'sendSync', 'on', 'once', 'ipcRenderer', 'removeListener'])
      expect(generic in bridge).toBe(false);
  });

  it('S2: each method sends its one argument to its own channel only; extra arguments and callbacks never cross', async () => {
    const { bridge, calls } = recordingBridge();
    for (const [method, channel] of Object.entries(CHANNELS)) {
      const call = bridge[method as keyof typeof CHANNELS] as (...args: unknown[]) => Promise<unknown>;
      expect(await call({ n: 1 }, () => 'callback', 'extra')).toEqual({ ok: true, value: 'answer' });
      expect(calls.at(-1)).toEqual([channel, { n: 1 }]);
    }
  });

  it('S2: the bridge is frozen, so the page cannot replace a method', () => {
    const { bridge } = recordingBridge();
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(() => {
      (bridge as unknown as Record<string, unknown>).getSession = () => 'swapped';
    }).toThrow(TypeError);
  });
});
