import { describe, expect, it, vi } from 'vitest';
import { createPaintSignal } from './first-paint';

describe('first paint signal', () => {
  it('turns only after the next frame has been drawn, once, and tells its listeners', async () => {
    vi.useFakeTimers();
    try {
      const signal = createPaintSignal();
      const frames: (() => void)[] = [];
      const frame = (callback: () => void) => void frames.push(callback);
      const heard = vi.fn();
      signal.subscribe(heard);

      signal.note(frame);
      signal.note(frame);
      expect(frames).toHaveLength(1);
      await vi.runAllTimersAsync();
      expect(signal.painted()).toBe(false);

      // The frame's callbacks run before it is drawn: still not painted.
      frames[0]?.();
      expect(signal.painted()).toBe(false);
      await vi.runAllTimersAsync();
      expect(signal.painted()).toBe(true);
      expect(heard).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops telling a listener that unsubscribed', async () => {
    vi.useFakeTimers();
    try {
      const signal = createPaintSignal();
      const heard = vi.fn();
      const unsubscribe = signal.subscribe(heard);
      unsubscribe();
      signal.note((callback) => callback());
      await vi.runAllTimersAsync();
      expect(signal.painted()).toBe(true);
      expect(heard).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
