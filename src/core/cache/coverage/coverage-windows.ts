/**
 * Pure arithmetic on coverage windows: non-overlapping day ranges, each with the time it was fetched. Kept apart from
 * SQL so the merge rules (newest fetch wins per day, equal neighbours coalesce) are tested on their own.
 */

/** Days `from`..`to` (inclusive day numbers) fetched completely at `fetchedAt` (ISO instant). */
export interface FetchedSpan {
  from: number;
  to: number;
  fetchedAt: string;
}

function later(a: string, b: string): string {
  return a > b ? a : b;
}

function coalesce(windows: FetchedSpan[]): FetchedSpan[] {
  const sorted = [...windows].sort((a, b) => a.from - b.from);
  const merged: FetchedSpan[] = [];
  for (const window of sorted) {
    const last = merged.at(-1);
    if (last && last.to + 1 === window.from && last.fetchedAt === window.fetchedAt) last.to = window.to;
    else merged.push({ ...window });
  }
  return merged;
}

/**
 * Adds `added` to `existing` (sorted, non-overlapping). Days only in old windows keep their time; days in both get
 * the later time; the rest of `added` gets its own. Neighbours with the same time are merged.
 */
export function mergeWindow(existing: readonly FetchedSpan[], added: FetchedSpan): FetchedSpan[] {
  const out: FetchedSpan[] = [];
  let cursor = added.from;
  for (const old of existing) {
    if (old.to < added.from || old.from > added.to) {
      out.push(old);
      continue;
    }
    if (old.from < added.from) out.push({ from: old.from, to: added.from - 1, fetchedAt: old.fetchedAt });
    const from = Math.max(old.from, added.from);
    const to = Math.min(old.to, added.to);
    if (cursor < from) out.push({ from: cursor, to: from - 1, fetchedAt: added.fetchedAt });
    out.push({ from, to, fetchedAt: later(old.fetchedAt, added.fetchedAt) });
    cursor = to + 1;
    if (old.to > added.to) out.push({ from: added.to + 1, to: old.to, fetchedAt: old.fetchedAt });
  }
  if (cursor <= added.to) out.push({ from: cursor, to: added.to, fetchedAt: added.fetchedAt });
  return coalesce(out);
}

/** How much of [from, to] the windows cover: the gaps, and the oldest fetch time among the windows that overlap it. */
export function coverageOf(windows: readonly FetchedSpan[], from: number, to: number): { gaps: [number, number][]; asOf: string | null } {
  const gaps: [number, number][] = [];
  let cursor = from;
  let asOf = null as string | null;
  for (const window of [...windows].sort((a, b) => a.from - b.from)) {
    if (window.to < from || window.from > to) continue;
    if (window.from > cursor) gaps.push([cursor, window.from - 1]);
    cursor = Math.max(cursor, window.to + 1);
    asOf = asOf === null || window.fetchedAt < asOf ? window.fetchedAt : asOf;
  }
  if (cursor <= to) gaps.push([cursor, to]);
  return { gaps, asOf };
}

/** `windows` without the days of `holes` (inclusive day-number ranges): a window with a hole inside is split around it. */
export function withoutDays(windows: readonly FetchedSpan[], holes: readonly [number, number][]): FetchedSpan[] {
  let out = [...windows];
  for (const [from, to] of holes) {
    out = out.flatMap((w) => {
      if (w.to < from || w.from > to) return [w];
      const parts: FetchedSpan[] = [];
      if (w.from < from) parts.push({ ...w, to: from - 1 });
      if (w.to > to) parts.push({ ...w, from: to + 1 });
      return parts;
    });
  }
  return out;
}
