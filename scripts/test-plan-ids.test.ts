import { readFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { citedIds, commentIds, planIds, proofsById, sourceFiles, testFiles, withProofs } from './test-plan-lib';

function missingFromPlan(
  files: readonly string[],
  idsOf: (source: string, file: string, plan: ReadonlySet<string>) => string[],
): string[] {
  const plan = planIds(readFileSync('docs/test-plan.md', 'utf8'));
  return files.flatMap((file) =>
    [...new Set(idsOf(readFileSync(file, 'utf8'), file, plan))]
      .filter((id) => !plan.has(id))
      .map((id) => `${file}: ${id}`),
  );
}

describe('the test plan', () => {
  it('finds the ids a title cites and notices one the plan lacks', () => {
    const plan = planIds('| id | x |\n| --- | --- |\n| S1 | windows |\n| T9 | paging |\n');
    expect([...plan]).toEqual(['S1', 'T9']);
    const cited = citedIds(
      [
        "it('S1/T9: both', () => {});",
        "test('Z7: missing', () => {});",
        "it('T23:59:59 is a time, not an id', () => {});",
        "it.each([1, 2])('N6: row %s', () => {});",
        'test.describe(`E4, T8: ${name}`, () => {});',
        "expect(title).toBe('D9: not a test');",
      ].join('\n'),
    );
    expect(cited).toEqual(['S1', 'T9', 'Z7', 'N6', 'E4', 'T8']);
    expect(cited.filter((id) => !plan.has(id))).toEqual(['Z7', 'N6', 'E4', 'T8']);
  });

  it('has a row for every id a test title cites', () => {
    expect(missingFromPlan(testFiles, citedIds)).toEqual([]);
  });

  it('finds the ids comments cite, and none in strings, regular expressions, times or cell ranges', () => {
    const source = [
      '// Refused calls (S6) keep the process running; see also T3.',
      "const url = 'https://example.com/T7'; // the link, S1–S4",
      'const re = /\\/\\/ T5/;',
      '/* at T23:59:59, in cells A1:B2, on V8 */',
      'const el = <p>// T6</p>; {/* A2 */}',
    ].join('\n');
    expect(commentIds(source, 'cited.tsx', new Set(['S', 'T', 'A']))).toEqual(['S6', 'T3', 'S1', 'S4', 'A2']);
  });

  it('has a row for every id a comment in src/ cites', () => {
    const letters = (plan: ReadonlySet<string>): Set<string> => new Set([...plan].map((id) => id[0] as string));
    expect(missingFromPlan(sourceFiles, (source, file, plan) => commentIds(source, file, letters(plan)))).toEqual([]);
  });

  it('lists in its last column exactly the test files whose titles cite each id', async () => {
    const plan = readFileSync('docs/test-plan.md', 'utf8');
    const options = { ...(await resolveConfig('docs/test-plan.md')), filepath: 'docs/test-plan.md' };
    const expected = await format(withProofs(plan, proofsById()), options);
    // On a failure, run: npx tsx scripts/test-plan-proofs.ts
    expect(plan).toBe(expected);
  });
});
