/**
 * Whether one walk of a report can be trusted (T9). The service's `total` is never the only source of truth,
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

/**
 * What is kept of a walk to compare the next one with: the size of its set of references and two independent 32-bit
 * sums of their hashes, the same in any order. Keeping this instead of the set itself means a report walked again holds
 * one set at a time (S13); two different sets of one size give the same digest about once in 2^64.
 */
export interface ReferenceDigest {
  size: number;
  sumA: number;
  sumB: number;
}

/** Two 32-bit FNV-1a hashes of `text` from different starting values. */
function hashes(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
  }
  return [a >>> 0, b >>> 0];
}

/** The digest of `references` (see {@link ReferenceDigest}). */
export function digestReferences(references: ReadonlySet<string>): ReferenceDigest {
  let sumA = 0;
  let sumB = 0;
  for (const reference of references) {
    const [a, b] = hashes(reference);
    sumA = (sumA + a) >>> 0;
    sumB = (sumB + b) >>> 0;
  }
  return { size: references.size, sumA, sumB };
}

function sameDigest(a: ReferenceDigest, b: ReferenceDigest): boolean {
  return a.size === b.size && a.sumA === b.sumA && a.sumB === b.sumB;
}

/** Judges `walk`, given the digest of the references of the walk before it (null for the first). */
export function judgeWalk(walk: WalkSummary, previous: ReferenceDigest | null): WalkVerdict {
  if (!walk.totalChanged && walk.consistentTotal !== null && walk.distinct === walk.consistentTotal) return 'verified';
  const doubtful = walk.totalChanged || (walk.consistentTotal !== null && walk.distinct < walk.consistentTotal);
  if (!doubtful) return 'unchecked';
  return previous !== null && sameDigest(previous, digestReferences(walk.references)) ? 'agreed' : 'again';
}
