import { afterEach, describe, expect, it } from 'vitest';
import { sendStartRequests, startAnswersArrived, startRequest, takeArrivedStartAnswer } from './start-requests';

/** A bridge that answers each start request with how many times that method was asked for so far. */
function countingBridge(): Map<string, number> {
  const asked = new Map<string, number>();
  const answer = (method: string) => async () => {
    asked.set(method, (asked.get(method) ?? 0) + 1);
    return { ok: true, value: { method, ask: asked.get(method) } };
  };
  Object.defineProperty(globalThis, 'commissionDesk', {
    value: {
      getSession: answer('getSession'),
      getPreferences: answer('getPreferences'),
      getAppInfo: answer('getAppInfo'),
    },
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

  it('hands an answer that has arrived to the first screen once, so it is drawn with it and not asked for again', async () => {
    const asked = countingBridge();
    sendStartRequests();
    // Not arrived yet: the screen draws its loading state and asks as usual.
    expect(takeArrivedStartAnswer('getPreferences')).toBeUndefined();
    await startAnswersArrived();
    expect(takeArrivedStartAnswer('getPreferences')).toEqual({ ok: true, value: { method: 'getPreferences', ask: 1 } });
    expect(takeArrivedStartAnswer('getPreferences')).toBeUndefined();
    // Taken: a later load (a Retry) asks again instead of reusing it.
    expect(await startRequest('getPreferences')).toEqual({ ok: true, value: { method: 'getPreferences', ask: 2 } });
    expect(asked.get('getSession')).toBe(1);
  });

  it('an early answer taken as a promise is not handed out again once it arrives', async () => {
    countingBridge();
    sendStartRequests();
    const pending = startRequest('getSession');
    await startAnswersArrived();
    expect(await pending).toEqual({ ok: true, value: { method: 'getSession', ask: 1 } });
    expect(takeArrivedStartAnswer('getSession')).toBeUndefined();
  });
});
