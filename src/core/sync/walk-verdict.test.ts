import { describe, expect, it } from 'vitest';
import { digestReferences, judgeWalk, type WalkSummary } from './walk-verdict';

const refs = (...values: string[]): Set<string> => new Set(values);
const walk = (
  references: Set<string>,
  consistentTotal: number | null,
  totalChanged = false,
  extra = 0,
): WalkSummary => ({
  distinct: references.size + extra,
  consistentTotal,
  totalChanged,
  references,
});

describe('judging a walk against the service count', () => {
  it('T9: as many distinct sales as every page counted is verified; fewer means walk again', () => {
    expect(judgeWalk(walk(refs('a', 'b', 'c'), 3), null)).toBe('verified');
    expect(judgeWalk(walk(refs('a', 'b'), 3), null)).toBe('again');
    expect(judgeWalk(walk(refs('a', 'b', 'c'), 3, true), null)).toBe('again');
  });

  it('T9: two walks in a row with the same sales agree even when the count still differs; different sales do not', () => {
    expect(judgeWalk(walk(refs('a', 'b'), 3), digestReferences(refs('b', 'a')))).toBe('agreed');
    expect(judgeWalk(walk(refs('a', 'c'), 3), digestReferences(refs('a', 'b')))).toBe('again');
    expect(judgeWalk(walk(refs('a', 'b'), 3, true), digestReferences(refs('a', 'b')))).toBe('agreed');
    expect(judgeWalk(walk(refs('a', 'b'), 3), digestReferences(refs('a', 'b', 'c')))).toBe('again');
  });

  it('T9: no total, or a total below what arrived, cannot be checked against and does not cost a second walk', () => {
    expect(judgeWalk(walk(refs('a', 'b'), null), null)).toBe('unchecked');
    expect(judgeWalk(walk(refs('a', 'b', 'c'), 1), null)).toBe('unchecked');
    expect(judgeWalk(walk(refs('a'), 2, false, 1), null)).toBe('verified');
  });

  it('S13: a walk walked again is compared by a digest of its references, the same in any order and different for other sales', () => {
    const many = Array.from({ length: 1_000 }, (_, i) => `S-${i}`);
    expect(digestReferences(new Set(many))).toEqual(digestReferences(new Set([...many].reverse())));
    const seen = new Set<string>();
    for (let i = 0; i < many.length; i++) {
      const changed = new Set(many);
      changed.delete(many[i] as string);
      changed.add(`S-${i}-moved`);
      const { sumA, sumB } = digestReferences(changed);
      seen.add(`${sumA}/${sumB}`);
    }
    expect(seen.size).toBe(many.length);
    expect(seen.has(`${digestReferences(new Set(many)).sumA}/${digestReferences(new Set(many)).sumB}`)).toBe(false);
  });
});
