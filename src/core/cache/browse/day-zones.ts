/**
 * The smallest and largest day in each zone of 4,096 positions of a day column. Sales are stored as syncs fetch them,
 * a window of days at a time, so a zone holds a few days: a day range skips the zones wholly outside it and tests no
 * day in the zones wholly inside it. Built on first use for a column array; every later write to the array widens its
 * zone (a zone may end up wider than its days, never narrower), so it stays true while sales change.
 */

/** Positions per zone, as a shift: 4,096. */
export const ZONE_SHIFT = 12;

/** Per zone, the smallest and the largest day written there. */
export interface DayZones {
  low: Int32Array;
  high: Int32Array;
}

const zonesOf = new WeakMap<Int32Array, DayZones>();

/** The zones of `days` (every position of the array, used or not). */
export function dayZones(days: Int32Array): DayZones {
  const held = zonesOf.get(days);
  if (held !== undefined) return held;
  const count = (days.length + (1 << ZONE_SHIFT) - 1) >>> ZONE_SHIFT;
  const zones: DayZones = { low: new Int32Array(count), high: new Int32Array(count) };
  for (let z = 0; z < count; z++) {
    const end = Math.min(days.length, (z + 1) << ZONE_SHIFT);
    let low = 2_147_483_647;
    let high = -2_147_483_648;
    for (let p = z << ZONE_SHIFT; p < end; p++) {
      const day = days[p] as number;
      low = day < low ? day : low;
      high = day > high ? day : high;
    }
    zones.low[z] = low;
    zones.high[z] = high;
  }
  zonesOf.set(days, zones);
  return zones;
}

/** Writes `day` at `pos` of `days`, widening its zone when the zones were built. */
export function writeDay(days: Int32Array, pos: number, day: number): void {
  days[pos] = day;
  const zones = zonesOf.get(days);
  if (zones === undefined) return;
  const z = pos >>> ZONE_SHIFT;
  if (day < (zones.low[z] as number)) zones.low[z] = day;
  if (day > (zones.high[z] as number)) zones.high[z] = day;
}
