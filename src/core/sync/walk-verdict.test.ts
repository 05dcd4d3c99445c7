import { describe, expect, it } from 'vitest';
import { judgeWalk, type WalkSummary } from './walk-verdict';

const refs = (...values: string[]): Set<string> => new Set(values);
const walk = (references: Set<string>, consistentTotal: number | null, totalChanged = false, extra = 0): WalkSummary => ({
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
    expect(judgeWalk(walk(refs('a', 'b'), 3), refs('b', 'a'))).toBe('agreed');
    expect(judgeWalk(walk(refs('a', 'c'), 3), refs('a', 'b'))).toBe('again');
    expect(judgeWalk(walk(refs('a', 'b'), 3, true), refs('a', 'b'))).toBe('agreed');
  });

  it('T9: no total, or a total below what arrived, cannot be checked against and does not cost a second walk', () => {
    expect(judgeWalk(walk(refs('a', 'b'), null), null)).toBe('unchecked');
    expect(judgeWalk(walk(refs('a', 'b', 'c'), 1), null)).toBe('unchecked');
    expect(judgeWalk(walk(refs('a'), 2, false, 1), null)).toBe('verified');
  });
});
