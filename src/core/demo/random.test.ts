import { describe, it, expect } from 'vitest';
import { createRandom, hashSeed } from './random';

describe('createRandom', () => {
  it('gives the same stream for the same seed and a different one for another seed', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const first = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(first);
  });

  it('keeps next() in [0, 1) and int() within both inclusive bounds, reaching each', () => {
    const random = createRandom(1);
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const x = random.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = random.int(3, 7);
      expect(Number.isInteger(n) && n >= 3 && n <= 7).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('picks every element eventually and refuses an empty list', () => {
    const random = createRandom(5);
    const picked = new Set(Array.from({ length: 500 }, () => random.pick(['a', 'b', 'c'])));
    expect(picked).toEqual(new Set(['a', 'b', 'c']));
    expect(() => random.pick([])).toThrow(RangeError);
  });

  it('chance() follows its probability roughly and honours 0 and 1', () => {
    const random = createRandom(9);
    const hits = Array.from({ length: 10_000 }, () => random.chance(0.3)).filter(Boolean).length;
    expect(hits).toBeGreaterThan(2_700);
    expect(hits).toBeLessThan(3_300);
    expect(Array.from({ length: 100 }, () => random.chance(0)).some(Boolean)).toBe(false);
    expect(Array.from({ length: 100 }, () => random.chance(1)).every(Boolean)).toBe(true);
  });
});

describe('hashSeed', () => {
  it('is a stable unsigned 32-bit value that separates neighbouring seeds', () => {
    expect(hashSeed(1)).toBe(hashSeed(1));
    expect(hashSeed(1)).not.toBe(hashSeed(2));
    expect(hashSeed(-5)).toBeGreaterThanOrEqual(0);
    expect(hashSeed(-5)).toBeLessThan(2 ** 32);
  });
});
