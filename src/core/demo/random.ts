/**
 * A tiny seeded pseudo-random generator for the simulated service. Math.random cannot be seeded, and the
 * demo data, the fake server's fixtures and the benchmarks must be the same on every run and every machine.
 */

/** The helpers the dataset generator draws from; all derived from one deterministic stream. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `probability` (0..1). */
  chance(probability: number): boolean;
}

/**
 * Mixes a seed into 32 bits so that close seeds (1, 2, 3…) still start far apart.
 * Exported because the dataset derives stable tags (reference suffixes, ids) from the seed too.
 */
export function hashSeed(seed: number): number {
  let h = Math.trunc(seed) ^ 0x9e3779b9;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Creates a mulberry32 generator: fast enough to draw tens of millions of numbers per second,
 * which keeps a 1,000,000-sale dataset within a few seconds.
 */
export function createRandom(seed: number): Random {
  let state = hashSeed(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('Cannot pick from an empty list.');
    return items[Math.floor(next() * items.length)] as T;
  };
  const chance = (probability: number): boolean => next() < probability;
  return { next, int, pick, chance };
}
