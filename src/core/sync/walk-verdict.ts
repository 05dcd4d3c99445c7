/**
 * Whether one walk of a report can be trusted (TESTPLAN T9). The service's `total` is never the only source of truth,
 * but when every page reported the same one it is a cross-check: fewer distinct sales than it counts means a sale
 * moved, appeared or vanished while the pages were walked (so another was skipped), and the report is walked again
 * until the walk matches the count or two walks in a row return the same sales.
 */

/** What a walk returned, for judging it. */
export interface WalkSummary {
  /** Distinct references received (plus unreadable records without one). */
  distinct: number;
  /** The `total` every page reported, or null. */
  consistentTotal: number | null;
  /** Pages reported different totals. */
  totalChanged: boolean;
  references: ReadonlySet<string>;
}

/**
 * `verified`: as many sales as the service counts. `unchecked`: nothing to check against (no total, or a total below
 * what arrived, which only says the count is not of these rows). `agreed`: the count disagrees, but the same sales came
 * twice in a row. `again`: walk again.
 */
export type WalkVerdict = 'verified' | 'unchecked' | 'agreed' | 'again';

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const value of a) if (!b.has(value)) return false;
  return true;
}

/** Judges `walk`, given the references of the walk before it (null for the first). */
export function judgeWalk(walk: WalkSummary, previous: ReadonlySet<string> | null): WalkVerdict {
  if (!walk.totalChanged && walk.consistentTotal !== null && walk.distinct === walk.consistentTotal) return 'verified';
  const doubtful = walk.totalChanged || (walk.consistentTotal !== null && walk.distinct < walk.consistentTotal);
  if (!doubtful) return 'unchecked';
  return previous !== null && sameSet(previous, walk.references) ? 'agreed' : 'again';
}
