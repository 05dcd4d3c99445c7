import { afterEach, describe, expect, it } from 'vitest';
import { sendStartRequests, startRequest } from './start-requests';

/** A bridge that answers each start request with how many times that method was asked for so far. */
function countingBridge(): Map<string, number> {
  const asked = new Map<string, number>();
  const answer = (method: string) => async () => {
    asked.set(method, (asked.get(method) ?? 0) + 1);
    return { ok: true, value: { method, ask: asked.get(method) } };
  };
  Object.defineProperty(globalThis, 'commissionDesk', {
    value: { getSession: answer('getSession'), getPreferences: answer('getPreferences'), getAppInfo: answer('getAppInfo') },
    configurable: true,
  });
  return asked;
}

afterEach(() => {
  delete (globalThis as { commissionDesk?: unknown }).commissionDesk;
});

describe('the requests sent as the window starts', () => {
  it('are sent before anything asks, answered once from that early request, and asked again by a retry', async () => {
    const asked = countingBridge();
    sendStartRequests();
    expect([...asked.keys()].sort()).toEqual(['getAppInfo', 'getPreferences', 'getSession']);

    expect(await startRequest('getSession')).toEqual({ ok: true, value: { method: 'getSession', ask: 1 } });
    expect(asked.get('getSession')).toBe(1);
    // A retry (or any later load) is a new request, not the old answer again.
    expect(await startRequest('getSession')).toEqual({ ok: true, value: { method: 'getSession', ask: 2 } });
    expect(await startRequest('getPreferences')).toEqual({ ok: true, value: { method: 'getPreferences', ask: 1 } });
    expect(asked.get('getPreferences')).toBe(1);
    expect(await startRequest('getAppInfo')).toEqual({ ok: true, value: { method: 'getAppInfo', ask: 1 } });
  });

  it('without an early request, asks when first wanted', async () => {
    const asked = countingBridge();
    expect(await startRequest('getAppInfo')).toEqual({ ok: true, value: { method: 'getAppInfo', ask: 1 } });
    expect(asked.get('getAppInfo')).toBe(1);
  });
});
