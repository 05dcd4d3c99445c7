import { describe, expect, it } from 'vitest';
import { WindowCache, windowsCovering } from './row-windows';

describe('windowsCovering', () => {
  it('lists the windows a visible span touches, clamped to the result', () => {
    expect(windowsCovering(0, 30, 1000, 200)).toEqual([0]);
    expect(windowsCovering(190, 210, 1000, 200)).toEqual([0, 1]);
    expect(windowsCovering(950, 1200, 1000, 200)).toEqual([4]);
    expect(windowsCovering(99_990, 100_020, 100_000, 200)).toEqual([499]);
    expect(windowsCovering(0, 10, 0, 200)).toEqual([]);
    expect(windowsCovering(5, 4, 100, 200)).toEqual([]);
  });
});

describe('WindowCache', () => {
  it('evicts the least recently used window beyond capacity', () => {
    const cache = new WindowCache<string>(2);
    cache.set(0, 'a');
    cache.set(1, 'b');
    cache.get(0);
    cache.set(2, 'c');
    expect(cache.keys()).toEqual([0, 2]);
    expect(cache.peek(1)).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('never evicts the windows on screen', () => {
    const cache = new WindowCache<string>(2);
    cache.set(0, 'a');
    cache.set(1, 'b');
    cache.set(2, 'c', [0, 1]);
    expect(cache.keys()).toEqual([0, 1, 2]);
    cache.set(3, 'd', [3]);
    expect(cache.keys()).toEqual([2, 3]);
  });

  it('peek does not refresh, get does', () => {
    const cache = new WindowCache<string>(2);
    cache.set(0, 'a');
    cache.set(1, 'b');
    cache.peek(0);
    cache.set(2, 'c');
    expect(cache.keys()).toEqual([1, 2]);
    expect(() => new WindowCache(0)).toThrow(RangeError);
  });
});
