import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Ids defined by docs/test-plan.md: the first cell of each table row. */
export function planIds(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\|\s*([A-Z]\d+)\s*\|/gm)].map((m) => m[1] as string));
}

/** Ids a test title starts with: `T1: …`, or a list such as `S1/S4: …`. */
export function citedIds(source: string): string[] {
  const ids: string[] = [];
  for (const m of source.matchAll(/\b(?:it|test|describe)(?:\.describe)?\(\s*['"`]((?:[A-Z]\d+\/)*[A-Z]\d+): /g)) ids.push(...(m[1] as string).split('/'));
  return ids;
}

const testFiles = execFileSync('git', ['ls-files', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/*.spec.ts', 'scripts/*.test.ts'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

describe('the test plan', () => {
  it('finds the ids a title cites and notices one the plan lacks', () => {
    const plan = planIds('| id | x |\n| --- | --- |\n| S1 | windows |\n| T9 | paging |\n');
    expect([...plan]).toEqual(['S1', 'T9']);
    const cited = citedIds("it('S1/T9: both', () => {});\ntest('Z7: missing', () => {});\nit('T23:59:59 is a time, not an id', () => {});");
    expect(cited).toEqual(['S1', 'T9', 'Z7']);
    expect(cited.filter((id) => !plan.has(id))).toEqual(['Z7']);
  });

  it('has a row for every id a test title cites', () => {
    const plan = planIds(readFileSync('docs/test-plan.md', 'utf8'));
    const missing = testFiles.flatMap((file) =>
      citedIds(readFileSync(file, 'utf8'))
        .filter((id) => !plan.has(id))
        .map((id) => `${file}: ${id}`),
    );
    expect(missing).toEqual([]);
  });
});
