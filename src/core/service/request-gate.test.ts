import { describe, expect, it } from 'vitest';
import { createVirtualClock } from './clock';
import { createRequestGate, type GateSlot } from './request-gate';

async function acquireMany(gate: ReturnType<typeof createRequestGate>, n: number): Promise<GateSlot[]> {
  return Promise.all(Array.from({ length: n }, () => gate.acquire()));
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('createRequestGate', () => {
  it('N2: never lets more than `limit` requests run at once', async () => {
    const gate = createRequestGate({ max: 3 });
    let running = 0;
    let peak = 0;
    const task = async (): Promise<void> => {
      running += 1;
      peak = Math.max(peak, running);
      await flush();
      running -= 1;
    };
    await Promise.all(Array.from({ length: 20 }, () => gate.run(task)));
    expect(peak).toBe(3);
  });

  it('N2: a burst of parallel 429s halves the limit once per round, then successes raise it back to max', async () => {
    const gate = createRequestGate({ max: 8, recoverAfter: 2 });
    const first = await acquireMany(gate, 8);
    for (const slot of first) slot.release('slow-down');
    expect(gate.snapshot()).toMatchObject({ limit: 4, lowest: 4, slowDowns: 1 });
    const second = await acquireMany(gate, 4);
    for (const slot of second) slot.release('slow-down');
    expect(gate.snapshot()).toMatchObject({ limit: 2, lowest: 2, slowDowns: 2 });
    for (let i = 0; i < 12; i++) (await gate.acquire()).release('ok');
    expect(gate.snapshot()).toMatchObject({ limit: 8, lowest: 2 });
  });

  it('N2: the limit never drops below min', async () => {
    const gate = createRequestGate({ max: 4, min: 2 });
    for (let i = 0; i < 5; i++) (await gate.acquire()).release('slow-down');
    expect(gate.snapshot().limit).toBe(2);
  });

  it('N2: a Retry-After pause holds every new request until the clock reaches it', async () => {
    const clock = createVirtualClock({ auto: false });
    const gate = createRequestGate({ max: 4, clock });
    (await gate.acquire()).release('slow-down', clock.now() + 5000);
    let started = false;
    const waiting = gate.acquire().then((slot) => {
      started = true;
      return slot;
    });
    await flush();
    expect(started).toBe(false);
    expect(gate.snapshot()).toMatchObject({ waiting: 1, pausedUntil: clock.now() + 5000 });
    clock.advance(4999);
    await flush();
    expect(started).toBe(false);
    clock.advance(1);
    (await waiting).release('ok');
    expect(started).toBe(true);
    expect(gate.snapshot().pausedUntil).toBeNull();
  });

  it('N4: a request waiting for a slot is abandoned when its signal aborts', async () => {
    const gate = createRequestGate({ max: 1 });
    const held = await gate.acquire();
    const controller = new AbortController();
    const waiting = gate.acquire(controller.signal);
    controller.abort(new Error('user cancelled'));
    await expect(waiting).rejects.toThrow('user cancelled');
    expect(gate.snapshot()).toMatchObject({ waiting: 0, active: 1 });
    held.release('ok');
    expect(gate.snapshot().active).toBe(0);
  });

  it('N2: releasing a slot twice counts once', async () => {
    const gate = createRequestGate({ max: 2 });
    const slot = await gate.acquire();
    slot.release('slow-down');
    slot.release('slow-down');
    expect(gate.snapshot()).toMatchObject({ active: 0, slowDowns: 1, limit: 1 });
  });
});
