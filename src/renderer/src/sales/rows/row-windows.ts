/**
 * The virtual table holds rows in fixed windows of the result (rows 0-199, 200-399, …), fetched by offset and
 * limit as they scroll into view and kept in a small least-recently-used cache. The renderer therefore never holds
 * more than `capacity × windowSize` rows, however many sales match.
 */

/** Rows per fetched window (the query API allows up to 1000). */
export const WINDOW_SIZE = 200;

/** Windows kept; with 200 rows each, at most 2,400 rows live in the renderer. */
export const WINDOW_CAPACITY = 12;

/** The window indexes that cover rows `first`..`last` (inclusive) of a result of `total` rows. */
export function windowsCovering(
  first: number,
  last: number,
  total: number,
  windowSize: number = WINDOW_SIZE,
): number[] {
  if (total <= 0 || last < first) return [];
  const lo = Math.max(0, Math.min(first, total - 1));
  const hi = Math.max(0, Math.min(last, total - 1));
  const out: number[] = [];
  for (let w = Math.floor(lo / windowSize); w <= Math.floor(hi / windowSize); w++) out.push(w);
  return out;
}

/** A least-recently-used map of window index to value. */
export class WindowCache<T> {
  private readonly entries = new Map<number, T>();

  constructor(private readonly capacity: number = WINDOW_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
  }

  /** The window's value, marking it as just used. */
  get(index: number): T | undefined {
    const value = this.entries.get(index);
    if (value !== undefined) {
      this.entries.delete(index);
      this.entries.set(index, value);
    }
    return value;
  }

  /** The window's value without marking it used (for rendering). */
  peek(index: number): T | undefined {
    return this.entries.get(index);
  }

  /** Stores a window, evicting the least recently used ones beyond capacity — never one of `keep`. */
  set(index: number, value: T, keep: readonly number[] = []): void {
    this.entries.delete(index);
    this.entries.set(index, value);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      if (key !== index && !keep.includes(key)) this.entries.delete(key);
    }
  }

  /** Windows held, least recently used first. */
  keys(): number[] {
    return [...this.entries.keys()];
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
