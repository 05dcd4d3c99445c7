/**
 * The smallest and largest day in each block of 4,096 positions of a day column. Sales are stored as syncs fetch them,
 * a window of days at a time, so a block holds a few days: a day range skips the blocks wholly outside it and tests no
 * day in the blocks wholly inside it. Built on first use for a column array; every later write to the array widens its
 * block (a block may end up wider than its days, never narrower), so it stays true while sales change.
 */

/** Positions per block, as a shift: 4,096. */
export const BLOCK_SHIFT = 12;

/** Per block, the smallest and the largest day written there. */
export interface DayRanges {
  low: Int32Array;
  high: Int32Array;
}

const rangesOf = new WeakMap<Int32Array, DayRanges>();

/** The blocks of `days` (every position of the array, used or not). */
export function dayRanges(days: Int32Array): DayRanges {
  const held = rangesOf.get(days);
  if (held !== undefined) return held;
  const count = (days.length + (1 << BLOCK_SHIFT) - 1) >>> BLOCK_SHIFT;
  const blocks: DayRanges = { low: new Int32Array(count), high: new Int32Array(count) };
  for (let z = 0; z < count; z++) {
    const end = Math.min(days.length, (z + 1) << BLOCK_SHIFT);
    let low = 2_147_483_647;
    let high = -2_147_483_648;
    for (let p = z << BLOCK_SHIFT; p < end; p++) {
      const day = days[p] as number;
      low = day < low ? day : low;
      high = day > high ? day : high;
    }
    blocks.low[z] = low;
    blocks.high[z] = high;
  }
  rangesOf.set(days, blocks);
  return blocks;
}

/** Writes `day` at `pos` of `days`, widening its block when the blocks were built. */
export function writeDay(days: Int32Array, pos: number, day: number): void {
  days[pos] = day;
  const blocks = rangesOf.get(days);
  if (blocks === undefined) return;
  const z = pos >>> BLOCK_SHIFT;
  if (day < (blocks.low[z] as number)) blocks.low[z] = day;
  if (day > (blocks.high[z] as number)) blocks.high[z] = day;
}
